// runBacktest with the risk stage, through the real OpenAI SDK against the local fake provider (the momentum analyst
// of momentum-analyst.ts) and real Chromium charts. Proven on bars made by hand: the model's position leaves at the
// risk stage's stop when a later bar reaches it (the stop first when the bar reaches the target too, filled at the
// level, paying the closing side, at the stage's size); a window with no sensible stop records the reason, gets no
// levels and the position simply holds at full size; the stages are in the settings and the cache key (a rerun with
// risk reuses the model's answers of the run without it); and the ablation compares the two runs on the same bars.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { type BacktestOptions, compareBacktests, runBacktest } from "../../src/backtest/index";
import { backtestAblationMarkdown } from "../../src/backtest/index";
import { type ChartRenderer, createChartRenderer } from "../../src/charts/png-renderer";
import type { Candle } from "../../src/market/candle";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import { fakeLesson } from "../fakes/fake-default-handler";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { momentumAnalyst } from "./momentum-analyst";

const key = "sk-backtest.risk-0123456789abcdef";
const COST = 5 / 10_000; // the default 5 bps a side
let server: FakeProviderServer;
let renderer: ChartRenderer;
let scratch: string;

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key], handler: momentumAnalyst });
  renderer = createChartRenderer();
  scratch = await mkdtemp(path.join(tmpdir(), "run-backtest-risk-"));
});
afterAll(async () => {
  await renderer?.close();
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});
beforeEach(() => server?.reset());

function options(candles: Candle[], extra: Partial<BacktestOptions> = {}): BacktestOptions {
  return {
    series: { candles, timeframe: "4h", name: "Hand-made" },
    config: {
      api_key: key,
      openai_base_url: server.openaiBaseUrl,
      max_retries: 0,
      data_dir: scratch,
      journal: false,
      // The momentum analyst reads the bars the tool loop sends back (momentum-analyst.ts).
      indicator_mode: "tool-call",
    },
    cacheDir: false,
    concurrency: 2,
    dependencies: { renderer, env: {} },
    ...extra,
  };
}

// Decisions at bars 44, 47, 50, 53, 56 (window 45, horizon and step 3). Bar 45 opens at the decision's close and
// spans from a hundredth of it to ten times it, closing where it opened: any stop and any target are reached.
const wavy = candlesFromCloses(wavyCloses(60, 5));
const entry = wavy[44]!.close;
const wide = wavy.map((candle, index) =>
  index === 45 ? { ...candle, open: entry, high: entry * 10, low: entry / 100, close: entry } : candle,
);

describe("runBacktest with the risk stage", () => {
  it("leaves at the stop when a later bar reaches both stop and target: the stop's price, both sides paid at the stage's size", async () => {
    const result = await runBacktest(options(wide, { stages: { risk: {} } }));
    expect(result.errors).toBe(0);
    expect(result.settings.stages).toEqual({ risk: {} });
    const first = result.decisions[0]!;
    expect(first.bar).toBe(44);
    const risk = first.risk!;
    expect(risk.stopLoss).not.toBeNull();
    const { stopLoss, takeProfit, size } = risk as { stopLoss: number; takeProfit: number; size: number };
    expect(size).toBeGreaterThan(0);
    expect(size).toBeLessThanOrEqual(1);
    const model = result.lines[0]!;
    expect(model.kind).toBe("model");
    // Worked by hand from the rules: open at 44's close paying s × cost, out at the stop at 45 paying s × cost.
    const opened = 1 - size * COST;
    const ratio = stopLoss / entry;
    const growth = first.directive === "LONG" ? 1 - size + size * ratio : 1 + size - size * ratio;
    expect(model.equity[0]!.value).toBeCloseTo(opened, 12);
    expect(model.equity[1]!.value).toBeCloseTo(opened * growth * (1 - size * COST), 12);
    // The stop is a loss, the target would have been a gain: leaving at the stop is what the equity shows.
    expect(model.equity[1]!.value).toBeLessThan(opened);
    expect(first.directive === "LONG" ? takeProfit > entry : takeProfit < entry).toBe(true);
    // Out at 45 and nothing decided at 46: flat until the decision at 47.
    expect(model.equity[2]!.value).toBe(model.equity[1]!.value);

    // The same bars without the stage: the position rides bar 45 (closing where it opened) to its horizon.
    server.reset();
    const plain = await runBacktest(options(wide));
    expect(plain.settings.stages).toEqual({});
    expect(plain.decisions[0]!.risk).toBeNull();
    expect(plain.lines[0]!.equity[1]!.value).toBeCloseTo(1 - COST, 12);
  }, 120_000);

  it("a window with no sensible stop records the reason and no levels; the position holds at full size", async () => {
    // 45 bars that never move (no volatility to set a stop from), then a bar that falls to half and closes at 90.
    const flat: Candle[] = wavy.map((candle, index) =>
      index < 45
        ? { ...candle, open: 100, high: 100, low: 100, close: 100 }
        : index === 45
          ? { ...candle, open: 100, high: 100, low: 50, close: 90 }
          : { ...candle, open: 90, high: 90.5, low: 89.5, close: 90 },
    );
    const result = await runBacktest(options(flat, { stages: { risk: {} } }));
    const first = result.decisions[0]!;
    expect(first.directive).toBe("LONG"); // momentum of a flat window: bullish
    expect(first.risk).toMatchObject({ stopLoss: null, takeProfit: null, size: null });
    expect(first.risk?.reason).toMatch(/flat window/);
    const model = result.lines[0]!;
    // Held through the fall at full size: the price ratio 0.9 after the opening side, no stop to leave at.
    expect(model.equity[1]!.value).toBeCloseTo((1 - COST) * 0.9, 12);
  }, 120_000);

  it("keys the decisions by their stages, reuses the model's answers, and the ablation compares the same bars", async () => {
    const cacheDir = path.join(scratch, "cache-ablation");
    const without = await runBacktest(options(wide, { cacheDir, stages: {} }));
    const asked = server.requestCount();
    expect(asked).toBeGreaterThan(0);
    const withRisk = await runBacktest(options(wide, { cacheDir, stages: { risk: {} } }));
    // Risk makes no call and changes no prompt: every answer came from the model cache, none from the provider.
    expect(server.requestCount()).toBe(asked);
    expect(withRisk.decisions.every((decision) => decision.cached === false)).toBe(true);
    expect(withRisk.usage.cachedCalls).toBeGreaterThan(0);
    expect(withRisk.decisions.every((decision) => decision.risk !== null)).toBe(true);
    // Same directives; the exits differ.
    const ablation = compareBacktests(without, withRisk);
    expect(ablation.agreements).toBe(without.decisions.length);
    expect(ablation.paired).toMatchObject({ aOnly: 0, bOnly: 0, pValue: 1 });
    expect(ablation.with.totalReturn).not.toBe(ablation.without.totalReturn);
    const markdown = backtestAblationMarkdown(ablation);
    expect(markdown).toContain("without stages");
    expect(markdown).toContain("with risk");
    // A rerun with risk is a decision-cache hit: nothing asked, the same lines.
    const again = await runBacktest(options(wide, { cacheDir, stages: { risk: {} } }));
    expect(again.decisions.every((decision) => decision.cached)).toBe(true);
    expect(again.lines).toEqual(withRisk.lines);
    expect(again.decisions.map((decision) => decision.risk)).toEqual(
      withRisk.decisions.map((decision) => decision.risk),
    );
  }, 180_000);
});

describe("runBacktest with memory and a debate", () => {
  it("analyses the decisions in time order, each given the lessons whose outcome closed before its bar, with a debate", async () => {
    const result = await runBacktest(options(wavy, { stages: { memory: { lessons: 2 }, debate: { rounds: 1 } } }));
    expect(result.errors).toBe(0);
    expect(result.settings.stages).toEqual({ memory: { lessons: 2 }, debate: { rounds: 1 } });
    const decisionPrompts = server.requests.filter(
      (request) => request.summary.wantsJson && !request.summary.systemText.includes("You are the post-trade reviewer"),
    );
    const reflections = server.requests.filter((request) =>
      request.summary.systemText.includes("You are the post-trade reviewer"),
    );
    // One reflection per decision (a replay: the bars after it score its outcome at once).
    expect(reflections).toHaveLength(result.decisions.length);
    expect(decisionPrompts).toHaveLength(result.decisions.length);
    // In time order, one after another: the first decision knew no lesson, the later ones did (at most 2).
    const lessonsIn = (text: string) => text.split(fakeLesson.lesson).length - 1;
    const counts = decisionPrompts.map((request) => lessonsIn(request.rawBody));
    expect(counts[0]).toBe(0);
    expect(counts.slice(1).every((count) => count >= 1 && count <= 2)).toBe(true);
    // The debate ran: a bull and a bear turn per decision, on top of the four agents.
    expect(result.usage.freshCalls).toBe(result.decisions.length * (5 + 2 + 1));
  }, 180_000);
});
