// What createApp() needs, and the settings every router shares once defaults are applied.
import type { Pipeline } from "../src/index";
import type { Logger } from "./logger";

/** The part of the library's Pipeline the server calls: a test can pass a stub with these methods. */
export type ServerPipeline = Pick<
  Pipeline,
  | "updateApiKey"
  | "apiKeyStatus"
  | "validateApiKey"
  | "updateProvider"
  | "modelSelection"
  | "validateDateRange"
  | "timeframeLimits"
  | "saveCustomAsset"
  | "removeCustomAsset"
  | "listCustomAssets"
  | "listAssets"
  | "analyze"
>;

export interface AppDependencies {
  pipeline: ServerPipeline;
  /** Default: a console logger that redacts key-like text (and the access token). */
  logger?: Logger;
  /** When set, every /api call needs it (Authorization: Bearer <token>) and any Host is accepted. */
  accessToken?: string;
  /** Host names accepted without an access token besides localhost, 127.0.0.1 and [::1]. */
  allowedHosts?: readonly string[];
  /** The page's folder; default server/public under the project root. */
  publicDir?: string;
  /** Plotly's browser bundle; default plotly.js-dist-min from node_modules. */
  plotlyPath?: string;
  /** Body limit of every POST but /api/analyze; default 64 KB. */
  maxBodyBytes?: number;
  /** Body limit of /api/analyze, which may carry a CSV file; default 5 MB. */
  maxAnalyzeBodyBytes?: number;
  /** Interval of keep-alive comments in event streams; default 15 s. */
  heartbeatMs?: number;
  /** The clock, for the legacy form's use_current_time. */
  now?: () => Date;
}

export interface RouteSettings {
  pipeline: ServerPipeline;
  logger: Logger;
  maxBodyBytes: number;
  maxAnalyzeBodyBytes: number;
  heartbeatMs: number;
  now: () => Date;
}
