// A queued backtest's result, once its workers are done (`quantagent backtest --report <run id>`): while points are
// pending, how many; then the same BacktestResult a backtest in one process returns, made by the same function
// (assembleBacktest) from the series and schedule the run stored and the decisions the workers stored. The run is
// recorded in the journal once, whoever asks for its report and however often.
import { createConfig } from "../config/config-schema";
import type { DatabaseHandle } from "../journal/database-handle";
import { modelSettingsFor } from "../llm/create-chat-model";
import { createUsageMeter } from "../llm/usage-meter";
import { QueueError } from "../queue/queue-error";
import { readQueuedPoints, readQueuedRun } from "../queue/queued-runs";
import { recordRunOnce } from "../queue/record-run-once";
import { pendingPoints, type RunProgress, runProgress } from "../queue/run-progress";
import { tradingCost } from "../scoring/trading-cost";
import { normaliseStages } from "../stages/stages-schema";
import { assembleBacktest } from "./backtest-assembly";
import { BACKTEST_JOB_KIND, queuedDecisionBars } from "./backtest-job";
import { backtestJobInputSchema, backtestJobResultSchema, backtestJobSpecSchema } from "./backtest-job-schemas";
import { backtestRunInput } from "./backtest-journal";
import type { BacktestResult } from "./backtest-result";
import { baselineDecisions } from "./baseline-decisions";
import type { BacktestEstimate } from "./cost-estimate";
import { fromCache, type ModelDecision } from "./model-decisions";

export type QueuedBacktestReport =
  { state: "pending"; progress: RunProgress } | { state: "done"; progress: RunProgress; result: BacktestResult };

const unreadable = (runId: string, what: string) =>
  new QueueError({
    reason: "unreadable_run",
    message: `Queued run ${runId}: ${what} cannot be read by this version; write its report with the version that queued it.`,
  });

export async function queuedBacktestReport(options: {
  database: DatabaseHandle;
  runId: string;
  /** Record the finished run in the journal (once, whoever asks first). @default true */
  record?: boolean;
}): Promise<QueuedBacktestReport> {
  const { database, runId } = options;
  const { db } = await database.open();
  const run = await readQueuedRun(db, runId);
  const progress = await runProgress(db, runId);
  if (!run || !progress)
    throw new QueueError({ reason: "run_not_found", message: `No queued run ${runId} in the database.` });
  if (run.kind !== BACKTEST_JOB_KIND)
    throw new QueueError({
      reason: "wrong_kind",
      message: `Queued run ${runId} is an ${run.kind}, not a backtest: write its report with quantagent ${run.kind === "evaluation" ? "evaluate" : run.kind} --report ${runId}.`,
    });
  if (pendingPoints(progress) > 0) return { state: "pending", progress };
  const parsed = backtestJobSpecSchema.safeParse(run.spec);
  if (!parsed.success) throw unreadable(runId, "its settings");
  const spec = parsed.data;

  const config = createConfig(spec.config);
  const stages = normaliseStages(config.stages);
  const windowBars = config.window_bars;
  const horizon = config.decision_horizon_bars;
  const bars = queuedDecisionBars(spec);
  const stored = new Map((await readQueuedPoints(db, runId)).map((row) => [row.pointId, row]));
  const meter = createUsageMeter();
  const decisions: ModelDecision[] = bars.map((bar) => {
    const row = stored.get(`bar-${bar}`);
    if (!row || !backtestJobInputSchema.safeParse(row.input).success)
      throw unreadable(runId, `the point at bar ${bar}`);
    const result = row.result === null ? undefined : backtestJobResultSchema.safeParse(row.result).data;
    for (const call of result?.calls ?? [])
      meter.record({
        hit: call.hit,
        key: "",
        provider: call.provider,
        model: call.model,
        usage: { inputTokens: call.inputTokens, outputTokens: call.outputTokens },
      });
    const error = row.error ?? (result ? result.error : "the worker's result could not be read");
    return {
      bar,
      risk: null,
      cached: false,
      ...(result?.decision ? fromCache(result.decision) : {}),
      ...(error === undefined ? {} : { error }),
      ...(result ? { durationMs: result.durationMs } : {}),
    };
  });
  const finishedAt = Math.max(...[...stored.values()].map((row) => Date.parse(row.finishedAt ?? run.createdAt)));
  const series = { name: spec.series.name, timeframe: spec.series.timeframe, candles: spec.series.candles };
  const result = assembleBacktest({
    series,
    bars,
    windowBars,
    horizon,
    step: spec.step,
    cost: tradingCost(spec.costBps),
    seed: spec.seed,
    baselines: baselineDecisions(series.candles, bars, { windowBars, horizon, seed: spec.seed }),
    model: { name: config.graph_llm_model, decisions },
    settings: {
      models: { agent: modelSettingsFor(config, "agent"), graph: modelSettingsFor(config, "graph") },
      promptVersion: spec.promptVersion,
      plugins: [],
      stages,
      cacheDir: spec.cache ? `${database.location} (model_answers)` : null,
      blind: spec.blind,
      mirror: false,
    },
    mirror: null,
    estimate: spec.estimate as unknown as BacktestEstimate,
    usage: meter.summary(),
    startedAt: spec.queuedAt,
    durationMs: Number.isFinite(finishedAt) ? Math.max(0, finishedAt - Date.parse(spec.queuedAt)) : 0,
  });
  if (options.record === false) return { state: "done", progress, result };
  const recorded = await recordRunOnce(database, run.id, (journal) =>
    journal.recordEvaluationRun(backtestRunInput(result)),
  );
  return { state: "done", progress, result: { ...result, ...recorded } };
}
