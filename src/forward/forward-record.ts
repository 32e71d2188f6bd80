// The live record of a watchlist entry: its decisions played on the bars that have arrived, by the backtest's own
// assembly (the position engine after costs beside buy-and-hold and the baselines on the same bars, the paired tests
// against always-LONG), so the record's figures are a backtest's of the same decisions, to the last digit; and the
// directional accuracy of the decisions whose horizon has passed, with its Wilson interval. A decision is played once
// a bar after it has arrived (as a backtest's last decision is the bar before the series' last).
import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import { assembleBacktest } from "../backtest/backtest-assembly";
import type { BacktestResult } from "../backtest/backtest-result";
import { baselineDecisions } from "../backtest/baseline-decisions";
import type { Decision } from "../experiment/decision";
import { type WatchEntry, watchEntryNotFound } from "../journal/watchlist-store";
import { createUsageMeter } from "../llm/usage-meter";
import type { Candle } from "../market/candle";
import type { Pipeline } from "../pipeline/pipeline";
import { type Interval, wilsonInterval } from "../scoring/confidence-intervals";
import { DEFAULT_COST_BPS, tradingCost } from "../scoring/trading-cost";
import { recordedSettings } from "./watch-tick";

/** What the record reads of a pipeline: its journal, its settings and its plugins (as the backtest records them). */
export type RecordPipeline = Pick<Pipeline, "journal" | "config" | "plugins" | "model">;

export interface ForwardRecordOptions {
  pipeline: RecordPipeline;
  entryId: string;
  /** The entry's bars (a replayed series, or the market's), covering its decisions and what followed. */
  candles: readonly Candle[];
  /** Cost per side in basis points. @default 5 */
  costBps?: number;
  /** The random baseline's seed. @default 1 (the backtest's) */
  seed?: number;
}

export interface ForwardRecord {
  entry: WatchEntry;
  /** The graph model whose decisions these are (the model line of the backtest). */
  model: string;
  /** Every decision recorded for the entry, oldest first (played or not yet). */
  decisions: { barTime: number; directive: "LONG" | "SHORT"; analysisId: string | null }[];
  /** The decisions as a backtest of them: lines, equity curves, paired tests. Null before one can be played. */
  backtest: BacktestResult | null;
  /** Decisions whose horizon has passed, the hits among them, the rate and its 95% Wilson interval. */
  accuracy: { scored: number; hits: number; rate: number | null; interval: Interval | null };
}

export async function forwardRecord(options: ForwardRecordOptions): Promise<ForwardRecord> {
  const { pipeline, candles } = options;
  const journal = await pipeline.journal.open();
  const entry = await journal.watchlist.get(options.entryId);
  if (!entry) throw watchEntryNotFound(options.entryId);
  const config = pipeline.config;
  const horizon = config.decision_horizon_bars;
  const windowBars = config.window_bars;
  const indexOf = new Map(candles.map((candle, index) => [candle.time, index]));
  const recorded = await journal.watchlist.decisions(entry.id);
  const model = entry.models?.graph ?? config.graph_llm_model;
  const played = recorded.flatMap((decision) => {
    const bar = indexOf.get(decision.barTime);
    return bar !== undefined && bar >= windowBars - 1 && bar <= candles.length - 2 ? [{ bar, ...decision }] : [];
  });
  const scoredDecisions = played.filter((decision) => decision.bar + horizon <= candles.length - 1);
  const hits = scoredDecisions.filter((decision) => {
    const move = candles[decision.bar + horizon]!.close - candles[decision.bar]!.close;
    return decision.directive === "LONG" ? move > 0 : move < 0;
  }).length;
  const accuracy = {
    scored: scoredDecisions.length,
    hits,
    rate: scoredDecisions.length > 0 ? hits / scoredDecisions.length : null,
    interval: scoredDecisions.length > 0 ? wilsonInterval(hits, scoredDecisions.length) : null,
  };
  if (played.length === 0) return { entry, model, decisions: recorded, backtest: null, accuracy };
  const settingsOf = (role: "agent" | "graph") => {
    const own = recordedSettings(pipeline, role);
    const named = entry.models?.[role];
    return named ? { ...own, model: named } : own;
  };
  const bars = played.map((decision) => decision.bar);
  const seed = options.seed ?? 1;
  const decisions: Decision[] = played.map((decision) => ({
    directive: decision.directive,
    risk: null,
    cached: false,
  }));
  const backtest = assembleBacktest({
    series: { name: entry.market, timeframe: entry.timeframe, candles: [...candles] },
    bars,
    windowBars,
    horizon,
    step: 1,
    cost: tradingCost(options.costBps ?? DEFAULT_COST_BPS),
    seed,
    baselines: baselineDecisions(candles, bars, { windowBars, horizon, seed }),
    model: { name: model, decisions },
    settings: {
      // The models that decide now, as a backtest of the same decisions names them (its report's header and model line).
      // An entry's own models by their names (the watcher's settings otherwise).
      models: { agent: settingsOf("agent"), graph: settingsOf("graph") },
      promptVersion: PROMPT_VERSION,
      plugins: pipeline.plugins,
      stages: entry.stages,
      cacheDir: null,
      blind: false,
      mirror: false,
    },
    mirror: null,
    estimate: null,
    usage: createUsageMeter().summary(),
    startedAt: new Date().toISOString(),
    durationMs: 0,
  });
  return { entry, model, decisions: recorded, backtest, accuracy };
}
