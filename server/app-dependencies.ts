// What createApp() needs, and the settings every router shares once defaults are applied.
import type { SecretRedactor } from "../src/common/index";
import type { Pipeline } from "../src/index";
import type { QueuedRunsReader } from "../src/queue/index";
import type { ConcurrencyLimit } from "./concurrency-limit";
import type { FailedAttemptsOptions } from "./failed-attempts";
import type { Logger } from "./logger";
import type { InstallationSecretStore } from "./output-link/installation-secret";

/** The part of the library's Pipeline the server calls: a test can pass a stub with these methods. */
export type ServerPipeline = Pick<
  Pipeline,
  | "updateApiKey"
  | "apiKeyStatus"
  | "secretValues"
  | "validateApiKey"
  | "updateProvider"
  | "modelSelection"
  | "validateDateRange"
  | "saveCustomAsset"
  | "removeCustomAsset"
  | "listCustomAssets"
  | "listAssets"
  | "analyze"
  | "journal"
  | "config"
  | "plugins"
  | "fetchCandles"
  | "model"
  | "configure"
>;

export interface AppDependencies {
  pipeline: ServerPipeline;
  /** Progress of runs queued for workers (GET /api/runs); without it the list is empty. */
  queuedRuns?: QueuedRunsReader;
  /** Default: JSON lines on standard output at level info, secrets removed by value. */
  logger?: Logger;
  /** When set, every request but the page's own files needs it (Authorization: Bearer <token>); any Host is accepted. */
  accessToken?: string;
  /** Host names accepted without an access token besides localhost, 127.0.0.1 and [::1]. */
  allowedHosts?: readonly string[];
  /** The page's folder; default server/public under the project root. */
  publicDir?: string;
  /** Plotly's browser bundle; default plotly.js-dist-min from node_modules. */
  plotlyPath?: string;
  /** Body limit of every POST but /api/analyze; default 64 KB. */
  maxBodyBytes?: number;
  /** Body limit of /api/analyze, which may carry a CSV file; default 10 MB. */
  maxAnalyzeBodyBytes?: number;
  /** Analyses running at once; past it, 429 before any model call. Default 4. */
  maxConcurrentAnalyses?: number;
  /** Event streams open at once; past it, 429. Default 16. */
  maxEventStreams?: number;
  /** How failed access-token attempts are slowed per client address. */
  failedTokenAttempts?: FailedAttemptsOptions;
  /** Interval of keep-alive comments in event streams; default 15 s. */
  heartbeatMs?: number;
  /** True when the server is served over TLS (adds Strict-Transport-Security). */
  tls?: boolean;
  /**
   * Behind a reverse proxy (TRUST_PROXY=1): the client's address is the last one of X-Forwarded-For, and the host and
   * protocol are X-Forwarded-Host and -Proto. Default false: those headers are ignored.
   */
  trustProxy?: boolean;
  /** The clock, for the legacy form's use_current_time. */
  now?: () => Date;
  /**
   * Aborts when the server starts shutting down: open analyses then end with a "server is shutting down" answer and
   * new ones are refused. Default: never.
   */
  shutdown?: AbortSignal;
  /**
   * Where the secret that signs /output links is kept; default one made for this process only (links then stay
   * signed until it stops). The server's entry keeps it in DATA_DIR.
   */
  outputLinkSecret?: InstallationSecretStore;
  /**
   * Whether POST /api/update-base-url may change where a provider's requests go; refused with 403 when false. Default
   * true; the server's entry turns it off beyond loopback unless ALLOW_RUNTIME_BASE_URL=1.
   */
  allowRuntimeBaseUrl?: boolean;
}

export interface RouteSettings {
  pipeline: ServerPipeline;
  queuedRuns: QueuedRunsReader | undefined;
  logger: Logger;
  /** Removes every key in use and the access token from answers, events and log lines. */
  redactor: SecretRedactor;
  maxBodyBytes: number;
  maxAnalyzeBodyBytes: number;
  analyses: ConcurrencyLimit;
  eventStreams: ConcurrencyLimit;
  heartbeatMs: number;
  now: () => Date;
  shutdown: AbortSignal;
  outputLinkSecret: InstallationSecretStore;
  allowRuntimeBaseUrl: boolean;
}
