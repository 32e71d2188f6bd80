// What `quantagent doctor` and the page's Check button (POST /api/check-models) run: everything the configuration
// needs, each checked with the smallest request that shows it works, in one report. Node's version, the data folder
// (writable), Chromium (started, Plotly loaded), Yahoo Finance (one short chart request, unless the configuration
// needs no market data), then each model role's capabilities (check-models.ts). One module for both, so the CLI and
// the server cannot drift apart: each only says where Chromium and the market data come from.
import { access, constants, mkdir } from "node:fs/promises";

import { describeError } from "../common/describe-error";
import type { Env } from "../config/api-keys";
import type { Config } from "../config/config-schema";
import { checkYahooReachable, type YahooReachabilityOptions } from "../market/yahoo-reachability";
import { checkModels, type CheckModelsOptions, type CheckReport, type CheckRow, localCheckRow } from "./check-models";

/**
 * Where analyses take their bars: "yahoo" (a symbol or an asset is fetched) or "local" (CSV files and the shipped
 * Sample data only, so Yahoo is not needed and not asked).
 */
export type MarketDataSource = "yahoo" | "local";

export interface CheckSetupOptions {
  config: Config;
  /** Keys and base URLs; default none beyond the config's own. */
  env?: Env;
  /** Launches Chromium and loads Plotly as the first chart would (a renderer's start()). */
  startChromium: (signal: AbortSignal | undefined) => Promise<void>;
  /**
   * Default: "local" when every role is on the demo provider (it promises to need no network), else "yahoo".
   */
  marketData?: MarketDataSource;
  /** The fetch market data goes through (as an analysis's): default the global fetch. */
  marketFetch?: typeof globalThis.fetch;
  /** How the Yahoo check's bars are fetched, when the owner has a source of its own (a server's pipeline). */
  marketBars?: YahooReachabilityOptions["fetchBars"];
  /** The fetch model calls go through: default the SDKs' own. */
  modelFetch?: typeof globalThis.fetch;
  /** The model of a role as its owner builds it (check-models.ts); default one built from the config. */
  modelFor?: CheckModelsOptions["modelFor"];
  signal?: AbortSignal;
  now?: () => Date;
}

export async function checkSetup(options: CheckSetupOptions): Promise<CheckReport> {
  // The slow checks (Chromium's start and Plotly's load, the network's answers) run at the same time; the report
  // keeps its order.
  const [dataDir, chromium, yahoo, models] = await Promise.all([
    dataDirRow(options.config.data_dir),
    localCheckRow("chromium", async () => {
      await options.startChromium(options.signal);
      return undefined;
    }),
    yahooRow(options),
    checkModels({
      config: options.config,
      env: options.env,
      fetch: options.modelFetch,
      ...(options.modelFor ? { modelFor: options.modelFor } : {}),
      signal: options.signal,
    }),
  ]);
  const rows: CheckRow[] = [nodeRow(), dataDir, chromium, yahoo, ...models];
  return { healthy: rows.every((row) => row.status === "ok" || row.status === "skipped"), rows };
}

/** Why Yahoo is not asked under this configuration, or undefined when it is needed. */
export function yahooNotNeeded(config: Config, marketData: MarketDataSource | undefined): string | undefined {
  if (marketData === "yahoo") return undefined;
  if (marketData === "local") return "not needed: analyses take their bars from CSV files and Sample data only";
  const demo = config.agent_llm_provider === "demo" && config.graph_llm_provider === "demo";
  return demo
    ? "not checked: the demo provider needs no network (analyse Sample data or a CSV file); a real provider, or asking for Yahoo, checks it"
    : undefined;
}

async function yahooRow(options: CheckSetupOptions): Promise<CheckRow> {
  const skipped = yahooNotNeeded(options.config, options.marketData);
  if (skipped !== undefined) return { check: "yahoo", status: "skipped", latencyMs: 0, tokens: 0, detail: skipped };
  const started = performance.now();
  const reached = await checkYahooReachable({
    fetch: options.marketFetch,
    ...(options.marketBars ? { fetchBars: options.marketBars } : {}),
    signal: options.signal,
    now: options.now?.(),
  });
  return {
    check: "yahoo",
    status: reached.ok ? "ok" : "unreachable",
    latencyMs: performance.now() - started,
    tokens: 0,
    detail: reached.detail,
  };
}

function nodeRow(): CheckRow {
  const major = Number(process.versions.node.split(".")[0]);
  return major >= 20
    ? { check: "node", status: "ok", latencyMs: 0, tokens: 0, detail: `Node ${process.versions.node}` }
    : {
        check: "node",
        status: "missing",
        latencyMs: 0,
        tokens: 0,
        detail: `Node ${process.versions.node}: 20 or later is needed`,
      };
}

async function dataDirRow(dir: string): Promise<CheckRow> {
  return localCheckRow("data_dir", async () => {
    try {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.W_OK);
      return dir;
    } catch (error) {
      throw new Error(`${dir} is not writable: ${describeError(error)}`, { cause: error });
    }
  });
}
