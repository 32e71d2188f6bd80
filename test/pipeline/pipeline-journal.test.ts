// The pipeline's journal: what analyze() records (and what it does not), outcomes known at once for a replay with
// `end`, scoring later from the pipeline's own market data, and the switch that turns recording off.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import type { ChartRenderer } from "../../src/charts/png-renderer";
import { InputError } from "../../src/common/input-error";
import { ProviderError } from "../../src/llm/provider-error";
import { createPipeline } from "../../src/pipeline/pipeline";
import { defaultFakeHandler } from "../fakes/fake-default-handler";
import { type FakeProviderServer, fakeReply } from "../fakes/fake-provider-server";
import { dailyBarsFetch } from "../market/yahoo-fixtures";
import { TEST_KEY, usePipelineHarness } from "../support/pipeline-harness";
import { syntheticCandles } from "../support/synthetic-candles";

let server: FakeProviderServer;
let renderer: ChartRenderer;
const { pipeline } = usePipelineHarness(
  { name: "pipeline-journal", defaults: { max_retries: 0 } },
  (started) => ({ server, renderer } = started),
);

const HOUR = 3_600_000;
const candles = syntheticCandles({ count: 60 });
/** A scratch data folder of its own: a journal no other test writes to. */
const freshDataDir = () => mkdtempSync(path.join(tmpdir(), "pipeline-journal-own-"));

function csvOf(rows: typeof candles): string {
  const lines = rows.map(
    (bar) => `${new Date(bar.time).toISOString()},${bar.open},${bar.high},${bar.low},${bar.close},${bar.volume}`,
  );
  return ["Datetime,Open,High,Low,Close,Volume", ...lines].join("\n");
}

describe("analyze() and the journal", () => {
  it("records each analysis: the result carries its id, and the journal gives back the same answer with its charts", async () => {
    const subject = pipeline({ data_dir: freshDataDir() });
    const result = await subject.analyze({ candles, timeframe: "4h", name: "Synthetic" });
    expect(result.id).toMatch(/\S/);
    const stored = await subject.journal.get(result.id!);
    expect(stored).toMatchObject({
      id: result.id,
      asset: "Synthetic",
      timeframe: "4h",
      final_decision: { decision: result.decision.decision, risk_reward_ratio: result.decision.riskRewardRatio },
      prompt_version: result.promptVersion,
      outcome: null,
    });
    expect(stored?.pattern_chart).toBe(result.charts.pattern);
    expect(stored?.trend_chart).toBe(result.charts.trend);
    const { analyses } = await subject.journal.list();
    expect(analyses).toHaveLength(1);
    expect(analyses[0]).toMatchObject({
      id: result.id,
      source: "notebook",
      decision: result.decision.decision,
      barCount: result.barCount,
    });
    // The request is kept, its bulk by size only.
    expect(analyses[0]!.tokens.input).toBe(result.usage.total.inputTokens);
  });

  it("records who asked, and the request with its candles by count", async () => {
    const subject = pipeline({ data_dir: freshDataDir() });
    const result = await subject.analyze({ candles, timeframe: "4h" }, { source: "api" });
    const { analyses } = await subject.journal.list({ source: "api" });
    expect(analyses.map((summary) => summary.id)).toEqual([result.id]);
    expect(await subject.journal.list({ source: "notebook" })).toEqual({ analyses: [], nextCursor: null });
  });

  it("records a run that failed at the provider, with its error and no decision", async () => {
    const subject = pipeline({ data_dir: freshDataDir() });
    server.setHandler(() => fakeReply.quotaExceeded());
    const error = await subject.analyze({ candles, timeframe: "4h" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    const { analyses } = await subject.journal.list();
    expect(analyses).toHaveLength(1);
    expect(analyses[0]).toMatchObject({
      decision: null,
      outcome: null,
      error: { code: (error as ProviderError).code },
    });
    expect(analyses[0]!.error?.message).toMatch(/^Billing Issue/);
  });

  it("does not record a run that failed before any model call: no market data spent nothing and is no analysis", async () => {
    const offline: typeof fetch = () => Promise.reject(new TypeError("fetch failed"));
    const subject = createPipeline(
      { api_key: TEST_KEY, openai_base_url: server.openaiBaseUrl, data_dir: freshDataDir() },
      { env: {}, renderer, fetch: offline },
    );
    try {
      const error = await subject
        .analyze({ asset: "SPX", timeframe: "1d", start: "2025-01-01", end: "2025-03-01" })
        .catch((caught: unknown) => caught);
      expect((error as { kind?: string }).kind).toBe("data");
      expect((await subject.journal.list()).analyses).toEqual([]);
      expect(server.requests).toHaveLength(0);
    } finally {
      await subject.close();
    }
  });

  it("records a run that failed after spending, with the calls and tokens it spent and the window it read", async () => {
    const subject = pipeline({ data_dir: freshDataDir() });
    // Every call answers as usual except the decision, twice not a record: the analysts' calls were paid for.
    const analystHandler = defaultFakeHandler;
    server.setHandler((request) =>
      request.summary.wantsJson ? fakeReply.text("I would rather not say.") : analystHandler(request),
    );
    const error = await subject.analyze({ candles, timeframe: "4h", name: "Spent" }).catch((caught: unknown) => caught);
    expect((error as { code?: string }).code).toBe("decision_failed");
    const [summary] = (await subject.journal.list()).analyses;
    expect(summary).toMatchObject({ status: "failed", decision: null, asset: "Spent", barCount: 45 });
    expect(summary!.windowEnd).toBe(new Date(candles[candles.length - 1]!.time).toISOString());
    expect(summary!.tokens.input).toBeGreaterThan(0);
    expect(summary!.tokens.output).toBeGreaterThan(0);
    expect(summary!.costUsd).toBeNull(); // the fake's address is not OpenAI's: no list price applies
    const stored = await subject.journal.get(summary!.id);
    expect(stored).toMatchObject({ success: false, code: "decision_failed" });
  });

  it("records a cancelled run as cancelled, with what it had spent when it was stopped", async () => {
    const subject = pipeline({ data_dir: freshDataDir() });
    const controller = new AbortController();
    const error = await subject
      .analyze(
        { candles, timeframe: "4h" },
        {
          signal: controller.signal,
          // Stopped once the first analyst has finished: its calls are spent, the others' are cut short.
          onEvent: (event) => {
            if (event.type === "step-end" && event.step !== "data")
              controller.abort(new Error("The user pressed Cancel."));
          },
        },
      )
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    const [summary] = (await subject.journal.list()).analyses;
    expect(summary).toMatchObject({
      status: "cancelled",
      outcomeStatus: "none",
      error: { code: "cancelled", message: "The analysis was cancelled: The user pressed Cancel." },
    });
    expect(summary!.tokens.input).toBeGreaterThan(0);
  });

  it("does not record a run cancelled before it reached the models (nothing was spent)", async () => {
    const subject = pipeline({ data_dir: freshDataDir() });
    const controller = new AbortController();
    await subject
      .analyze(
        { candles, timeframe: "4h" },
        { signal: controller.signal, onEvent: (event) => event.type === "step-end" && controller.abort() },
      )
      .catch(() => undefined);
    expect((await subject.journal.list()).analyses).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it("does not record a request refused as invalid (nothing ran)", async () => {
    const subject = pipeline({ data_dir: freshDataDir() });
    await expect(subject.analyze({ candles: candles.slice(0, 10), timeframe: "4h" })).rejects.toBeDefined();
    await expect(subject.analyze({ candles, timeframe: "4h", end: "not a date" } as never)).rejects.toBeInstanceOf(
      InputError,
    );
    expect((await subject.journal.list()).analyses).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it("keeps no key in what it records, even one pasted into a field", async () => {
    const subject = pipeline({ data_dir: freshDataDir() });
    const result = await subject.analyze({ csv: csvOf(candles), timeframe: "4h", name: `data ${TEST_KEY}` });
    const stored = JSON.stringify(await subject.journal.get(result.id!));
    const listed = JSON.stringify(await subject.journal.list());
    expect(stored).not.toContain(TEST_KEY);
    expect(listed).not.toContain(TEST_KEY);
    expect(stored).toContain("data ");
  });

  it("answers the analysis, without an id and saying why, when the journal cannot be reached", async () => {
    const subject = pipeline({
      data_dir: freshDataDir(),
      database_url: "postgres://quant:hunter2secret@127.0.0.1:1/journal",
    });
    const result = await subject.analyze({ candles, timeframe: "4h" });
    expect(result.decision.decision).toMatch(/^(LONG|SHORT)$/);
    expect(result.id).toBeUndefined();
    expect(result.journalError?.code).toBe("journal_unavailable");
    expect(result.journalError?.message).toMatch(/^The analysis was not recorded in the journal: /);
    expect(result.journalError?.message).not.toContain("hunter2secret");
    // The password is one of the secrets removed by value from answers and logs (the server's redactor asks for them).
    expect(subject.secretValues()).toContain("hunter2secret");
    expect(pipeline({ database_url: "postgres://quant:p%40ss%2Fword12@db.example:5432/j" }).secretValues()).toContain(
      "p@ss/word12",
    );
  });

  it("records nothing when the config's journal is false", async () => {
    const dataDir = freshDataDir();
    const subject = pipeline({ data_dir: dataDir, journal: false });
    const result = await subject.analyze({ candles, timeframe: "4h" });
    expect(result.id).toBeUndefined();
    const reader = pipeline({ data_dir: dataDir });
    expect((await reader.journal.list()).analyses).toEqual([]);
  });
});

describe("outcomes", () => {
  it("scores a replay at once: with `end`, the window stops there and the bars after it are the outcome", async () => {
    const subject = pipeline({ data_dir: freshDataDir() });
    const end = candles[49]!.time;
    const result = await subject.analyze({ csv: csvOf(candles), timeframe: "4h", end: new Date(end).toISOString() });
    expect(result.window.end).toBe(new Date(end).toISOString());
    const entryClose = candles[49]!.close;
    const expected = [1, 3].map((bars) => {
      const move = candles[49 + bars]!.close / entryClose - 1;
      const hit = result.decision.decision === "LONG" ? move > 0 : move < 0;
      return { bars, hit };
    });
    const outcome = (await subject.journal.get(result.id!))?.outcome;
    expect(outcome?.map(({ bars, hit }) => ({ bars, hit }))).toEqual(expected);
    expect(outcome?.[0]?.return).toBeCloseTo(
      (result.decision.decision === "LONG" ? 1 : -1) * (candles[50]!.close / entryClose - 1),
      12,
    );
  });

  it("scores a market analysis later from the pipeline's own market data, once three bars have closed", async () => {
    // Yahoo answers daily BTC-USD bars up to `dataEnd`; the clock is just after it.
    const firstBar = Date.UTC(2025, 0, 1);
    let dataEnd = firstBar + 59 * 24 * HOUR;
    const { fetch, requests } = dailyBarsFetch({ symbol: "BTC-USD", firstBar, dataEnd: () => dataEnd });
    const subject = createPipeline(
      { api_key: TEST_KEY, openai_base_url: server.openaiBaseUrl, data_dir: freshDataDir() },
      { env: {}, renderer, fetch, now: () => new Date(dataEnd + HOUR) },
    );
    try {
      const result = await subject.analyze({
        symbol: "BTC-USD",
        timeframe: "1d",
        start: new Date(firstBar).toISOString(),
        end: new Date(dataEnd).toISOString(),
      });
      expect(await subject.journal.scoreOutcomes()).toEqual({ scored: 0, pending: 1, failed: 0, callerData: 0 });
      expect(requests.length).toBe(2);

      dataEnd += 3 * 24 * HOUR; // three more days close
      expect(await subject.journal.scoreOutcomes()).toEqual({ scored: 1, pending: 0, failed: 0, callerData: 0 });
      // barsAt: each close is 1 above the one before, so a LONG hits and a SHORT misses at both horizons.
      const hit = result.decision.decision === "LONG";
      expect((await subject.journal.get(result.id!))?.outcome?.map((horizon) => horizon.hit)).toEqual([hit, hit]);
      const lastAsk = requests[requests.length - 1]!.url;
      expect(Number(lastAsk.searchParams.get("period1")) * 1000).toBe(dataEnd - 3 * 24 * HOUR);
    } finally {
      await subject.close();
    }
  });
});
