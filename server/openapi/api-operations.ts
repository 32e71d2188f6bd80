// Every route of the HTTP API as documentation data: what it is for, what it reads, and what it answers, each shape
// given by the zod schema the route itself uses (request schemas validate the requests; response schemas type the
// answers). openapi-document.ts turns this table into the OpenAPI document; a test checks that every route the app
// serves is here and that real answers match what is written here. A new route gets a row here, or that test fails.
import { z } from "zod";

import { symbolSchema, timeframeSchema } from "../../src/market/index";
// Each form of the library's analyzeRequestSchema, which the package entries do not export one by one: read from its
// module, so the document shows the forms the library checks.
import { analyzeForms } from "../../src/pipeline/analyze-request";
import {
  accuracyOverTimeAnswerSchema,
  analysesPageAnswerSchema,
  assetsAnswerSchema,
  checkSetupAnswerSchema,
  customAssetsAnswerSchema,
  deleteAnalysisAnswerSchema,
  getProviderAnswerSchema,
  journalStatsAnswerSchema,
  pageConfigSchema,
  plotlyFigureSchema,
  removeCustomAssetAnswerSchema,
  removeWatchEntryAnswerSchema,
  runAnswerSchema,
  runFigureIdSchema,
  runsPageAnswerSchema,
  sampleDataAnswerSchema,
  saveCustomAssetAnswerSchema,
  timeframeLimitsAnswerSchema,
  updateApiKeyAnswerSchema,
  updateBaseUrlAnswerSchema,
  updateModelsAnswerSchema,
  updateProviderAnswerSchema,
  watchEntryAnswerSchema,
  watchlistAnswerSchema,
  wireDateRangeSchema,
  wireForwardRecordSchema,
  wireKeyStatusSchema,
  wireKeyValidationSchema,
  wireLegacyTimeframeLimitSchema,
  wireScoreCountsSchema,
} from "../../src/wire/index";
import { legacyForm } from "../analyze-input";
import { apiKeyStatusQuerySchema, updateApiKeyBodySchema, validateApiKeyBodySchema } from "../routes/api-key-routes";
import { saveCustomAssetBodySchema } from "../routes/asset-routes";
import { updateBaseUrlBodySchema } from "../routes/base-url-routes";
import { checkSetupBodySchema } from "../routes/check-routes";
import { accuracyOverTimeQuerySchema, listAnalysesQuerySchema, statsQuerySchema } from "../routes/journal-routes";
import { updateModelsBodySchema } from "../routes/model-routes";
import { updateProviderBodySchema } from "../routes/provider-routes";
import { listRunsQuerySchema } from "../routes/run-routes";
import { legacyForm as legacyDateRangeForm, libraryForm as dateRangeForm } from "../routes/timeframe-routes";
import {
  addWatchEntryBodySchema,
  pauseWatchEntryBodySchema,
  resumeWatchEntryBodySchema,
  watchEntryIdSchema,
} from "../routes/watchlist-routes";

/** Schemas kept once in components.schemas and referred to by name. */
export type ComponentName =
  | "AnalysisResult"
  | "LegacyAnalyzeAnswer"
  | "StoredAnalysis"
  | "ProgressEvent"
  | "AnalysisErrorEvent"
  | "Error"
  | "OpenApiDocument";

/** A shape: a zod schema (converted in place), a shared component, or one of several. */
export type Shape = z.ZodType | { component: ComponentName } | { oneOf: Shape[] };

export interface ApiResponse {
  description: string;
  /** The JSON body; none for answers without one. */
  json?: Shape;
  /** Server-sent events, for routes that stream when asked for text/event-stream. */
  eventStream?: string;
  /** A page (text/html), for the one route that answers one. */
  html?: string;
  headers?: Record<string, string>;
}

export interface ApiOperation {
  method: "get" | "post" | "delete";
  /** In OpenAPI's spelling: /api/custom-assets/{symbol}. */
  path: string;
  operationId: string;
  tag:
    "Keys and providers" | "Assets" | "Timeframes" | "Analysis" | "Journal" | "Forward test" | "Page and documentation";
  summary: string;
  description?: string;
  query?: z.ZodObject;
  pathParameters?: { name: string; description: string; schema: z.ZodType }[];
  /** The JSON body: one schema, or several forms (oneOf), each with a title. */
  body?: { forms: { title: string; schema: z.ZodType }[]; description?: string };
  responses: Record<number, ApiResponse>;
  /** A file of the page: served without the access token (so no 401 or 429 either). */
  public?: true;
}

const error = (description: string): ApiResponse => ({ description, json: { component: "Error" } });
const invalidQuery = error("A query parameter that cannot be used (`invalid_request`), in plain words naming it.");
const journalUnavailable = error(
  "The journal's database cannot be reached (`journal_unavailable`); the server's log says why.",
);
/** Custom assets live in the journal's PostgreSQL database when there is one (DATABASE_URL). */
const sharedDatabaseUnavailable = error(
  "With DATABASE_URL: the shared database cannot be reached (`journal_unavailable`, a fixed sentence); the server's log says why.",
);
const analysisId = {
  name: "id",
  description: "The id a list or an analysis answered.",
  schema: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
};

const watchEntryId = {
  name: "id",
  description: "The id the watchlist lists.",
  schema: watchEntryIdSchema,
};
const watchEntryNotFound = error("No watchlist entry with this id (`watch_entry_not_found`).");

export const API_OPERATIONS: readonly ApiOperation[] = [
  {
    method: "post",
    path: "/api/update-api-key",
    operationId: "updateApiKey",
    tag: "Keys and providers",
    summary: "Save a provider's API key and apply it at once",
    description:
      "The key is used for both model roles of that provider from the next request on. It only ever leaves the server in masked form.",
    body: { forms: [{ title: "Key", schema: updateApiKeyBodySchema }] },
    responses: {
      200: { description: "Saved and applied.", json: updateApiKeyAnswerSchema },
      400: error("Not a usable key, or an unknown provider."),
    },
  },
  {
    method: "post",
    path: "/api/update-base-url",
    operationId: "updateBaseUrl",
    tag: "Keys and providers",
    summary: "Point a provider at another address (a local OpenAI-compatible server, a gateway)",
    description:
      "Applied at once to both model roles. `base_url` is an http(s) URL without credentials, at most 500 characters; `\"\"` goes back to the default (the provider's `*_BASE_URL` environment variable, else its own address). No key set before a change is sent to the new address (`key_removed`): a key saved in Settings or the config is removed, and the environment's key is held back, so the provider has no key (`status.has_key: false`) until one is saved after the change. Back to the default (`\"\"`), the environment's key goes to the environment's address again. The server's operator can turn this route off (`ALLOW_RUNTIME_BASE_URL=0`; off by default on an address beyond loopback): it then answers 403 `runtime_base_url_disabled`.",
    body: { forms: [{ title: "Base URL", schema: updateBaseUrlBodySchema }] },
    responses: {
      200: {
        description: "Applied; the provider's status with the address now in use.",
        json: updateBaseUrlAnswerSchema,
      },
      400: error("Not an http(s) URL, too long, with credentials, the demo provider, or an unknown provider."),
      403: error(
        "`runtime_base_url_disabled`: this server does not let base URLs change at run time (ALLOW_RUNTIME_BASE_URL), and the message says how to allow it; or, as on every route, `forbidden_host` / `forbidden_origin`.",
      ),
    },
  },
  {
    method: "post",
    path: "/api/validate-api-key",
    operationId: "validateApiKey",
    tag: "Keys and providers",
    summary: "Check the provider's key with one cheap real request",
    description:
      "A key the provider refuses is an answer, not a failure: 200 with `valid: false` and the reason. `status` says what the check learnt: `invalid` (refused, or no key), `unreachable` (the provider could not be reached: the key was not checked), `unchecked` (the provider answered about something else: rate limit, quota, model). The demo provider answers valid at once, without a request.",
    body: { forms: [{ title: "Provider", schema: validateApiKeyBodySchema }] },
    responses: { 200: { description: "The verdict.", json: wireKeyValidationSchema }, 400: error("Unknown provider.") },
  },
  {
    method: "get",
    path: "/api/get-api-key-status",
    operationId: "getApiKeyStatus",
    tag: "Keys and providers",
    summary: "Whether a key is set for a provider, and its masked form",
    query: apiKeyStatusQuerySchema,
    responses: { 200: { description: "The status.", json: wireKeyStatusSchema }, 400: error("Unknown provider.") },
  },
  {
    method: "post",
    path: "/api/update-provider",
    operationId: "updateProvider",
    tag: "Keys and providers",
    summary: "Move both model roles to a provider",
    description:
      "A model name is kept only when it starts with the new provider's prefix (gpt, claude, qwen); otherwise it becomes the provider's default. To keep chosen names across a switch, set them first.",
    body: { forms: [{ title: "Provider", schema: updateProviderBodySchema }] },
    responses: {
      200: { description: "The new selection.", json: updateProviderAnswerSchema },
      400: error("Unknown provider."),
    },
  },
  {
    method: "post",
    path: "/api/update-models",
    operationId: "updateModels",
    tag: "Keys and providers",
    summary: "Set the model name of either role or both (a local server's llava, qwen2.5vl, ...)",
    description:
      "Applied at once; the provider of each role stays as it is. A name is checked for obvious mistakes only (empty, whitespace, control characters); whether the server knows it is learnt at the first call, or with `quantagent doctor`. The graph role reads the charts: it needs a vision model.",
    body: { forms: [{ title: "Model names", schema: updateModelsBodySchema }] },
    responses: {
      200: { description: "The new selection.", json: updateModelsAnswerSchema },
      400: error("Neither name given, a malformed name, or an unknown field."),
    },
  },
  {
    method: "post",
    path: "/api/check-setup",
    operationId: "checkSetup",
    tag: "Keys and providers",
    summary: "Check what the configuration needs, each with the smallest request (the Settings panel's Check)",
    description:
      "What `quantagent doctor` checks, with the server's configuration as it stands: Node, the data folder, Chromium, Yahoo Finance (skipped with `market_data: \"local\"` or on the demo provider), and each model role's capabilities (text; JSON mode and images for the graph role; tools when a tool-call mode is on), one small request each. Every row is ok, missing, unreachable or skipped, with its latency and the tokens it spent; no key is ever in it. A paid route: it waits for a slot under the analyses' limit.",
    body: { forms: [{ title: "Check", schema: checkSetupBodySchema }] },
    responses: {
      200: { description: "Every check, and whether all passed.", json: checkSetupAnswerSchema },
      400: error("An unknown field or market_data value."),
      429: error("The analyses' limit is full."),
    },
  },
  {
    method: "get",
    path: "/api/get-provider",
    operationId: "getProvider",
    tag: "Keys and providers",
    summary: "The models and providers in use",
    responses: { 200: { description: "The current selection.", json: getProviderAnswerSchema } },
  },
  {
    method: "post",
    path: "/api/save-custom-asset",
    operationId: "saveCustomAsset",
    tag: "Assets",
    summary: "Add a market symbol to the asset list",
    description:
      "Kept in the data folder, surviving restarts. Letters, digits and ^ = . - _, at most 32 characters, not a built-in code.",
    body: { forms: [{ title: "Symbol", schema: saveCustomAssetBodySchema }] },
    responses: {
      200: {
        description: "Saved (saving a symbol already listed is not an error).",
        json: saveCustomAssetAnswerSchema,
      },
      400: error("Not a valid symbol (`invalid_symbol`)."),
      503: sharedDatabaseUnavailable,
    },
  },
  {
    method: "delete",
    path: "/api/custom-assets/{symbol}",
    operationId: "removeCustomAsset",
    tag: "Assets",
    summary: "Remove a custom symbol",
    pathParameters: [
      { name: "symbol", description: "The symbol, percent-encoded (%5EFTSE for ^FTSE).", schema: symbolSchema },
    ],
    responses: {
      200: { description: "Removed, or was not listed.", json: removeCustomAssetAnswerSchema },
      400: error("Not a valid symbol."),
      503: sharedDatabaseUnavailable,
    },
  },
  {
    method: "get",
    path: "/api/custom-assets",
    operationId: "listCustomAssets",
    tag: "Assets",
    summary: "The custom symbols",
    responses: {
      200: { description: "The saved symbols, in the order they were added.", json: customAssetsAnswerSchema },
      503: sharedDatabaseUnavailable,
    },
  },
  {
    method: "get",
    path: "/api/assets",
    operationId: "listAssets",
    tag: "Assets",
    summary: "Built-in assets, then custom symbols",
    responses: {
      200: { description: "Every asset an analysis can name.", json: assetsAnswerSchema },
      503: sharedDatabaseUnavailable,
    },
  },
  {
    method: "get",
    path: "/api/timeframe-limits",
    operationId: "listTimeframeLimits",
    tag: "Timeframes",
    summary: "The timeframes and how far back each can fetch",
    responses: { 200: { description: "The lookback table.", json: timeframeLimitsAnswerSchema } },
  },
  {
    method: "get",
    path: "/api/timeframe-limits/{timeframe}",
    operationId: "getTimeframeLimit",
    tag: "Timeframes",
    summary: "One timeframe's limit, as the original web client reads it",
    pathParameters: [
      {
        name: "timeframe",
        description: "A timeframe: 1m, 5m, 15m, 30m, 1h, 4h, 1d, 1w or 1mo.",
        schema: timeframeSchema,
      },
    ],
    responses: {
      200: { description: "The limit and a sentence describing it.", json: wireLegacyTimeframeLimitSchema },
      400: error("Not a timeframe (`invalid_request`)."),
    },
  },
  {
    method: "post",
    path: "/api/validate-date-range",
    operationId: "validateDateRange",
    tag: "Timeframes",
    summary: "Check a date range against a timeframe's lookback",
    description:
      "A range that is too long, reversed or in the future is an answer (200, `valid: false`); a date or timeframe that cannot be read is 400.",
    body: {
      forms: [
        { title: "This API's form", schema: dateRangeForm },
        {
          title: "The original web client's form (dates YYYY-MM-DD and times HH:MM, UTC)",
          schema: legacyDateRangeForm,
        },
      ],
    },
    responses: {
      200: { description: "The verdict.", json: wireDateRangeSchema },
      400: error("An unknown timeframe or a date that cannot be read (`date_range`)."),
    },
  },
  {
    method: "get",
    path: "/api/sample-data",
    operationId: "listSampleData",
    tag: "Analysis",
    summary: "The sample windows an analysis can use with no market access",
    description:
      'Real 4-hour windows of 100 bars shipped with the package (the benchmark). POST /api/analyze with `{sample: {asset, window}, timeframe: "4h"}` analyses the window\'s first `window_bars` bars; the bars after them score the outcome at once.',
    responses: {
      200: {
        description: "Each asset, how many windows it has, and each window's first and last bar.",
        json: sampleDataAnswerSchema,
      },
    },
  },
  {
    method: "post",
    path: "/api/analyze",
    operationId: "analyze",
    tag: "Analysis",
    summary: "Run the four agents and decide LONG or SHORT",
    description:
      "Answers the analysis result as JSON; with `Accept: text/event-stream`, streams `progress` events as the analysis runs, then one `result` or `error` event. " +
      "A client that disconnects cancels its analysis. Input that cannot be analysed is refused with 400 before any model is called, " +
      "and past `MAX_CONCURRENT_ANALYSES` running analyses the answer is 429 with `Retry-After`, also before any model call. Bodies up to 10 MB (a CSV's text up to 5 MiB).",
    body: {
      description:
        "One of these forms; the data source field present (asset, symbol, candles, csv or sample) chooses it. Dates are ISO 8601 (UTC when no zone is given) or epoch milliseconds.",
      forms: [
        { title: "Built-in asset or saved custom symbol", schema: analyzeForms.asset },
        { title: "Any Yahoo Finance ticker", schema: analyzeForms.symbol },
        { title: "CSV text", schema: analyzeForms.csv },
        { title: "Candles", schema: analyzeForms.candles },
        {
          title: "Sample data: a shipped benchmark window, no market access (GET /api/sample-data lists them)",
          schema: analyzeForms.sample,
        },
        { title: "The original web client's form (dates YYYY-MM-DD and times HH:MM, UTC)", schema: legacyForm },
      ],
    },
    responses: {
      200: {
        description:
          "The analysis result; for the original web client's form with `redirect_to_output: true`, that client's answer (LegacyAnalyzeAnswer).",
        json: { oneOf: [{ component: "AnalysisResult" }, { component: "LegacyAnalyzeAnswer" }] },
        eventStream:
          "With `Accept: text/event-stream`: `progress` events (data: a ProgressEvent), then one `result` event (data: an AnalysisResult) or one `error` event (data: an AnalysisErrorEvent). Comment lines keep the connection alive.",
      },
      400: error(
        "Input that cannot be analysed: `invalid_request`, `missing_api_key` (the message says the three ways to set a key), `date_range`, `not_enough_data`, `invalid_csv`, `invalid_symbol`, `invalid_sample`.",
      ),
      422: error("The request was well formed but the market had no bars for it (`no_data`)."),
      429: {
        ...error("Too many analyses at once (`too_many_analyses`)."),
        headers: { "Retry-After": "Seconds to wait before trying again." },
      },
      502: error(
        "A provider, the market data or the model's answer failed: `provider_auth`, `provider_quota`, `provider_network`, `provider_answer_too_long` (an answer past its limit: the call was stopped), `market_data`, `decision_failed`, ...",
      ),
      503: error("The provider's rate limit (`provider_rate_limit`), or the server is shutting down."),
    },
  },
  {
    method: "get",
    path: "/api/analyses",
    operationId: "listAnalyses",
    tag: "Journal",
    summary: "Recorded analyses, newest first, one page at a time",
    description:
      "Pages are keyset pages: analyses recorded while a client pages through neither shift the pages nor appear twice.",
    query: listAnalysesQuerySchema,
    responses: {
      200: { description: "One page of summaries.", json: analysesPageAnswerSchema },
      400: invalidQuery,
      503: journalUnavailable,
    },
  },
  {
    method: "get",
    path: "/api/analyses/stats",
    operationId: "getJournalStats",
    tag: "Journal",
    summary: "Accuracy of the recorded directives per model, provider, asset, timeframe or prompt version",
    description:
      "Wilson 95% intervals; a directive is a hit when the close k bars after the window moved its way (k = 1 or 3).",
    query: statsQuerySchema,
    responses: {
      200: { description: "One row per group.", json: journalStatsAnswerSchema },
      400: invalidQuery,
      503: journalUnavailable,
    },
  },
  {
    method: "get",
    path: "/api/analyses/accuracy-over-time",
    operationId: "getAccuracyOverTime",
    tag: "Journal",
    summary: "Accuracy per group, per day or week",
    query: accuracyOverTimeQuerySchema,
    responses: {
      200: { description: "One series per group.", json: accuracyOverTimeAnswerSchema },
      400: invalidQuery,
      503: journalUnavailable,
    },
  },
  {
    method: "post",
    path: "/api/analyses/score-outcomes",
    operationId: "scoreOutcomes",
    tag: "Journal",
    summary: "Score the analyses whose later bars are now known",
    description: "Fetches the bars after each pending window from the market data; no body.",
    responses: {
      200: { description: "What this call scored, and what stays pending.", json: wireScoreCountsSchema },
      503: journalUnavailable,
    },
  },
  {
    method: "get",
    path: "/api/analyses/{id}",
    operationId: "getAnalysis",
    tag: "Journal",
    summary: "One recorded analysis, as it was answered, with its outcome",
    pathParameters: [analysisId],
    responses: {
      200: { description: "The stored analysis.", json: { component: "StoredAnalysis" } },
      400: error("Not an analysis id."),
      404: error("No analysis with this id (`analysis_not_found`)."),
      503: journalUnavailable,
    },
  },
  {
    method: "delete",
    path: "/api/analyses/{id}",
    operationId: "deleteAnalysis",
    tag: "Journal",
    summary: "Remove a recorded analysis (and its charts, when no other analysis uses them)",
    pathParameters: [analysisId],
    responses: {
      200: { description: "Removed.", json: deleteAnalysisAnswerSchema },
      400: error("Not an analysis id."),
      404: error("No analysis with this id (`analysis_not_found`)."),
      503: journalUnavailable,
    },
  },
  {
    method: "get",
    path: "/api/runs",
    operationId: "listRuns",
    tag: "Journal",
    summary: "Every run, finished or with the workers, newest first, one page at a time",
    description:
      "Evaluations, backtests and chart-reading probes the journal recorded (`state: finished`; reports left out, read one run for its " +
      "report) and runs queued with `quantagent evaluate --queue` or `backtest --queue` that have no report yet (`state: queued`, with " +
      "points done, failed, running and waiting, read from the shared PostgreSQL database so every server answers " +
      "the same; none with the SQLite journal), in one list. `kind` filters both; `state` asks for one of the two " +
      "alone. With `JOURNAL=off` the journal is not written by the server, but what it holds (recorded before, or by " +
      "the command line) is listed as usual.",
    query: listRunsQuerySchema,
    responses: {
      200: { description: "One page of runs.", json: runsPageAnswerSchema },
      400: invalidQuery,
      503: journalUnavailable,
    },
  },
  {
    method: "get",
    path: "/api/runs/{id}",
    operationId: "getRun",
    tag: "Journal",
    summary:
      "One run: a finished run with its report (a backtest's lines and paired tests, a probe's scores), or a queued run's progress",
    pathParameters: [
      {
        name: "id",
        description: "The id a run list answered, or `quantagent evaluate --queue` printed.",
        schema: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
      },
    ],
    responses: {
      200: { description: "The run.", json: runAnswerSchema },
      400: error("Not a run id."),
      404: error("No run with this id in the journal or the queue (`run_not_found`)."),
      503: journalUnavailable,
    },
  },
  {
    method: "get",
    path: "/api/runs/{id}/figures/{figure}",
    operationId: "getRunFigure",
    tag: "Journal",
    summary: "A backtest run's equity or drawdown figure, as its report draws it (Plotly JSON)",
    description:
      "Drawn by the library from the report the journal keeps, with the report's colours, names and order: the page's chart and the report's figure are one figure.",
    pathParameters: [
      {
        name: "id",
        description: "The id of a finished backtest run.",
        schema: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
      },
      { name: "figure", description: "equity or drawdown.", schema: runFigureIdSchema },
    ],
    responses: {
      200: { description: "The figure.", json: plotlyFigureSchema },
      400: error("Not a run id, or not a figure."),
      404: error("No finished backtest run with this id (`run_not_found`)."),
      503: journalUnavailable,
    },
  },
  {
    method: "get",
    path: "/api/watchlist",
    operationId: "listWatchlist",
    tag: "Forward test",
    summary: "The watchlist: each entry with its status, and why one is paused",
    description:
      "Entries are analysed at every bar close of their timeframe (after their settle delay) by the server itself (unless WATCH=off), its workers with DATABASE_URL, or `quantagent watch`, recorded with source `forward`, and scored as later bars close. Oldest first.",
    responses: {
      200: { description: "The entries.", json: watchlistAnswerSchema },
      503: journalUnavailable,
    },
  },
  {
    method: "post",
    path: "/api/watchlist",
    operationId: "addWatchEntry",
    tag: "Forward test",
    summary: "Add an entry: a symbol or an asset, and a timeframe",
    description:
      "One of `symbol` (a Yahoo ticker or an exchange's market such as `binance:BTC/USDT`) or `asset` (a built-in code or a saved custom symbol), a `timeframe`, and optionally the entry's own `models` (`{agent?, graph?}`, model names at the watcher's provider; the watcher's own otherwise), the `stages` and `samples` of each analysis and `settle_ms`, the wait after a bar's close (default 120000). Checked before anything is written. The entry's first decision is at the next bar close after it is added; the server itself spends nothing.",
    body: { forms: [{ title: "Entry", schema: addWatchEntryBodySchema }] },
    responses: {
      200: { description: "Added.", json: watchEntryAnswerSchema },
      400: error("Neither or both of symbol and asset, an unknown timeframe, or a bad field, named in plain words."),
      503: journalUnavailable,
    },
  },
  {
    method: "delete",
    path: "/api/watchlist/{id}",
    operationId: "removeWatchEntry",
    tag: "Forward test",
    summary: "Remove an entry (its analyses stay in the journal)",
    pathParameters: [watchEntryId],
    responses: {
      200: { description: "Removed.", json: removeWatchEntryAnswerSchema },
      400: error("Not an entry id."),
      404: watchEntryNotFound,
      503: journalUnavailable,
    },
  },
  {
    method: "post",
    path: "/api/watchlist/{id}/pause",
    operationId: "pauseWatchEntry",
    tag: "Forward test",
    summary: "Pause an entry: no analysis of it until it is resumed",
    description: "`reason` (optional, default `paused by hand`) is shown with the entry.",
    pathParameters: [watchEntryId],
    body: { forms: [{ title: "Pause", schema: pauseWatchEntryBodySchema }] },
    responses: {
      200: { description: "Paused; the entry as it is now.", json: watchEntryAnswerSchema },
      404: watchEntryNotFound,
      503: journalUnavailable,
    },
  },
  {
    method: "post",
    path: "/api/watchlist/{id}/resume",
    operationId: "resumeWatchEntry",
    tag: "Forward test",
    summary: "Resume an entry (its count of failures in a row starts again)",
    pathParameters: [watchEntryId],
    body: { forms: [{ title: "Resume", schema: resumeWatchEntryBodySchema }] },
    responses: {
      200: { description: "Resumed; the entry as it is now.", json: watchEntryAnswerSchema },
      404: watchEntryNotFound,
      503: journalUnavailable,
    },
  },
  {
    method: "get",
    path: "/api/watchlist/{id}/record",
    operationId: "getForwardRecord",
    tag: "Forward test",
    summary: "An entry's live record: decisions, accuracy with its Wilson interval, and the decisions as a backtest",
    description:
      "The entry's market is read from its first decision's window to now (closed bars only). `accuracy` counts the decisions whose horizon has passed, with the 95% Wilson interval. `backtest` plays every decision a bar has followed through the backtest's position engine after costs (5 bps a side), beside buy-and-hold and the baselines on the same bars, with the paired tests against always-LONG: the figures a backtest of the same decisions gives. Null before a bar has followed a decision.",
    pathParameters: [watchEntryId],
    responses: {
      200: { description: "The record.", json: wireForwardRecordSchema },
      400: error("Not an entry id."),
      404: watchEntryNotFound,
      422: error("No market data for the entry's market (`no_data`)."),
      502: error("The market data source failed."),
      503: journalUnavailable,
    },
  },
  {
    method: "get",
    path: "/api/page-config",
    operationId: "getPageConfig",
    tag: "Page and documentation",
    summary: "The library's rules and labels the web page shows",
    description:
      "Providers, the symbol rule, bar counts, the CSV limit, the pipeline's steps, indicators, decisions, the lookback table and the chart palette.",
    responses: { 200: { description: "The page's configuration.", json: pageConfigSchema } },
  },
  {
    method: "get",
    path: "/api/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "Page and documentation",
    summary: "This document",
    responses: {
      200: { description: "The OpenAPI 3.1 document of this API.", json: { component: "OpenApiDocument" } },
    },
  },
  {
    method: "get",
    path: "/output",
    operationId: "getOutputPage",
    tag: "Page and documentation",
    summary: "The results page older clients open after an analysis",
    description:
      "The link POST /api/analyze answers with `redirect_to_output: true`. The page shows the result in `results` whoever wrote the link; over a link this server did not sign (no `signature`, or a changed text or signature) it shows a banner saying this server did not produce it. Needs no access token, like the page's other files.",
    public: true,
    query: z.object({
      results: z
        .string()
        .optional()
        .meta({ description: "The result as JSON (asset_name, timeframe, the reports, final_decision ...)" }),
      signature: z
        .string()
        .optional()
        .meta({ description: "This server's HMAC-SHA256 of `results`, 64 hex digits, under its installation secret" }),
    }),
    responses: {
      200: {
        description: "The page, its body marked data-link = signed, unsigned, altered or none (no results).",
        html: "output.html",
      },
    },
  },
];
