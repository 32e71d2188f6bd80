// The forward test through startWatch's replay, on the real OpenAI SDK against the local fake provider and real
// Chromium charts. The fake analyst decides by the 3-bar momentum of the closes it is sent (momentum-analyst.ts), so
// what each analysis saw shows in what it decided. Proven here: one analysis per bar close after the first window,
// each given only the bars released so far (a poisoned later bar changes nothing before it), recorded in the journal
// with source forward and scored as bars arrive; a restart resumes without a gap or a repeat; max_cost_per_day stops
// the day at the cap and says so; three failures in a row pause an entry, and fewer do not.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { estimateBacktest } from "../../src/backtest/cost-estimate";
import { type ChartRenderer, createChartRenderer } from "../../src/charts/png-renderer";
import { forwardRecord } from "../../src/forward/forward-record";
import { startWatch, type StartWatchOptions } from "../../src/forward/start-watch";
import { describeWatchEvent, type WatchEvent } from "../../src/forward/watch-event";
import { watchEntryInputSchema } from "../../src/journal/watchlist-store";
import type { Candle } from "../../src/market/candle";
import { createPipeline, type Pipeline } from "../../src/pipeline/pipeline";
import { momentumAnalyst } from "../backtest/momentum-analyst";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";
import { fakeKey } from "../support/fake-key-shapes";
import { asProvidersOwnGpt4o } from "./providers-own-model";

const key = fakeKey("sk-forward-watch-", 24);
let server: FakeProviderServer;
let renderer: ChartRenderer;
let scratch: string;
const opened: Pipeline[] = [];

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key], handler: momentumAnalyst });
  renderer = createChartRenderer();
  scratch = await mkdtemp(path.join(tmpdir(), "start-watch-"));
});
afterAll(async () => {
  await Promise.all(opened.map((pipeline) => pipeline.close()));
  await renderer?.close();
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});
beforeEach(() => server?.reset());

// 50 bars of 4h: decisions at bars 44 to 49 (window 45), released one by one.
const candles = candlesFromCloses(wavyCloses(50, 7));
const FIRST = 44;
const POISON = 98_765.4321;

let folders = 0;
/** priced: the fake's models named as the provider's own gpt-4o, so a daily cap has a list price to count. */
function pipelineIn(dataDir?: string, priced = false) {
  const pipeline = createPipeline(
    {
      api_key: key,
      openai_base_url: server.openaiBaseUrl,
      max_retries: 0,
      data_dir: dataDir ?? path.join(scratch, `data-${++folders}`),
      journal: true,
    },
    { env: {}, renderer, ...(priced ? { wrapChatModel: asProvidersOwnGpt4o } : {}) },
  );
  opened.push(pipeline);
  return pipeline;
}

async function replay(
  pipeline: Pipeline,
  series: readonly Candle[],
  extra: Partial<StartWatchOptions> = {},
): Promise<{ events: WatchEvent[]; error?: unknown }> {
  const events: WatchEvent[] = [];
  const watch = startWatch({
    pipeline,
    mode: { kind: "replay", candles: series, timeframe: "4h", speed: 1e9 },
    ...extra,
    onEvent: (event) => {
      events.push(event);
      extra.onEvent?.(event);
    },
  });
  try {
    await watch.done;
    return { events };
  } catch (error) {
    return { events, error };
  }
}

const decisionsOf = (events: WatchEvent[]) => events.flatMap((event) => (event.type === "decision" ? [event] : []));
const momentum = (series: readonly Candle[], bar: number) =>
  series[bar]!.close >= series[bar - 3]!.close ? "LONG" : "SHORT";

describe("startWatch on a replayed series", () => {
  it("analyses each bar close after the first window on the bars so far, records it as forward, and scores it", async () => {
    const pipeline = pipelineIn();
    const journal = await pipeline.journal.open();
    const entry = await journal.watchlist.add({ symbol: "BTC-USD", timeframe: "4h" });
    const { events, error } = await replay(pipeline, candles);
    expect(error).toBeUndefined();

    const decisions = decisionsOf(events);
    expect(decisions.map((event) => event.barTime)).toEqual(candles.slice(FIRST).map((candle) => candle.time));
    // What the momentum of each window's last bars says: the window ended at its decision bar.
    expect(decisions.map((event) => event.directive)).toEqual(
      candles.slice(FIRST).map((_, offset) => momentum(candles, FIRST + offset)),
    );
    const page = await journal.list({ source: "forward" });
    expect(page.analyses).toHaveLength(6);
    for (const event of decisions) {
      const stored = await journal.get(event.analysisId!);
      const seen = stored!.candles as Candle[];
      expect(seen).toHaveLength(45);
      expect(seen.at(-1)!.time).toBe(event.barTime);
    }
    // Scored as bars arrived: each decision with its 3 later bars (44, 45, 46) has its outcome; the rest wait.
    // In the order bars were released: a decision at each close, an outcome once its third later bar has closed.
    const bar = (time: number) => candles.findIndex((candle) => candle.time === time);
    expect(events.map((event) => ("barTime" in event ? `${event.type} ${bar(event.barTime)}` : event.type))).toEqual([
      "analysing 44",
      "decision 44",
      "analysing 45",
      "decision 45",
      "analysing 46",
      "decision 46",
      "analysing 47",
      "decision 47",
      "scored 44",
      "analysing 48",
      "decision 48",
      "scored 45",
      "analysing 49",
      "decision 49",
      "scored 46",
    ]);
    const scored = events.flatMap((event) => (event.type === "scored" ? [event.barTime] : []));
    expect(scored).toEqual(candles.slice(FIRST, FIRST + 3).map((candle) => candle.time));
    expect((await journal.get(decisions[0]!.analysisId!))!.outcome).not.toBeNull();
    expect((await journal.get(decisions[5]!.analysisId!))!.outcome).toBeNull();
    expect(await journal.watchlist.lastBarTime(entry.id)).toBe(candles.at(-1)!.time);
  }, 300_000);

  it("a poisoned later bar changes nothing before it: the same decisions, and no earlier request holds it", async () => {
    const poisoned = candles.map((candle, index) =>
      index === candles.length - 1 ? { ...candle, close: POISON, high: POISON + 1 } : candle,
    );
    const runs = [];
    for (const series of [candles, poisoned]) {
      const pipeline = pipelineIn();
      await (await pipeline.journal.open()).watchlist.add({ symbol: "BTC-USD", timeframe: "4h" });
      server.reset();
      const seenPoison: boolean[] = [];
      const { events } = await replay(pipeline, series, {
        // After each decision: has any request so far carried the poisoned close?
        onEvent: (event) => {
          if (event.type === "decision") seenPoison.push(server.requests.some((r) => r.rawBody.includes("98765")));
        },
      });
      runs.push({ directives: decisionsOf(events).map((event) => event.directive), seenPoison });
    }
    expect(runs[1]!.directives.slice(0, -1)).toEqual(runs[0]!.directives.slice(0, -1));
    expect(runs[1]!.seenPoison).toEqual([false, false, false, false, false, true]);
    expect(runs[0]!.seenPoison.every((seen) => !seen)).toBe(true);
  }, 300_000);

  it("a restart mid-series resumes at the next bar: no gap, no repeat, nothing asked twice", async () => {
    const dataDir = path.join(scratch, "restart");
    const first = pipelineIn(dataDir);
    const journal = await first.journal.open();
    await journal.watchlist.add({ symbol: "BTC-USD", timeframe: "4h" });
    const stop = new AbortController();
    let seen = 0;
    const interrupted = await replay(first, candles, {
      signal: stop.signal,
      onEvent: (event) => {
        if (event.type === "decision" && ++seen === 3) stop.abort();
      },
    });
    expect(interrupted.error).toBeDefined();
    expect(decisionsOf(interrupted.events)).toHaveLength(3);
    const requestsBefore = server.requestCount();

    const second = pipelineIn(dataDir); // a new process, in effect: the same journal and cache
    const resumed = await replay(second, candles);
    expect(resumed.error).toBeUndefined();
    expect(decisionsOf(resumed.events).map((event) => event.barTime)).toEqual(
      candles.slice(FIRST + 3).map((candle) => candle.time),
    );
    expect(decisionsOf(resumed.events).every((event) => !event.cached)).toBe(true);
    const all = await (await second.journal.open()).list({ source: "forward" });
    expect(all.analyses).toHaveLength(6);
    expect(server.requestCount()).toBeGreaterThan(requestsBefore);
    // Once more: every bar is done, so nothing is asked.
    const again = server.requestCount();
    expect(decisionsOf((await replay(second, candles)).events)).toHaveLength(0);
    expect(server.requestCount()).toBe(again);
  }, 300_000);
});

describe("an entry's own settings", () => {
  it("samples: 3 asks the Decision agent three times for each bar, and the record keeps the votes; 1 keeps none", async () => {
    const pipeline = pipelineIn();
    const journal = await pipeline.journal.open();
    await journal.watchlist.add({ symbol: "BTC-USD", timeframe: "4h", samples: 3 });
    await journal.watchlist.add({ symbol: "ETH-USD", timeframe: "4h", samples: 1 });
    const { events } = await replay(pipeline, candles.slice(0, 45));
    const [three, one] = decisionsOf(events);
    const votes = (id: string) =>
      journal.get(id).then((stored) => (stored!.final_decision as { votes?: unknown }).votes);
    expect(await votes(three!.analysisId!)).toEqual(
      three!.directive === "LONG" ? { LONG: 3, SHORT: 0 } : { LONG: 0, SHORT: 3 },
    );
    expect(await votes(one!.analysisId!)).toBeUndefined();
  }, 300_000);

  it("models: an entry's own are the ones asked and recorded, and the pipeline's own are back for the next entry", async () => {
    const pipeline = pipelineIn();
    const journal = await pipeline.journal.open();
    await journal.watchlist.add({
      symbol: "BTC-USD",
      timeframe: "4h",
      models: { agent: "entry-agent-model", graph: "entry-graph-model" },
    });
    await journal.watchlist.add({ symbol: "ETH-USD", timeframe: "4h" });
    const own = { ...pipeline.config };
    const { events, error } = await replay(pipeline, candles.slice(0, 45));
    expect(error).toBeUndefined();
    const [entrys, pipelines] = decisionsOf(events);
    const recorded = async (id: string) => {
      const models = (await journal.get(id))!.models as { agent: { model: string }; graph: { model: string } };
      return [models.agent.model, models.graph.model];
    };
    const [entryAgent, entryGraph] = await recorded(entrys!.analysisId!);
    expect(entryAgent).toContain("entry-agent-model");
    expect(entryGraph).toContain("entry-graph-model");
    const [ownAgent, ownGraph] = await recorded(pipelines!.analysisId!);
    expect(ownAgent).toContain(own.agent_llm_model);
    expect(ownGraph).toContain(own.graph_llm_model);
    // The requests (the graph model answers every call of this configuration): the entry's, then the pipeline's.
    const models = server.requests.map((request) => (request.body as { model?: string }).model);
    expect(new Set(models)).toEqual(new Set(["entry-graph-model", own.graph_llm_model]));
    expect(models.indexOf(own.graph_llm_model)).toBeGreaterThan(models.lastIndexOf("entry-graph-model"));
    expect(pipeline.config).toEqual(own);
    // The live record names the entry's graph model as the model whose decisions these are.
    const entry = (await journal.watchlist.list())[0]!;
    expect(entry.models).toEqual({ agent: "entry-agent-model", graph: "entry-graph-model" });
    const record = await forwardRecord({ pipeline, entryId: entry.id, candles });
    expect(record.model).toBe("entry-graph-model");
    expect(record.backtest!.settings.models).toMatchObject({
      agent: { model: "entry-agent-model" },
      graph: { model: "entry-graph-model" },
    });
  }, 300_000);
});

describe("spending and failures", () => {
  // The estimate the watcher holds against the cap: the backtest's typical figures for the config's models.
  const estimate = (pipeline: Pipeline) =>
    estimateBacktest({
      decisions: 1,
      cached: 0,
      models: { agent: pipeline.config.agent_llm_model, graph: pipeline.config.graph_llm_model },
      chartDispatch: pipeline.config.chart_dispatch,
    }).costUsd!;

  it("max_cost_per_day with models that have no list price (at another address): nothing is asked, and why", async () => {
    const pipeline = pipelineIn();
    await (await pipeline.journal.open()).watchlist.add({ symbol: "BTC-USD", timeframe: "4h" });
    const { events } = await replay(pipeline, candles.slice(0, 46), { maxCostPerDay: 100 });
    expect(decisionsOf(events)).toHaveLength(0);
    const capped = events.filter((event) => event.type === "cost-cap");
    expect(capped).toHaveLength(2);
    expect(capped[0]).toMatchObject({ estimateUsd: null, capUsd: 100 });
    expect(describeWatchEvent(capped[0]!)).toMatch(/the models have no list price/);
    expect(server.requestCount()).toBe(0);
  }, 300_000);

  it("max_cost_per_day below one analysis's estimate: nothing is asked, and the day says so", async () => {
    const pipeline = pipelineIn(undefined, true);
    await (await pipeline.journal.open()).watchlist.add({ symbol: "BTC-USD", timeframe: "4h" });
    const { events } = await replay(pipeline, candles.slice(0, 46), { maxCostPerDay: estimate(pipeline) * 0.99 });
    expect(decisionsOf(events)).toHaveLength(0);
    expect(events.filter((event) => event.type === "cost-cap")).toHaveLength(2); // each round says so
    expect(server.requestCount()).toBe(0);
  }, 300_000);

  it("max_cost_per_day in the config record: the same stop without the option, and the option wins over it", async () => {
    const pipeline = pipelineIn(undefined, true);
    pipeline.configure({ max_cost_per_day: estimate(pipeline) * 0.99 });
    await (await pipeline.journal.open()).watchlist.add({ symbol: "BTC-USD", timeframe: "4h" });
    const held = await replay(pipeline, candles.slice(0, 45));
    expect(decisionsOf(held.events)).toHaveLength(0);
    expect(held.events.find((event) => event.type === "cost-cap")).toMatchObject({
      capUsd: estimate(pipeline) * 0.99,
    });
    expect(server.requestCount()).toBe(0);
    const allowed = await replay(pipeline, candles.slice(0, 45), { maxCostPerDay: estimate(pipeline) * 10 });
    expect(decisionsOf(allowed.events)).toHaveLength(1);
    expect(() => pipeline.configure({ max_cost_per_day: -1 })).toThrow(/max_cost_per_day.*0 or more/);
  }, 300_000);

  it("max_cost_per_day at exactly one estimate: one analysis, then the day's spending plus the next estimate is over", async () => {
    const pipeline = pipelineIn(undefined, true);
    const journal = await pipeline.journal.open();
    await journal.watchlist.add({ symbol: "BTC-USD", timeframe: "4h" });
    const cap = estimate(pipeline);
    const { events } = await replay(pipeline, candles.slice(0, 47), { maxCostPerDay: cap });
    expect(decisionsOf(events)).toHaveLength(1);
    const capped = events.find((event) => event.type === "cost-cap");
    expect(capped).toMatchObject({ type: "cost-cap", capUsd: cap });
    expect(describeWatchEvent(capped!)).toMatch(
      /^Stopped for \d{4}-\d\d-\d\d: \$0\.\d{4} spent and the next analysis's estimate \$0\.\d{4} would pass max_cost_per_day/,
    );
    const day = new Date(candles[45]!.time + 4 * 3_600_000).toISOString().slice(0, 10);
    expect(await journal.watchlist.spentOn(day)).toBeGreaterThan(0);
  }, 300_000);

  it("three failed analyses in a row pause the entry with the reason; two then a decision do not", async () => {
    const pipeline = pipelineIn();
    const journal = await pipeline.journal.open();
    const entry = await journal.watchlist.add({ symbol: "BTC-USD", timeframe: "4h" });
    server.setHandler(() => fakeReply.error(400, "This model is not available for your account."));
    const { events } = await replay(pipeline, candles);
    expect(events.filter((event) => event.type === "failure")).toHaveLength(3);
    expect(events.filter((event) => event.type === "paused")).toHaveLength(1);
    const paused = await journal.watchlist.get(entry.id);
    expect(paused).toMatchObject({ status: "paused", failures: 3 });
    expect(paused!.pausedReason).toMatch(/^3 failed analyses in a row; the last: .*not available/);
    expect(decisionsOf(events)).toHaveLength(0);

    // Two failures, then the provider answers: the count starts again and the entry stays active.
    const other = pipelineIn();
    const otherJournal = await other.journal.open();
    const active = await otherJournal.watchlist.add({ symbol: "ETH-USD", timeframe: "4h" });
    let failuresLeft = 2;
    server.setHandler((request) =>
      failuresLeft > 0 && request.summary.wantsJson
        ? (failuresLeft--, fakeReply.error(400, "This model is not available for your account."))
        : momentumAnalyst(request),
    );
    const second = await replay(other, candles);
    expect(second.events.filter((event) => event.type === "failure")).toHaveLength(2);
    // Bar 44 failed in the first two rounds (a failed bar is tried again next round, the later ones wait behind it),
    // then every bar was decided: no gap.
    expect(decisionsOf(second.events).map((event) => event.barTime)).toEqual(
      candles.slice(FIRST).map((candle) => candle.time),
    );
    expect(await otherJournal.watchlist.get(active.id)).toMatchObject({ status: "active", failures: 0 });
  }, 300_000);
});

describe("the live watch", () => {
  it("runs until stopped, then settles with what it did (no round before the first minute mark)", async () => {
    const pipeline = pipelineIn();
    const watch = startWatch({ pipeline, mode: { kind: "live" } });
    const stopped = performance.now();
    watch.stop();
    expect(await watch.done).toEqual({ rounds: 0, decisions: 0, failures: 0, scored: 0, capped: false });
    expect(performance.now() - stopped).toBeLessThan(1_000);
  });
});

describe("what startWatch refuses", () => {
  it("a pipeline without its journal, a speed of zero, an entry with both a symbol and an asset", () => {
    const noJournal = createPipeline({ api_key: key, journal: false, data_dir: scratch }, { env: {} });
    opened.push(noJournal);
    expect(() => startWatch({ pipeline: noJournal, mode: { kind: "once" } })).toThrow(/journal/);
    const pipeline = pipelineIn();
    expect(() => startWatch({ pipeline, mode: { kind: "replay", candles, timeframe: "4h", speed: 0 } })).toThrow(
      /speed must be a positive number/,
    );
    expect(() => startWatch({ pipeline, mode: { kind: "once" }, maxCostPerDay: -1 })).toThrow(/max_cost_per_day/);
    expect(watchEntryInputSchema.safeParse({ symbol: "BTC-USD", asset: "BTC", timeframe: "4h" }).success).toBe(false);
    expect(watchEntryInputSchema.safeParse({ timeframe: "4h" }).success).toBe(false);
    expect(watchEntryInputSchema.safeParse({ symbol: "binance:BTC/USDT", timeframe: "1h" }).success).toBe(true);
  });
});
