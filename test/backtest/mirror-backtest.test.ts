// Blind and mirror in the backtest, through the real OpenAI SDK against the local fake provider (its analyst follows
// the 3-bar momentum of the bars it is sent, so it flips on a mirrored series) and real Chromium charts: the mirrored
// lines are played on the mirror image, blind windows carry no date or name, blind is in the decision cache's key,
// and a series that cannot be mirrored is refused before any call.

import path from "node:path";

import { beforeEach, describe, expect, it } from "vitest";

import { type BacktestOptions, runBacktest } from "../../src/backtest/index";
import type { ChartRenderer } from "../../src/charts/png-renderer";
import { InputError } from "../../src/common/input-error";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import type { FakeProviderServer } from "../fakes/fake-provider-server";
import { useMomentumFixture } from "../support/momentum-fixture";

let server: FakeProviderServer;
let renderer: ChartRenderer;
let scratch: string;
const { key } = useMomentumFixture("mirror-backtest", (started) => ({ server, renderer, scratch } = started));
beforeEach(() => server.reset());

// 60 bars: decisions at bars 44, 47, 50, 53, 56 (window 45, horizon and step 3).
const candles = candlesFromCloses(wavyCloses(60, 5));

function options(extra: Partial<BacktestOptions> = {}): BacktestOptions {
  return {
    series: { candles, timeframe: "4h", name: "Wavy" },
    config: {
      api_key: key,
      openai_base_url: server.openaiBaseUrl,
      max_retries: 0,
      data_dir: scratch,
      journal: false,
      // The Indicator agent's tool loop, which these counts were taken with.
      indicator_mode: "tool-call",
    },
    cacheDir: path.join(scratch, "cache"),
    concurrency: 2,
    dependencies: { renderer, env: {} },
    ...extra,
  };
}

const line = (lines: { name: string; totalReturn: number; hitRate: number | null }[], name: string) =>
  lines.find((entry) => entry.name === name)!;

describe("a blind, mirrored backtest", () => {
  it("plays every line on the mirror image too, asks nothing dated or named, and keys its cache by blind", async () => {
    const result = await runBacktest(options({ blind: true, mirror: true }));
    expect(result.settings).toMatchObject({ blind: true, mirror: true });
    expect(result.estimate).toMatchObject({ decisions: 10, cached: 0 });
    const sent = server.requestCount();
    expect(sent).toBeGreaterThanOrEqual(10 * 4);
    for (const request of server.requests)
      expect(request.rawBody.replace(/[A-Za-z0-9+/=]{200,}/g, "")).not.toMatch(/\d{4}-\d{2}-\d{2}|Wavy/);

    const mirror = result.mirror!;
    // Buy-and-hold on the mirror image ends at the inverse of the real growth (p -> c² / p, no cost).
    const growth = 1 + line(result.lines, "buy_and_hold").totalReturn;
    expect(1 + line(mirror.lines, "buy_and_hold").totalReturn).toBeCloseTo(1 / growth, 9);
    // The model's line is played on the mirror too; the momentum baseline flips on every mirrored window, so it
    // calls the mirrored moves exactly as well as the real ones.
    expect(mirror.lines[0]).toMatchObject({ kind: "model", name: result.lines[0]!.name });
    expect(mirror.lines[0]!.hitRate).not.toBeNull();
    expect(line(mirror.lines, "momentum").hitRate).toBeCloseTo(line(result.lines, "momentum").hitRate!, 9);
    expect(mirror.paired.length).toBeGreaterThan(0);

    // A rerun asks nothing; the same run not blind is asked afresh (blind is in every key).
    server.reset();
    const again = await runBacktest(options({ blind: true, mirror: true }));
    expect(server.requestCount()).toBe(0);
    expect(again.mirror!.lines).toEqual(mirror.lines);
    const plain = await runBacktest(options({ mirror: false }));
    expect(plain.mirror).toBeNull();
    expect(server.requestCount()).toBeGreaterThan(0);
  }, 300_000);

  it("refuses a series with a price at or below zero before any call", async () => {
    const broken = candles.map((candle, index) => (index === 10 ? { ...candle, low: 0 } : candle));
    const error = await runBacktest(
      options({ mirror: true, series: { candles: broken, timeframe: "4h", name: "Wavy" } }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect(server.requestCount()).toBe(0);
  });

  it("mirrors the baselines alone, no model asked", async () => {
    const result = await runBacktest(options({ includeModel: false, mirror: true }));
    expect(result.mirror!.lines.map((entry) => entry.name)).toEqual(result.lines.map((entry) => entry.name));
    expect(line(result.mirror!.lines, "always_long").hitRate).toBeCloseTo(
      1 - line(result.lines, "always_long").hitRate!,
      9,
    );
    expect(server.requestCount()).toBe(0);
  });
});
