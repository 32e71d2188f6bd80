// A queued backtest's result, once its workers are done (`quantagent backtest --report <run id>`): while points are
// pending, how many; then the same BacktestResult a backtest in one process returns, made by the same function
// (assembleBacktest) from the series and schedule the run stored and the decisions the workers stored
// (src/experiment/queued/queued-report.ts). The run is recorded in the journal once, whoever asks for its report and
// however often.
import { createConfig } from "../config/config-schema";
import { normaliseStages } from "../config/stages-schema";
import {
  type QueuedReport,
  queuedReport,
  type QueuedReportOptions,
  type QueuedRunRead,
} from "../experiment/queued/queued-report";
import { modelsUsedBy } from "../llm/model-settings";
import { QueueError } from "../queue/queue-error";
import { tradingCost } from "../scoring/trading-cost";
import { assembleBacktest } from "./backtest-assembly";
import { backtestRunInput } from "./backtest-journal";
import { type BacktestJobInput, backtestJobKind, type BacktestJobSpec, queuedDecisionBars } from "./backtest-queue";
import type { BacktestResult } from "./backtest-result";
import { baselineDecisions } from "./baseline-decisions";
import type { BacktestEstimate } from "./cost-estimate";

export type QueuedBacktestReport = QueuedReport<BacktestResult>;

export async function queuedBacktestReport(options: QueuedReportOptions): Promise<QueuedBacktestReport> {
  return queuedReport(options, backtestJobKind, (read) => backtestOf(read, options), backtestRunInput);
}

function backtestOf(
  read: Extract<QueuedRunRead<BacktestJobSpec, BacktestJobInput>, { state: "done" }>,
  { database, runId }: QueuedReportOptions,
): BacktestResult {
  const { spec } = read;
  const config = createConfig(spec.config);
  const windowBars = config.window_bars;
  const horizon = config.decision_horizon_bars;
  const bars = queuedDecisionBars(spec);
  const stored = new Map(read.points.map((point) => [point.input.bar, point.decision]));
  const decisions = bars.map((bar) => {
    const decision = stored.get(bar);
    if (!decision)
      throw new QueueError({
        reason: "unreadable_run",
        message: `Queued run ${runId}: the point at bar ${bar} cannot be read by this version; write its report with the version that queued it.`,
      });
    return decision;
  });
  return assembleBacktest({
    series: spec.series,
    bars,
    windowBars,
    horizon,
    step: spec.step,
    cost: tradingCost(spec.costBps),
    seed: spec.seed,
    baselines: baselineDecisions(spec.series.candles, bars, { windowBars, horizon, seed: spec.seed }),
    model: { name: config.graph_llm_model, decisions },
    settings: {
      models: spec.models ?? modelsUsedBy(config),
      promptVersion: spec.promptVersion,
      plugins: [],
      stages: normaliseStages(config.stages),
      cacheDir: spec.cache ? `${database.location} (model_answers)` : null,
      blind: spec.blind,
      mirror: false,
    },
    mirror: null,
    estimate: spec.estimate as unknown as BacktestEstimate,
    usage: read.usage,
    startedAt: spec.queuedAt,
    durationMs: read.durationMs,
  });
}
