// The model's decisions on the backtest's schedule: each decision bar's window (decisionWindow: the bars up to it,
// none after) analysed by the pipeline, at most `concurrency` at a time. Decisions already in the decision cache
// are taken from it and cost nothing; each new one is stored there as soon as it is made, so a run stopped half-way
// (Ctrl-C, a crash) keeps every completed decision and a rerun resumes. A decision whose analysis fails is recorded
// with its error and the run goes on; aborting the signal stops the run.
import { forEachWithConcurrency } from "../common/bounded-concurrency";
import { describeError } from "../common/describe-error";
import { itemAt } from "../common/item-at";
import { createSecretRedactor } from "../common/secret-redactor";
import type { UsageMeter } from "../llm/usage-meter";
import type { Candle } from "../market/candle";
import type { AnalysisResult } from "../pipeline/analysis-result";
import type { AnalyzeOptions, AnalyzeRequest } from "../pipeline/analyze-request";
import type { Pipeline } from "../pipeline/pipeline";
import type { RunProgressListener } from "../reports/progress-bar";
import type { Directive } from "../scoring/directive";
import type { RiskLevels } from "../stages/risk-levels";
import type { DecisionRisk } from "./backtest-result";
import type { CachedDecision, DecisionCache } from "./decision-cache";

export interface ModelDecision {
  bar: number;
  directive?: Directive;
  forecastHorizon?: string;
  riskRewardRatio?: number;
  /** The risk stage's levels (or null levels and the reason the window gives no stop) when it ran; null otherwise. */
  risk: DecisionRisk | null;
  /** Taken from the decision cache (no call this run). */
  cached: boolean;
  /** Why the analysis failed (the run went on without this decision). */
  error?: string;
  durationMs?: number;
}

export interface ModelDecisionsInput {
  pipeline: Pipeline;
  candles: readonly Candle[];
  bars: readonly number[];
  /** The analysis of the decision at a bar: its window (and, for memory, the replay's later bars) and stages. */
  request(bar: number): AnalyzeRequest;
  options(): Pick<AnalyzeOptions, "memoryScope" | "journal">;
  cache: DecisionCache;
  /** The cache key of each decision and what the cache already held for it, looked up before the run. */
  keys: readonly string[];
  found: readonly (CachedDecision | undefined)[];
  concurrency: number;
  schedule?: "concurrent" | "sequential";
  /** Counts the calls of each new analysis from its result (when the models are not metered as they are called). */
  meterResults?: UsageMeter;
  /** For the progress snapshots. */
  meter: UsageMeter;
  signal?: AbortSignal;
  onProgress?: RunProgressListener;
}

export async function runModelDecisions(input: ModelDecisionsInput): Promise<ModelDecision[]> {
  const { bars, found } = input;
  const redactor = createSecretRedactor(() => input.pipeline.secretValues());
  const started = performance.now();
  const records: ModelDecision[] = bars.map((bar, index) => {
    const hit = found[index];
    return hit ? { bar, ...fromCache(hit), cached: true } : { bar, risk: null, cached: false };
  });
  const pending = records.flatMap((record, index) => (record.cached ? [] : [index]));
  const resumed = records.length - pending.length;
  let done = resumed;
  let errors = 0;
  const progress = (last?: { id: string; decision?: string; error?: string }) =>
    input.onProgress?.({
      unit: "decisions",
      done,
      total: records.length,
      errors,
      usage: input.meter.summary(),
      elapsedMs: performance.now() - started,
      resumed,
      last,
    });
  progress();
  await forEachWithConcurrency(
    pending,
    input.concurrency,
    async (index) => {
      const record = itemAt(records, index);
      const decisionStarted = performance.now();
      try {
        const result = await input.pipeline.analyze(input.request(record.bar), {
          signal: input.signal,
          schedule: input.schedule,
          ...input.options(),
        });
        for (const call of result.usage.calls)
          input.meterResults?.record({
            hit: false,
            key: "",
            provider: call.provider,
            model: call.model,
            usage: call.usage,
          });
        const decision = toCached(result);
        Object.assign(record, fromCache(decision));
        await input.cache.put(itemAt(input.keys, index), decision);
      } catch (error) {
        if (input.signal?.aborted) throw error;
        // The error goes into the report files and the journal: any key a failing part echoed is removed by value.
        record.error = redactor.redact(describeError(error));
        errors += 1;
      }
      record.durationMs = Math.round(performance.now() - decisionStarted);
      done += 1;
      const time = new Date(itemAt(input.candles, record.bar).time).toISOString();
      progress({ id: `bar ${record.bar + 1} (${time})`, decision: record.directive, error: record.error });
    },
    { signal: input.signal },
  );
  return records;
}

/** What the backtest keeps of an analysis: its directive, horizon, ratio, risk levels and usage. */
export function toCached(result: AnalysisResult): CachedDecision {
  return {
    directive: result.decision.decision,
    forecastHorizon: result.decision.forecastHorizon,
    riskRewardRatio: result.decision.riskRewardRatio,
    risk: result.risk ? riskOf(result.risk) : null,
    usage: result.usage.total,
  };
}

export function fromCache(decision: CachedDecision): Omit<ModelDecision, "bar" | "cached"> {
  return {
    directive: decision.directive,
    forecastHorizon: decision.forecastHorizon,
    riskRewardRatio: decision.riskRewardRatio,
    risk: decision.risk,
  };
}

/** The levels as the backtest keeps them: the basis of a stop, or the reason there is none, under `reason`. */
function riskOf(risk: RiskLevels): DecisionRisk {
  return risk.stopLoss === null
    ? { stopLoss: null, takeProfit: null, size: null, atr: risk.atr, reason: risk.reason }
    : { stopLoss: risk.stopLoss, takeProfit: risk.takeProfit, size: risk.size, atr: risk.atr, reason: risk.basis };
}

/**
 * The position engine's view of the model's decisions: the side, and risk's levels and size when it gave them;
 * without levels the position holds, at full size.
 */
export function engineDecisions(decisions: readonly ModelDecision[]) {
  return decisions.map((decision) => ({
    bar: decision.bar,
    side: decision.directive ?? null,
    ...(decision.risk?.stopLoss == null
      ? {}
      : { stopLoss: decision.risk.stopLoss, takeProfit: decision.risk.takeProfit, size: decision.risk.size }),
  }));
}
