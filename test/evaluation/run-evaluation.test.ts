// The whole harness through the real SDKs against the local fake provider, with real Chromium: the cache makes a
// second run send zero requests and give identical numbers; a failed window is recorded and the run goes on.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { PROMPT_VERSION } from "../../src/agents/prompts/prompt-version";
import { type ChartRenderer, createChartRenderer } from "../../src/charts/png-renderer";
import type { EvaluationOptions } from "../../src/evaluation/evaluation-options";
import type { EvaluationProgress } from "../../src/evaluation/evaluation-result";
import { runEvaluation } from "../../src/evaluation/run-evaluation";
import { findScore } from "../../src/evaluation/score-evaluation";
import { openJournal } from "../../src/journal/open-journal";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";
import { fakeKey } from "../support/fake-key-shapes";
import { wavyCloses, writeBenchmarkFolder } from "./synthetic-candles";

const key = fakeKey("sk-evaluation-", 24);
let server: FakeProviderServer;
let renderer: ChartRenderer;
let scratch: string;
let benchmarkDir: string;

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key] });
  renderer = createChartRenderer();
  scratch = await mkdtemp(path.join(tmpdir(), "run-evaluation-"));
  benchmarkDir = path.join(scratch, "benchmark");
  const windows = (offset: number) => Array.from({ length: 3 }, (_, index) => wavyCloses(60, offset + index));
  await writeBenchmarkFolder(benchmarkDir, { BTC: windows(0), SPX: windows(10) });
});

afterAll(async () => {
  await renderer?.close();
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

beforeEach(() => server?.reset());

function options(cacheName: string, extra: Partial<EvaluationOptions> = {}): EvaluationOptions {
  return {
    benchmarkDir,
    assets: ["BTC", "SPX"],
    windows: 3,
    horizons: [1, 3],
    concurrency: 3,
    randomSeeds: 200,
    config: { api_key: key, openai_base_url: server.openaiBaseUrl, max_retries: 0, data_dir: scratch },
    cacheDir: path.join(scratch, cacheName),
    // An empty env: nothing from the developer's shell reaches the run.
    dependencies: { renderer, env: {} },
    ...extra,
  };
}

describe("runEvaluation against the fake provider", () => {
  it("a second run with the same inputs sends zero requests and gives identical results", async () => {
    const progress: EvaluationProgress[] = [];
    const first = await runEvaluation(options("cache-rerun", { onProgress: (event) => progress.push(event) }));
    const sent = server.requestCount();
    expect(sent).toBeGreaterThan(0);
    expect(first.errors).toBe(0);
    expect(first.points).toHaveLength(6);
    expect(first.points.every((point) => point.decision === "LONG")).toBe(true); // the fake analyst always says LONG
    expect(first.usage.freshCalls).toBe(sent);
    // The fake's address is not OpenAI's: no list price applies.
    expect(first.usage.estimatedCostUsd).toBe(0);
    expect(progress[0]).toMatchObject({ done: 0, total: 6, unit: "windows" });
    expect(progress.at(-1)).toMatchObject({ done: 6, total: 6, errors: 0 });
    expect(progress.at(-1)!.usage.freshCalls).toBe(sent);

    server.reset();
    const second = await runEvaluation(options("cache-rerun"));
    expect(server.requestCount()).toBe(0);
    expect(second.usage).toMatchObject({ freshCalls: 0, cachedCalls: sent, estimatedCostUsd: 0 });
    expect(second.scores).toEqual(first.scores);
    expect(second.points.map(({ durationMs: _duration, ...point }) => point)).toEqual(
      first.points.map(({ durationMs: _duration, ...point }) => point),
    );

    // Every cached answer belongs to the prompts that asked for it: a run under other prompts asks afresh.
    expect(first.settings.promptVersion).toBe(PROMPT_VERSION);
    const cacheDir = path.join(scratch, "cache-rerun");
    const entries = (await readdir(cacheDir, { recursive: true })).filter((file) => file.endsWith(".json"));
    expect(entries.length).toBeGreaterThan(0);
    for (const file of entries)
      expect(JSON.parse(await readFile(path.join(cacheDir, file), "utf8")).context).toEqual({
        promptVersion: PROMPT_VERSION,
        indicatorMode: "direct",
      });

    // The agents said LONG every time, so they score exactly like always-long.
    const agents = findScore(first.scores, { asset: "ALL", method: "agents", horizon: 3 })!;
    const alwaysLong = findScore(first.scores, { asset: "ALL", method: "always_long", horizon: 3 })!;
    expect(agents.accuracy).toBe(alwaysLong.accuracy);
    expect(agents.meanReturn).toBe(alwaysLong.meanReturn);
  });

  it("an answer cached under one indicator mode is never reused under the other, and each mode reruns for free", async () => {
    const modeOptions = (mode: "direct" | "tool-call") =>
      options("cache-modes", { config: { ...options("cache-modes").config, indicator_mode: mode } });
    await runEvaluation(modeOptions("direct"));
    const direct = server.requestCount();
    expect(direct).toBeGreaterThan(0);

    server.reset();
    const toolCall = await runEvaluation(modeOptions("tool-call"));
    expect(toolCall.usage.cachedCalls).toBe(0); // not one team answer taken from the direct run
    expect(server.requestCount()).toBe(toolCall.usage.freshCalls);
    expect(toolCall.usage.freshCalls).toBeGreaterThan(direct); // the Indicator agent's tool round is one more call

    for (const mode of ["direct", "tool-call"] as const) {
      server.reset();
      const rerun = await runEvaluation(modeOptions(mode));
      expect(server.requestCount()).toBe(0);
      expect(rerun.usage.freshCalls).toBe(0);
    }
  });

  it("an answer cached by the single agent is never reused by the team, and the single agent asks once a point", async () => {
    const modeOptions = (agents: "single" | "team") =>
      options("cache-agents", { config: { ...options("cache-agents").config, agents } });
    const single = await runEvaluation(modeOptions("single"));
    const analysed = single.points.filter((point) => point.decision !== undefined).length;
    expect(analysed).toBeGreaterThan(0);
    expect(server.requestCount()).toBe(analysed); // one model call an analysis
    expect(single.usage.freshCalls).toBe(analysed);

    server.reset();
    const team = await runEvaluation(modeOptions("team"));
    expect(team.usage.cachedCalls).toBe(0); // not one answer taken from the single agent's run
    expect(server.requestCount()).toBe(team.usage.freshCalls);
    expect(team.usage.freshCalls).toBeGreaterThan(analysed);

    for (const agents of ["single", "team"] as const) {
      server.reset();
      const rerun = await runEvaluation(modeOptions(agents));
      expect(server.requestCount()).toBe(0);
      expect(rerun.usage.freshCalls).toBe(0);
    }
  });

  it("a failed window is recorded with its error and the others are still analysed and scored on the same points", async () => {
    // One analysis at a time, so the failing reply lands in the first window's analysis.
    server.enqueue(fakeReply.error(400, "Bad request from the test"));
    const progress: EvaluationProgress[] = [];
    const result = await runEvaluation(
      options("cache-failure", { concurrency: 1, onProgress: (event) => progress.push(event) }),
    );
    expect(result.errors).toBe(1);
    expect(result.points[0]!.error).toMatch(/Bad request from the test/);
    expect(result.points[0]!.decision).toBeUndefined();
    expect(result.points.slice(1).every((point) => point.decision === "LONG")).toBe(true);
    expect(progress.find((event) => event.last?.error)?.last?.id).toBe("BTC/1/0");
    expect(progress.at(-1)).toMatchObject({ done: 6, errors: 1 });
    for (const method of ["agents", "random", "momentum"] as const) {
      const row = findScore(result.scores, { asset: "ALL", method, horizon: 1 })!;
      expect(row.scored + row.flat).toBe(5);
    }
  });

  it("a missing key fails once, before any request, with the key message", async () => {
    const run = runEvaluation(
      options("cache-no-key", { config: { openai_base_url: server.openaiBaseUrl, data_dir: scratch } }),
    );
    // No key in the config or the env: the key is not found.
    await expect(run).rejects.toThrow(/^OpenAI API key not found\. Please set it using one of these methods/);
    expect(server.requestCount()).toBe(0);
  });

  it("an aborted signal stops the run", async () => {
    const controller = new AbortController();
    const run = runEvaluation(
      options("cache-abort", {
        concurrency: 1,
        signal: controller.signal,
        onProgress: (event) => event.done === 1 && controller.abort(new Error("stopped by the test")),
      }),
    );
    await expect(run).rejects.toThrow(/stopped by the test|aborted/i);
  });

  it("records a run with a model in the journal: its leaderboard row equals the report's agents row", async () => {
    const dataDir = await mkdtemp(path.join(scratch, "journal-"));
    const result = await runEvaluation(
      options("cache-rerun", {
        config: { api_key: key, openai_base_url: server.openaiBaseUrl, max_retries: 0, data_dir: dataDir },
      }),
    );
    expect(result.journalRunId).toEqual(expect.any(String));
    expect(result.journalError).toBeUndefined();
    const journal = await openJournal({ dataDir });
    try {
      const runs = await journal.listEvaluationRuns();
      expect(runs.runs.map((run) => run.id)).toEqual([result.journalRunId]);
      expect(runs.runs[0]).toMatchObject({ pointCount: 6, promptVersion: PROMPT_VERSION });
      for (const horizon of [1, 3]) {
        const board = await journal.leaderboard({ groupBy: "model", horizon });
        const row = findScore(result.scores, { asset: "ALL", method: "agents", horizon })!;
        expect(board.groups).toHaveLength(1);
        expect(board.groups[0]).toMatchObject({
          key: result.settings.models!.graph.model,
          scored: row.scored,
          accuracy: row.accuracy,
        });
      }
    } finally {
      await journal.close();
    }
    // Baselines alone are not recorded; nor is anything with the journal off.
    await runEvaluation(options("unused", { includeModel: false, config: { data_dir: dataDir } }));
    const off = await runEvaluation(
      options("cache-rerun", {
        config: { api_key: key, openai_base_url: server.openaiBaseUrl, data_dir: dataDir, journal: false },
      }),
    );
    expect(off.journalRunId).toBeUndefined();
    const reopened = await openJournal({ dataDir });
    expect((await reopened.listEvaluationRuns()).runs).toHaveLength(1);
    await reopened.close();
  });

  it("baselines alone need no key and make no request", async () => {
    const result = await runEvaluation(options("unused", { includeModel: false, config: { data_dir: scratch } }));
    expect(server.requestCount()).toBe(0);
    expect(result.settings.models).toBeNull();
    expect(findScore(result.scores, { asset: "ALL", method: "agents", horizon: 1 })).toBeUndefined();
    expect(findScore(result.scores, { asset: "ALL", method: "random", horizon: 1 })!.scored).toBeGreaterThan(0);
  });
});
