// The model-answer cache in PostgreSQL: an evaluation with DATABASE_URL keeps its answers in the database, so the
// same evaluation from another machine (another data folder) asks the provider nothing and gives the same numbers;
// a folder named with cacheDir is still a folder. The store keeps the first answer for a key and ignores rows that do
// not read as an entry.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ChartRenderer, createChartRenderer } from "../../src/charts/png-renderer";
import type { EvaluationOptions } from "../../src/evaluation/evaluation-options";
import { runEvaluation } from "../../src/evaluation/run-evaluation";
import { createDatabaseHandle } from "../../src/journal/database-handle";
import { databaseAnswerStore } from "../../src/shared-state/database-answer-store";
import { wavyCloses, writeBenchmarkFolder } from "../evaluation/synthetic-candles";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { usePostgres } from "../support/use-postgres";

const postgres = usePostgres();
const key = "sk-answers.test-0123456789abcdef";
let server: FakeProviderServer;
let renderer: ChartRenderer;
let scratch: string;
let benchmarkDir: string;

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key] });
  renderer = createChartRenderer();
  scratch = await mkdtemp(path.join(tmpdir(), "answer-store-"));
  benchmarkDir = path.join(scratch, "benchmark");
  await writeBenchmarkFolder(benchmarkDir, { BTC: [wavyCloses(60, 1), wavyCloses(60, 2)] });
});
afterAll(async () => {
  await renderer?.close();
  await server?.close();
  await rm(scratch, { recursive: true, force: true });
});

function options(databaseUrl: string, machine: string, extra: Partial<EvaluationOptions> = {}): EvaluationOptions {
  return {
    benchmarkDir,
    assets: ["BTC"],
    windows: 2,
    randomSeeds: 50,
    config: {
      max_retries: 0,
      data_dir: path.join(scratch, machine),
      database_url: databaseUrl,
      rate_limits: false,
    },
    dependencies: { renderer, env: { OPENAI_API_KEY: key, OPENAI_BASE_URL: server.openaiBaseUrl } },
    ...extra,
  };
}

describe("model answers in the database", () => {
  it("let the same evaluation on another machine ask the provider nothing, with the same numbers", async () => {
    const databaseUrl = await postgres.database();
    server.reset();
    const first = await runEvaluation(options(databaseUrl, "machine-a"));
    const asked = server.requestCount();
    expect(asked).toBeGreaterThan(0);
    expect(first.usage.freshCalls).toBe(asked);
    expect(first.settings.cacheDir).toMatch(
      /^postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/test_[0-9a-f]{12} \(model_answers\)$/,
    );
    const second = await runEvaluation(options(databaseUrl, "machine-b"));
    expect(server.requestCount()).toBe(asked);
    expect(second.usage).toMatchObject({ freshCalls: 0, cachedCalls: asked });
    expect(second.points.map((point) => point.decision)).toEqual(first.points.map((point) => point.decision));
    expect(second.scores).toEqual(first.scores);
    // Neither machine wrote a cache folder.
    for (const machine of ["machine-a", "machine-b"])
      expect(await readdir(path.join(scratch, machine)).catch(() => [])).not.toContain("cache");
  }, 180_000);

  it("keeps a folder cache when one is named", async () => {
    const databaseUrl = await postgres.database();
    server.reset();
    const folder = path.join(scratch, "named-cache");
    const result = await runEvaluation(options(databaseUrl, "machine-c", { cacheDir: folder }));
    expect(result.settings.cacheDir).toBe(folder);
    expect((await readdir(folder)).length).toBeGreaterThan(0);
  }, 180_000);

  it("keeps the first answer for a key and reads a foreign row as no entry", async () => {
    const handle = createDatabaseHandle({ dataDir: scratch, databaseUrl: await postgres.database() });
    try {
      const store = databaseAnswerStore(handle);
      const response = {
        text: "first",
        toolCalls: [],
        usage: { inputTokens: 1, outputTokens: 2 },
        model: "m",
        finishReason: "stop" as const,
      };
      const entry = {
        format: 1 as const,
        key: "k1",
        provider: "openai",
        model: "m",
        createdAt: "2026-01-01T00:00:00.000Z",
        response,
      };
      await store.write(entry);
      await store.write({ ...entry, response: { ...response, text: "second" } });
      expect((await store.read("k1"))?.text).toBe("first");
      expect(await store.read("k2")).toBeUndefined();
      const { db } = await handle.open();
      await db
        .insertInto("model_answers")
        .values({ key: "k3", provider: "openai", model: "m", context: null, response: "{not json", created_at: "x" })
        .execute();
      expect(await store.read("k3")).toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});
