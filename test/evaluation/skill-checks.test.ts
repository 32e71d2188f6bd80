// The edge checks through runEvaluation, the real SDKs against the local fake provider, and real Chromium: a chart
// reader (the fake reads the bars it is sent) flips every directive on the mirrored charts and scores the same blind
// as not; nothing in a blind run's requests is a date; the report carries the mirror, paired and cutoff sections; and
// a run interrupted half-way, then restarted, pays for no answer twice.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { type ChartRenderer, createChartRenderer } from "../../src/charts/png-renderer";
import type { EvaluationOptions } from "../../src/evaluation/evaluation-options";
import { findMirrorRow } from "../../src/evaluation/mirror-scores";
import { evaluationMarkdown, evaluationReportJson } from "../../src/evaluation/report";
import { runEvaluation } from "../../src/evaluation/run-evaluation";
import { chartReaderHandler } from "../fakes/chart-reader-handler";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { writeBenchmarkFolder } from "./synthetic-candles";

const key = "sk-edge.test-0123456789abcdef";
let server: FakeProviderServer;
let renderer: ChartRenderer;
let scratch: string;
let benchmarkDir: string;

/** 60 closes drifting up or down by `step` a bar, with a small wiggle so no two moves are alike. */
const trend = (start: number, step: number) =>
  Array.from({ length: 60 }, (_, index) => Math.round((start + step * index + Math.sin(index) * 0.3) * 100) / 100);

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key], handler: chartReaderHandler });
  renderer = createChartRenderer();
  scratch = await mkdtemp(path.join(tmpdir(), "edge-evaluation-"));
  benchmarkDir = path.join(scratch, "benchmark");
  await writeBenchmarkFolder(benchmarkDir, {
    BTC: [trend(30_000, 40), trend(31_000, -35)],
    SPX: [trend(4_000, -3), trend(4_100, 2.5)],
  });
});

afterAll(async () => {
  await renderer?.close();
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

beforeEach(() => server.reset());
/** gpt-4o at the fake's address, as every record names a model away from its provider's own address. */
const graphModel = () => `gpt-4o @ ${server.openaiBaseUrl}`;

function options(cacheName: string, extra: Partial<EvaluationOptions> = {}): EvaluationOptions {
  return {
    benchmarkDir,
    assets: ["BTC", "SPX"],
    horizons: [1, 3],
    concurrency: 2,
    randomSeeds: 50,
    config: { api_key: key, openai_base_url: server.openaiBaseUrl, max_retries: 0, data_dir: scratch, journal: false },
    cacheDir: path.join(scratch, cacheName),
    dependencies: { renderer, env: {} },
    ...extra,
  };
}

describe("an edge evaluation against the fake provider", () => {
  it("mirrored and blind: a chart reader flips every time, no request holds a date, and the report says all of it", async () => {
    const result = await runEvaluation(options("cache-edge", { mirror: true, blind: true }));
    expect(result.settings).toMatchObject({ blind: true, mirror: true });
    expect(result.errors + result.mirrorErrors).toBe(0);
    // Four points, each analysed twice: the original and its mirror image.
    expect(result.points.map((point) => [point.id, point.decision, point.mirrored?.decision])).toEqual([
      ["BTC/1/0", "LONG", "SHORT"],
      ["BTC/2/0", "SHORT", "LONG"],
      ["SPX/1/0", "SHORT", "LONG"],
      ["SPX/2/0", "LONG", "SHORT"],
    ]);
    for (const request of server.requests)
      expect(request.rawBody.replace(/[A-Za-z0-9+/=]{200,}/g, "")).not.toMatch(/\d{4}-\d{2}-\d{2}|BTC|SPX|benchmark/);
    for (const horizon of [1, 3]) {
      expect(findMirrorRow(result.mirror!, { asset: "ALL", method: "agents", horizon })).toMatchObject({
        points: 4,
        flipRate: 1,
        longRate: 0.5,
      });
      expect(findMirrorRow(result.mirror!, { asset: "ALL", method: "always_long", horizon })).toMatchObject({
        flipRate: 0,
        longRate: 1,
        balancedAccuracy: 0.5,
      });
    }
    // Blind is part of every cached answer's key.
    const cacheDir = path.join(scratch, "cache-edge");
    const entries = (await readdir(cacheDir, { recursive: true })).filter((file) => file.endsWith(".json"));
    for (const file of entries)
      expect(JSON.parse(await readFile(path.join(cacheDir, file), "utf8")).context).toMatchObject({ blind: true });

    const json = JSON.parse(evaluationReportJson(result));
    expect(json.mirror).toContainEqual(
      expect.objectContaining({ method: graphModel(), asset: "ALL", horizon: 1, flip_rate: 1, long_rate: 0.5 }),
    );
    expect(json.paired).toContainEqual(
      expect.objectContaining({ a: graphModel(), b: "always_long", horizon: 3, n: 4 }),
    );
    // The synthetic windows are dated 2024, after gpt-4o's training data (October 2023).
    expect(json.cutoff_split).toMatchObject({ known: true, model: graphModel(), cutoff: "2023-10" });
    expect(json.cutoff_split.after.points).toBe(4);
    expect(json.cutoffSplit).toBeUndefined();
    const markdown = evaluationMarkdown(result);
    expect(markdown).toContain("## Mirrored charts");
    expect(markdown).toContain("## Paired tests (exact McNemar)");
    expect(markdown).toContain(`No: ${graphModel()} does not beat always-LONG at the 5% level at any horizon`);
    expect(markdown).toContain("## Before and after the training cutoff");
    expect(markdown).toContain("Blind: the agents saw no date, name or price level");
  });

  it("under the published protocol too: one directive per window and its mirror, scored on three closes pooled", async () => {
    const result = await runEvaluation(
      options("cache-edge-published", { protocol: "published", horizons: undefined, mirror: true, blind: true }),
    );
    expect(result.settings).toMatchObject({ protocol: "published", blind: true, mirror: true });
    expect(findMirrorRow(result.mirror!, { asset: "ALL", method: "agents", horizon: "pooled" })).toMatchObject({
      points: 4,
      flipRate: 1,
      longRate: 0.5,
      scored: 24,
    });
    expect(result.paired.filter((row) => row.a === graphModel()).map((row) => [row.b, row.horizon, row.n])).toEqual([
      ["random", "pooled", 12],
      ["always_long", "pooled", 12],
      ["always_short", "pooled", 12],
      ["momentum", "pooled", 12],
      ["linear_regression", "pooled", 12],
    ]);
    expect(result.cutoffSplit).toMatchObject({ known: true, after: { points: 4 } });
  });

  it("a run stopped half-way and started again asks the provider only for the answers it never had", async () => {
    const controller = new AbortController();
    const stopped = runEvaluation(
      options("cache-restart", {
        mirror: true,
        concurrency: 1,
        signal: controller.signal,
        onProgress: (progress) => progress.done === 3 && controller.abort(new Error("interrupted by the test")),
      }),
    );
    await expect(stopped).rejects.toThrow(/interrupted by the test/);
    const beforeRestart = server.requestCount();
    expect(beforeRestart).toBeGreaterThan(0);

    server.reset();
    const restarted = await runEvaluation(options("cache-restart", { mirror: true }));
    const afterRestart = server.requestCount();
    // Every answer of the first half came from the cache (and identical requests of the run, such as two decisions on
    // the same three reports, were asked once).
    expect(restarted.usage.cachedCalls).toBeGreaterThanOrEqual(beforeRestart);
    expect(restarted.usage.freshCalls).toBe(afterRestart);

    // The same run from an empty cache: what the two halves paid together, and not one request more.
    server.reset();
    const whole = await runEvaluation(options("cache-whole", { mirror: true }));
    expect(server.requestCount()).toBe(beforeRestart + afterRestart);
    expect(whole.scores).toEqual(restarted.scores);
    expect(whole.mirror).toEqual(restarted.mirror);
  });
});
