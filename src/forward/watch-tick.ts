// One round of the forward test: for each active entry, the bars due since its newest analysed bar are analysed in
// time order on the experiment engine (each point's window ends at its decision bar: the analysis is given nothing
// released after it), each recorded in the journal with source `forward` and in the watchlist as that (entry, bar);
// then the entry's earlier decisions are scored on the bars that have closed since. What a round refuses to do:
// - spend past `maxCostPerDay`: before each analysis the day's spending plus the analysis's estimate (the backtest's
//   typical figures; nothing for a decision the decision cache holds) is held against the cap; over it, the round
//   stops and says so, and the day's other bars wait (a later round, or the next day, takes them up);
// - go on with a failing entry: a failed analysis stops the entry's round (its bar is tried again next round), and the
//   third failure in a row pauses it with the reason;
// - repeat a bar: the watchlist stores each (entry, bar) once, and a decision made before a crash but not yet stored
//   comes back from the decision cache without a call.
import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import { estimateBacktest } from "../backtest/cost-estimate";
import { hasStages } from "../config/stages-schema";
import { createDecisionCache } from "../experiment/decision-cache";
import type { ExperimentPoint } from "../experiment/experiment-point";
import { openExperiment } from "../experiment/open-experiment";
import type { Journal } from "../journal/journal";
import type { WatchEntry } from "../journal/watchlist-store";
import { type ModelRole, type ModelSettings, modelSettingsFor } from "../llm/model-settings";
import { createUsageMeter } from "../llm/usage-meter";
import type { Pipeline } from "../pipeline/pipeline";
import { type BarFeed, barLengthMs } from "./bar-feed";
import { dueBars } from "./due-bars";
import type { WatchEvent } from "./watch-event";

export interface WatchTickInput {
  pipeline: Pipeline;
  journal: Journal;
  feed: BarFeed;
  /** The round's clock, epoch ms. */
  now: number;
  /** Where decisions are cached (resume after a crash without a call); null keeps none. */
  cacheDir: string | null;
  /** US dollars a UTC day may spend (estimated before each analysis); undefined: no cap. */
  maxCostPerDay?: number;
  /** Only these entries (a replay: those of its series' timeframe). */
  entryFilter?: (entry: WatchEntry) => boolean;
  /** Bars closing before the entry was added are history (live); a replay analyses its series from the first window. */
  fromEntryCreation: boolean;
  /** At most this many analyses per entry this round (a worker's job does one); the others wait for the next. */
  maxDecisions?: number;
  /**
   * Take each entry's lease before its round (renewed before each analysis, given back after), and leave an entry
   * another watcher holds: a server and a `quantagent watch` on one journal then never analyse the same entry at once.
   * A worker's job takes its entry's lease itself.
   */
  lease?: { holder: string; ms: number };
  signal?: AbortSignal;
  onEvent?: (event: WatchEvent) => void;
}

export interface WatchTickCounts {
  decisions: number;
  failures: number;
  scored: number;
  /** The day's cap stopped the round. */
  capped: boolean;
  /** Due bars left for a later round by `maxDecisions`. */
  waiting: number;
}

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const anySignal = (signal: AbortSignal | undefined, other: AbortSignal) =>
  signal ? AbortSignal.any([signal, other]) : other;

export async function runWatchTick(input: WatchTickInput): Promise<WatchTickCounts> {
  const { journal, signal } = input;
  const store = journal.watchlist;
  const counts: WatchTickCounts = { decisions: 0, failures: 0, scored: 0, capped: false, waiting: 0 };
  const emit = (event: WatchEvent) => input.onEvent?.(event);
  const entries = (await store.list()).filter(
    (entry) => entry.status === "active" && (input.entryFilter?.(entry) ?? true),
  );
  for (const entry of entries) {
    signal?.throwIfAborted();
    // Live, an entry is read only once a bar after its newest can have closed and settled (its earliest close):
    // a round between two closes fetches nothing.
    if (input.fromEntryCreation && input.now < (await earliestNextClose(entry, store))) continue;
    if (!(await holdLease(input, entry))) continue; // another watcher's round has it
    try {
      await entryRound(input, entry, counts, emit);
    } finally {
      if (input.lease) await store.releaseLease(entry.id, input.lease.holder);
    }
  }
  return counts;
}

/** Takes (or renews) the entry's lease when the round works under leases; true without them. */
async function holdLease(input: WatchTickInput, entry: WatchEntry): Promise<boolean> {
  if (!input.lease) return true;
  const now = Date.now();
  return input.journal.watchlist.takeLease(entry.id, input.lease.holder, { now, until: now + input.lease.ms });
}

async function entryRound(
  input: WatchTickInput,
  entry: WatchEntry,
  counts: WatchTickCounts,
  emit: (event: WatchEvent) => void,
): Promise<void> {
  const { journal, signal } = input;
  const store = journal.watchlist;
  const bars = await input.feed.closedBars(entry, input.now, signal);
  if (!counts.capped) {
    const outcome = await withEntryModels(input.pipeline, entry, () => analyseDue(input, entry, bars));
    counts.decisions += outcome.decisions;
    counts.failures += outcome.failures;
    counts.capped = outcome.capped;
    counts.waiting += outcome.waiting;
  }
  for (const pending of await store.unscored(entry.id)) {
    const later = bars.filter((bar) => bar.time > pending.barTime);
    if (later.length === 0) break;
    const scored = await journal.recordOutcome(pending.analysisId, later);
    if (!scored) break; // not all of its horizon's bars yet: the later ones wait too
    await store.markScored(entry.id, pending.barTime, { now: new Date(input.now) });
    counts.scored += 1;
    emit({ type: "scored", entryId: entry.id, market: entry.market, barTime: pending.barTime, outcome: scored });
  }
}

/**
 * Runs `analyse` with the entry's own models installed in the pipeline, when it names any, and the pipeline's own
 * back afterwards (entries are analysed one at a time, so no other analysis sees them). The answer cache, the cost
 * estimate and the journal's record then all name the entry's models.
 */
async function withEntryModels<T>(pipeline: Pipeline, entry: WatchEntry, analyse: () => Promise<T>): Promise<T> {
  if (!entry.models) return analyse();
  const own = pipeline.config;
  pipeline.configure({
    agent_llm_model: entry.models.agent ?? own.agent_llm_model,
    graph_llm_model: entry.models.graph ?? own.graph_llm_model,
  });
  try {
    return await analyse();
  } finally {
    pipeline.configure(own);
  }
}

async function earliestNextClose(entry: WatchEntry, store: Journal["watchlist"]): Promise<number> {
  const barMs = barLengthMs(entry.timeframe);
  const last = await store.lastBarTime(entry.id);
  const close = last === undefined ? Math.ceil(Date.parse(entry.createdAt) / barMs) * barMs : last + 2 * barMs;
  return close + entry.settleMs;
}

async function analyseDue(
  input: WatchTickInput,
  entry: WatchEntry,
  bars: Awaited<ReturnType<BarFeed["closedBars"]>>,
): Promise<{ decisions: number; failures: number; capped: boolean; waiting: number }> {
  const { pipeline, journal, signal } = input;
  const store = journal.watchlist;
  const config = pipeline.config;
  const windowBars = config.window_bars;
  const emit = (event: WatchEvent) => input.onEvent?.(event);
  const due = dueBars(bars, {
    windowBars,
    after: await store.lastBarTime(entry.id),
    barMs: barLengthMs(entry.timeframe),
    ...(input.fromEntryCreation ? { closingFrom: Date.parse(entry.createdAt) } : {}),
  });
  const done = { decisions: 0, failures: 0, capped: false, waiting: 0 };
  if (input.maxDecisions !== undefined && due.length > input.maxDecisions) {
    done.waiting = due.length - input.maxDecisions;
    due.length = input.maxDecisions;
  }
  if (due.length === 0) return done;
  const models = { agent: recordedSettings(pipeline, "agent"), graph: recordedSettings(pipeline, "graph") };
  const cache = createDecisionCache(input.cacheDir, {
    promptVersion: PROMPT_VERSION,
    plugins: pipeline.plugins,
    models,
    chartDispatch: config.chart_dispatch,
    indicatorMode: config.indicator_mode,
    agents: config.agents,
    horizon: config.decision_horizon_bars,
    timeframe: entry.timeframe,
    name: entry.market,
    forward: entry.id,
    ...(hasStages(entry.stages) ? { stages: entry.stages } : {}),
    ...(entry.samples > 1 ? { decisionSamples: entry.samples } : {}),
  });
  const meter = createUsageMeter();
  const experiment = await openExperiment({
    kind: "forward",
    given: pipeline,
    config: { ...config },
    stages: entry.stages,
    blind: false,
    env: {},
    dependencies: {},
    plugins: [],
    pluginSummary: pipeline.plugins,
    answers: null,
    meter,
    recordEach: "forward",
    samples: entry.samples,
  });
  try {
    for (const index of due) {
      const bar = bars[index]!;
      const point: ExperimentPoint = {
        id: `${entry.id}/${new Date(bar.time).toISOString()}`,
        label: `${entry.market} ${entry.timeframe} bar ${new Date(bar.time).toISOString()}`,
        lane: entry.market,
        window: bars.slice(index - windowBars + 1, index + 1),
        later: [],
        timeframe: entry.timeframe,
        name: entry.market,
      };
      const key = cache.key(point.window);
      const found = await cache.get(key);
      const day = utcDay(input.now);
      if (input.maxCostPerDay !== undefined) {
        const estimate = estimateBacktest({
          decisions: 1,
          cached: found ? 1 : 0,
          models: { agent: models.agent.model, graph: models.graph.model },
          chartDispatch: config.chart_dispatch,
          indicatorMode: config.indicator_mode,
          agents: config.agents,
          stageCalls: 2 * (entry.stages.debate?.rounds ?? 0) + (entry.stages.memory ? 1 : 0),
          scripted: models.agent.provider === "demo" && models.graph.provider === "demo",
          decisionSamples: entry.samples,
        }).costUsd;
        const spent = await store.spentOn(day);
        // An unpriced model (at another address) cannot be counted against a cap: stop rather than spend unknown sums.
        if (estimate === null || spent + estimate > input.maxCostPerDay) {
          emit({ type: "cost-cap", day, spentUsd: spent, estimateUsd: estimate, capUsd: input.maxCostPerDay });
          return { ...done, capped: true };
        }
      }
      if (!(await holdLease(input, entry))) return done; // the lease ran out and another watcher took the entry
      // Another watcher may have recorded it while this one's lease had run out: never a bar twice.
      if (input.lease && ((await store.lastBarTime(entry.id)) ?? -Infinity) >= bar.time) continue;
      emit({ type: "analysing", entryId: entry.id, market: entry.market, barTime: bar.time });
      const spentBefore = meter.summary().estimatedCostUsd;
      // A live watcher's analysis ends with its lease, so no other watcher can take the entry while it runs.
      const analysisSignal = input.lease ? anySignal(signal, AbortSignal.timeout(input.lease.ms)) : signal;
      let decision;
      try {
        [decision] = await experiment.decide([point], {
          concurrency: 1,
          cache: { decisions: cache, keys: [key], found: [found] },
          ...(analysisSignal ? { signal: analysisSignal } : {}),
        });
      } finally {
        // What was spent counts, also for an analysis stopped half way.
        await store.addSpend(day, meter.summary().estimatedCostUsd - spentBefore);
      }
      // Stopped (the watcher or its worker is stopping, a job's time ran out): not the entry's failure; the bar waits.
      signal?.throwIfAborted();
      if (!decision?.directive) {
        const error = decision?.error ?? "no decision";
        const after = await store.recordFailure(entry.id, error);
        done.failures += 1;
        emit({ type: "failure", entryId: entry.id, market: entry.market, barTime: bar.time, error });
        if (after?.status === "paused")
          emit({ type: "paused", entryId: entry.id, market: entry.market, reason: after.pausedReason ?? error });
        return done; // this bar is tried again next round
      }
      await store.recordDecision(
        { entryId: entry.id, barTime: bar.time, analysisId: decision.journalId ?? null, directive: decision.directive },
        { now: new Date(input.now) },
      );
      done.decisions += 1;
      emit({
        type: "decision",
        entryId: entry.id,
        market: entry.market,
        barTime: bar.time,
        directive: decision.directive,
        cached: decision.cached,
        ...(decision.journalId ? { analysisId: decision.journalId } : {}),
      });
    }
    return done;
  } finally {
    await experiment.close();
  }
}

/**
 * A role's model as the meter prices it and the answer cache keys it: labelled by its address when that is not its
 * provider's own (priced as unknown, and never sharing answers with the provider's model of the same name). Without a
 * key there is no model yet; the configured name stands in, and the analysis fails on its own.
 */
export function recordedSettings(pipeline: Pick<Pipeline, "config" | "model">, role: ModelRole): ModelSettings {
  const settings = modelSettingsFor(pipeline.config, role);
  try {
    return { ...settings, model: pipeline.model(role).model };
  } catch {
    return settings;
  }
}
