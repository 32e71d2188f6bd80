// runBacktest with the model, through the real OpenAI SDK against the local fake provider and real Chromium charts.
// The fake analyst decides by the 3-bar momentum of the bars it is sent (momentum-analyst.ts), so what the model
// saw shows in what it decided. Proven here: no decision receives a bar after its decision bar (a poisoned future bar
// changes nothing before it), a rerun asks nothing, a stopped run keeps its completed decisions and resumes, a failed
// analysis is recorded and the run goes on, and a caller's pipeline records the run, not each decision.
import { mkdtemp } from "node:fs/promises";
import path from "node:path";

import { beforeEach, describe, expect, it } from "vitest";

import { type BacktestEstimate, backtestMarkdown, type BacktestOptions, runBacktest } from "../../src/backtest/index";
import type { ChartRenderer } from "../../src/charts/png-renderer";
import { DEMO_LABEL } from "../../src/config/providers";
import { createPipeline } from "../../src/pipeline/pipeline";
import { definePlugin } from "../../src/plugins/define-plugin";
import type { RunProgress } from "../../src/reports/progress-bar";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import { type FakeProviderServer, fakeReply } from "../fakes/fake-provider-server";
import { useMomentumFixture } from "../support/momentum-fixture";
import { closesInPrompt } from "./momentum-analyst";

let server: FakeProviderServer;
let renderer: ChartRenderer;
let scratch: string;
const { key } = useMomentumFixture("run-backtest-model", (started) => ({ server, renderer, scratch } = started));
beforeEach(() => server?.reset());

// 60 bars: decisions at bars 44, 47, 50, 53, 56 (window 45, horizon and step 3).
const candles = candlesFromCloses(wavyCloses(60, 5));
const config = () => ({
  api_key: key,
  openai_base_url: server.openaiBaseUrl,
  max_retries: 0,
  data_dir: scratch,
  journal: false,
  // The Indicator agent's tool loop, which these counts and decisions were taken with.
  indicator_mode: "tool-call" as const,
});

function options(cacheName: string | false, extra: Partial<BacktestOptions> = {}): BacktestOptions {
  return {
    series: { candles, timeframe: "4h", name: "Wavy" },
    config: config(),
    cacheDir: cacheName === false ? false : path.join(scratch, cacheName),
    concurrency: 2,
    dependencies: { renderer, env: {} },
    ...extra,
  };
}

describe("runBacktest with the model", () => {
  it("decides on each window alone: a poisoned bar after a decision bar changes no decision before it", async () => {
    const clean = await runBacktest(options(false));
    const cleanRequests = server.requests.length;
    expect(clean.errors).toBe(0);
    // The model said what momentum over its own window said, at every decision.
    expect(clean.decisions.map((decision) => decision.directive)).toEqual(
      clean.decisions.map((decision) => decision.baselines.momentum),
    );
    expect(clean.lines[0]).toMatchObject({ name: "gpt-4o", kind: "model" });

    server.reset();
    const poisonedBar = 52; // after the decisions at 44, 47 and 50; before those at 53 and 56
    const poison = 987_654;
    const poisoned = candles.map((candle, index) =>
      index === poisonedBar ? { ...candle, open: poison, high: poison, close: poison } : candle,
    );
    const result = await runBacktest(options(false, { series: { candles: poisoned, timeframe: "4h", name: "Wavy" } }));
    expect(server.requests.length).toBe(cleanRequests);
    const before = (run: typeof clean) => run.decisions.filter((decision) => decision.bar < poisonedBar);
    expect(before(result).map(({ directive, baselines }) => ({ directive, baselines }))).toEqual(
      before(clean).map(({ directive, baselines }) => ({ directive, baselines })),
    );
    // Every window the model was sent ends at a decision bar and holds the 45 bars up to it, never one after.
    const decisionCloses = new Map(result.decisions.map((decision) => [poisoned[decision.bar]!.close, decision.bar]));
    const windows = server.requests
      .map((request) => closesInPrompt(request.summary.lastUserText))
      .filter((closes) => closes.length > 0);
    expect(windows.length).toBe(2 * result.decisions.length); // the Indicator agent's two rounds per decision
    for (const closes of windows) {
      const bar = decisionCloses.get(closes.at(-1)!);
      expect(bar).toBeDefined();
      expect(closes).toEqual(poisoned.slice(bar! - 44, bar! + 1).map((candle) => Number(candle.close.toPrecision(7))));
      expect(closes.includes(poison)).toBe(bar! >= poisonedBar);
    }
  }, 120_000);

  it("a rerun asks the provider nothing and gives the same lines; the estimate says every decision is cached", async () => {
    const first = await runBacktest(options("cache-rerun"));
    const sent = server.requestCount();
    // Five decisions of five calls; a call identical to an earlier one (the same reports to decide on) is answered
    // from the model-answer cache.
    expect(first.usage.freshCalls).toBe(sent);
    expect(first.usage.freshCalls + first.usage.cachedCalls).toBe(5 * 5);
    expect(first.estimate).toMatchObject({ decisions: 5, cached: 0, toAnalyse: 5, calls: 25 });
    server.reset();
    const second = await runBacktest(options("cache-rerun", { maxCostUsd: 0 }));
    expect(server.requestCount()).toBe(0);
    expect(second.estimate).toMatchObject({ decisions: 5, cached: 5, toAnalyse: 0, calls: 0, costUsd: 0 });
    expect(second.lines).toEqual(first.lines);
    expect(second.decisions.every((decision) => decision.cached)).toBe(true);
  }, 120_000);

  it("stopped half-way, it keeps every completed decision and a rerun resumes with the rest", async () => {
    const controller = new AbortController();
    const progress: RunProgress[] = [];
    const stopped = runBacktest(
      options("cache-resume", {
        concurrency: 1,
        signal: controller.signal,
        onProgress: (snapshot) => {
          progress.push(snapshot);
          if (snapshot.done === 2) controller.abort();
        },
      }),
    );
    await expect(stopped).rejects.toThrow();
    expect(progress.at(-1)).toMatchObject({ unit: "decisions", done: 2, total: 5 });
    server.reset();
    const estimates: unknown[] = [];
    const resumed = await runBacktest(options("cache-resume", { onEstimate: (estimate) => estimates.push(estimate) }));
    expect(estimates).toMatchObject([{ cached: 2, toAnalyse: 3 }]);
    expect(resumed.usage.freshCalls + resumed.usage.cachedCalls).toBe(3 * 5);
    const whole = await runBacktest(options("cache-resume-whole"));
    expect(resumed.lines).toEqual(whole.lines);
  }, 120_000);

  it("records a failed analysis with its error and goes on; that decision trades nothing and is left out of the pair", async () => {
    server.enqueue(fakeReply.error(400, "Bad request from the test"));
    const result = await runBacktest(options(false, { concurrency: 1 }));
    expect(result.errors).toBe(1);
    expect(result.decisions[0]).toMatchObject({ bar: 44, error: expect.stringMatching(/Bad request from the test/) });
    expect(result.decisions[0]!.directive).toBeUndefined();
    expect(result.decisions.slice(1).every((decision) => decision.directive !== undefined)).toBe(true);
    const model = result.paired.find((test) => test.a === "gpt-4o")!;
    expect(model.n).toBe(result.paired.find((test) => test.a === "momentum")!.n - 1);
    expect(result.lines[0]!.equity[0]!.value).toBe(1); // no position opened at the first bar
  }, 120_000);

  it("never records a key a failing part put in its error: the decision's error is redacted by value", async () => {
    // A plugin analyst whose error carries the key (as a careless plugin or proxy might).
    const leaky = definePlugin({
      name: "leaky",
      version: "1.0.0",
      analysts: [
        {
          name: "leaky",
          title: "Leaky",
          run: async () => {
            throw new Error(`upstream refused key ${key}`);
          },
        },
      ],
    });
    const result = await runBacktest(options(false, { concurrency: 1, plugins: [leaky] }));
    expect(result.errors).toBe(result.decisions.length);
    expect(result.decisions[0]!.error).toMatch(/leaky/);
    expect(JSON.stringify(result)).not.toContain(key);
  }, 120_000);

  it("with the caller's pipeline: its models and journal; the run is recorded whole, no decision on its own", async () => {
    const dataDir = path.join(scratch, "own-pipeline");
    const pipeline = createPipeline({ ...config(), data_dir: dataDir, journal: true }, { renderer, env: {} });
    try {
      const result = await runBacktest({
        pipeline,
        series: { candles, timeframe: "4h", name: "Wavy" },
        cacheDir: path.join(scratch, "cache-pipeline"),
      });
      expect(result.usage.freshCalls).toBe(25); // counted from the results: the caller's models have no cache
      expect(result.journalRunId).toBeDefined();
      expect((await pipeline.journal.list()).analyses).toEqual([]);
      expect((await pipeline.journal.listEvaluationRuns({ kind: "backtest" })).runs).toHaveLength(1);
    } finally {
      await pipeline.close();
    }
  }, 120_000);
  it("deflates the model line's Sharpe ratio by the backtests with a model on the same series in the journal", async () => {
    const dataDir = await mkdtemp(path.join(scratch, "trials-"));
    const run = (name: string) =>
      runBacktest({
        series: { candles, timeframe: "4h", name },
        config: { agent_llm_provider: "demo", graph_llm_provider: "demo", data_dir: dataDir, journal: true },
        cacheDir: false,
        concurrency: 1,
        dependencies: { renderer, env: {} },
      });
    // Baselines only on the same series: not a try of a model, so never counted.
    await runBacktest({
      series: { candles, timeframe: "4h", name: "Wavy" },
      includeModel: false,
      config: { data_dir: dataDir, journal: true },
    });
    const first = await run("Wavy");
    expect(first.deflatedSharpe).toMatchObject({ line: "gpt-4o", trials: 1, dsr: null });
    const second = await run("Wavy");
    expect(second.deflatedSharpe).toMatchObject({ line: "gpt-4o", trials: 2 });
    expect(second.deflatedSharpe?.dsr).toBeTypeOf("number");
    expect(second.deflatedSharpe!.dsr!).toBeLessThan(second.deflatedSharpe!.psr!);
    // Another series (its name differs): its own first try.
    expect((await run("Wavy again")).deflatedSharpe).toMatchObject({ trials: 1, dsr: null });
    // The model line held against buy-and-hold and always-LONG; each baseline against buy-and-hold only.
    const tests = second.significance.map((test) => `${test.line}/${test.against}`);
    expect(tests.slice(0, 2)).toEqual(["gpt-4o/buy_and_hold", "gpt-4o/always_long"]);
    expect(tests.filter((test) => test.endsWith("/always_long"))).toEqual(["gpt-4o/always_long"]);
    expect(tests).not.toContain("buy_and_hold/buy_and_hold");
  }, 120_000);

  it("on the demo provider: no key, free within a zero budget, every decision the rule's, the report says so", async () => {
    const estimates: BacktestEstimate[] = [];
    const result = await runBacktest({
      series: { candles, timeframe: "4h", name: "Wavy" },
      config: { agent_llm_provider: "demo", graph_llm_provider: "demo", data_dir: scratch, journal: false },
      cacheDir: false,
      maxCostUsd: 0,
      concurrency: 1,
      dependencies: { renderer, env: {} },
      onEstimate: (estimate) => estimates.push(estimate),
    });
    // Told before anything runs: scripted answers, no model calls.
    expect(estimates).toHaveLength(1);
    expect(estimates[0]).toMatchObject({ toAnalyse: 5, calls: 0, costUsd: 0 });
    expect(result.decisions.map((decision) => decision.error ?? "")).toEqual(["", "", "", "", ""]);
    expect(result.decisions.filter((decision) => decision.directive !== undefined)).toHaveLength(5);
    expect(result.usage.estimatedCostUsd).toBe(0);
    expect(server.requestCount()).toBe(0);
    const markdown = backtestMarkdown(result);
    expect(markdown).toContain(`${DEMO_LABEL}: the model line's decisions come from the demo provider's fixed rule`);
  }, 120_000);
});
