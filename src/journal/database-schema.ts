// The journal's tables as Kysely sees them: one schema for SQLite and PostgreSQL. Portable column types only: times
// are ISO 8601 text in UTC (they sort as text, and bucket by day with substr), booleans are 0/1 integers (they sum),
// JSON is text (never queried inside; the columns a query filters on are columns of their own). Only the chart bytes
// differ by engine (BLOB and BYTEA), decided in the migrations.
import type { Generated } from "kysely";

export interface AnalysesTable {
  /** UUID v7: sorts by creation time within a process. */
  id: string;
  created_at: string;
  source: string;
  asset: string;
  symbol: string;
  timeframe: string;
  window_start: string | null;
  window_end: string | null;
  window_requested_start: string | null;
  bar_count: number;
  agent_provider: string;
  agent_model: string;
  agent_temperature: number;
  graph_provider: string;
  graph_model: string;
  graph_temperature: number;
  prompt_version: string;
  /** 1 when the agents saw a blind view (no date, name or price level), else 0. */
  blind: number;
  /** JSON: [{name, version}]. */
  plugins: string;
  /** JSON: the request as made. */
  request: string;
  indicator_report: string;
  pattern_report: string;
  trend_report: string;
  /** JSON: {name: text}. */
  analyst_reports: string;
  /** "LONG" | "SHORT"; null for a failed run. */
  decision: string | null;
  forecast_horizon: string | null;
  justification: string | null;
  risk_reward_ratio: number | null;
  /** The model's probability that the decision is right (0.5 to 1); null before it was asked for. */
  confidence: number | null;
  /** With several samples of the Decision agent: the majority's share; else null. */
  agreement: number | null;
  /** With several samples: JSON [{decision, confidence}], in the order asked; else null. */
  decision_samples: string | null;
  /** Keys into charts. */
  pattern_chart_sha256: string | null;
  trend_chart_sha256: string | null;
  /** JSON: {step: calls}. */
  calls_per_step: string;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number | null;
  /** JSON: {step: ms}. */
  timings_ms: string;
  entry_close: number | null;
  entry_time: string | null;
  error_code: string | null;
  error_message: string | null;
  /** JSON: the answered result with its chart fields taken out (they live in charts, see result_chart_fields). */
  result: string;
  /** JSON: {result field: "pattern" | "trend"}, the fields to put the chart back into as base64. */
  result_chart_fields: string;
  outcome_1_hit: number | null;
  outcome_1_return: number | null;
  outcome_3_hit: number | null;
  outcome_3_return: number | null;
  /** When the outcome was scored; null while pending. */
  scored_at: string | null;
  /** JSON: the optional stages the analysis ran with ({} for none). */
  stages: string;
  /**
   * Open time of the last bar the outcome was scored on (the third after the entry): from that bar's close the
   * outcome was known. Null while pending, and for outcomes scored before it was recorded.
   */
  outcome_bar_time: string | null;
}

export interface LessonsTable {
  /** The analysis the lesson is about; one lesson each. */
  analysis_id: string;
  symbol: string;
  timeframe: string;
  window_end: string;
  decision: string;
  /**
   * The analysis's outcome_bar_time (or, for an outcome scored before that was recorded, the later time it was
   * scored): a window whose last bar opens at or after it may be given the lesson.
   */
  outcome_bar_time: string;
  lesson: string;
  created_at: string;
  /** The model that wrote the lesson, and under which prompts. */
  provider: string;
  model: string;
  prompt_version: string;
  input_tokens: number;
  output_tokens: number;
}

export interface ChartsTable {
  /** Hex SHA-256 of the PNG bytes. */
  sha256: string;
  png: Uint8Array;
  byte_length: number;
  created_at: string;
}

export interface EvaluationRunsTable {
  id: string;
  created_at: string;
  /** "evaluation" (benchmark points), "backtest" (decisions on one series) or "probe" (planted synthetic series). */
  kind: string;
  /** JSON: a backtest's report (lines with their equity curves, paired tests), a probe's scores; null for an evaluation. */
  report: string | null;
  timeframe: string;
  /** JSON: the run's settings as given. */
  settings: string;
  /** Null for a run without models (baselines only). */
  agent_provider: string | null;
  agent_model: string | null;
  graph_provider: string | null;
  graph_model: string | null;
  prompt_version: string;
  plugins: string;
  point_count: number;
}

export interface EvaluationPointsTable {
  run_id: string;
  point_id: string;
  asset: string;
  /** The benchmark window the point belongs to. */
  window_index: number;
  point_index: number;
  last_bar_time: string;
  entry_close: number;
  /** Null when the point's analysis failed or the run had no model. */
  directive: string | null;
  error: string | null;
}

export interface EvaluationMovesTable {
  run_id: string;
  point_id: string;
  horizon: number;
  /** The realised simple return over the horizon (close[t+k] / close[t] - 1). */
  move: number;
}

export interface CustomAssetsTable {
  /** The symbol upper-cased: one asset whatever its letter case. */
  symbol_key: string;
  /** As the user typed it (trimmed). */
  symbol: string;
  created_at: string;
}

export interface SharedSettingsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface ModelAnswersTable {
  /** Hex SHA-256 of the request (model-cache.ts). */
  key: string;
  provider: string;
  model: string;
  /** JSON: the key context the answer was cached under. */
  context: string | null;
  /** JSON: the ChatResponse. */
  response: string;
  created_at: string;
}

export interface RateLimitBucketsTable {
  /** "<provider>:<hex SHA-256 of base URL and key>". */
  bucket: string;
  /** May be negative: calls that reserved a token and wait for it. */
  tokens: number;
  /** The database clock at the last update, in seconds since the epoch. */
  updated_at: number;
}

export interface QueuedRunsTable {
  id: string;
  /** "evaluation" (one job per decision point). */
  kind: string;
  created_at: string;
  /** One line saying what the run is (its models, assets, windows), for lists. */
  label: string;
  /** JSON: what every worker needs to do any point of the run (no keys). */
  spec: string;
  point_count: number;
  /** When a report was first written from the finished run. */
  reported_at: string | null;
  /** The evaluation run recorded in the journal from it. */
  journal_run_id: string | null;
}

export interface QueuedPointsTable {
  run_id: string;
  point_id: string;
  /** Order within the run. */
  position: number;
  /** JSON: the point as its job reads it. */
  input: string;
  /** Times a worker started it. */
  attempts: Generated<number>;
  started_at: string | null;
  /** Set once, with result or error, by the first worker to finish it. */
  finished_at: string | null;
  /** "host:pid" of the worker that finished it. */
  worker: string | null;
  /** JSON: what the point's job answered. */
  result: string | null;
  error: string | null;
}

/** A watchlist entry: a market and timeframe analysed at every bar close (the forward test, src/forward/). */
export interface WatchlistTable {
  id: string;
  created_at: string;
  /** A market symbol (ETH-USD, binance:BTC/USDT) or a built-in or custom asset code, as `source` says. */
  market: string;
  /** "symbol" or "asset". */
  market_kind: string;
  timeframe: string;
  /** JSON: the stages each analysis runs ({} for none). */
  stages: string;
  /** Decision agent samples per analysis. */
  samples: number;
  /** Wait after a bar's close before it is analysed, in ms. */
  settle_ms: number;
  /** JSON: the entry's own models ({agent?, graph?}); null for the watcher's. */
  models: string | null;
  /** "active" or "paused". */
  status: string;
  paused_reason: string | null;
  /** Failed analyses in a row since the last decision (three pause the entry). */
  failures: number;
  last_error: string | null;
  /** The worker analysing the entry now (with a job queue), until `lease_until` (epoch ms); null when none. */
  lease_holder: string | null;
  lease_until: number | null;
}

/** One analysed (entry, bar): at most one row each, which is what keeps a restart from repeating a bar. */
export interface WatchDecisionsTable {
  entry_id: string;
  /** ISO open time of the decision bar (the window's last). */
  bar_time: string;
  /** The analysis in `analyses` (null when the decision came from the decision cache, after a crash). */
  analysis_id: string | null;
  directive: string;
  decided_at: string;
  /** Set once the journal has scored the analysis's outcome. */
  scored_at: string | null;
}

/** What the forward test has spent per UTC day, against `max_cost_per_day`. */
export interface WatchSpendTable {
  day: string;
  cost_usd: number;
}

export interface JournalDatabase {
  analyses: AnalysesTable;
  charts: ChartsTable;
  lessons: LessonsTable;
  evaluation_runs: EvaluationRunsTable;
  evaluation_points: EvaluationPointsTable;
  evaluation_moves: EvaluationMovesTable;
  custom_assets: CustomAssetsTable;
  shared_settings: SharedSettingsTable;
  model_answers: ModelAnswersTable;
  rate_limit_buckets: RateLimitBucketsTable;
  queued_runs: QueuedRunsTable;
  queued_points: QueuedPointsTable;
  watchlist: WatchlistTable;
  watch_decisions: WatchDecisionsTable;
  watch_spend: WatchSpendTable;
}

export type JournalEngine = "sqlite" | "postgres";
