// POST /api/analyze with `stages` or `agents`: the result carries what ran (stages, debate, risk, agents), the debate
// streams as `report-delta` events of its turns; invalid stages, a bad agents value, single with debate and memory on a
// server without a journal are refused with 400 before any model call; the stored analysis gives the same back.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { type ChartRenderer, createChartRenderer } from "../../src/index";
import { fakeArguments, type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { parseEventStreamText } from "../support/event-stream-text";
import { benchmarkCsv } from "./analysis-fixtures";
import { expectPlainError, getJson, postJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

// Each test runs whole analyses (charts, model calls over HTTP, the journal): on a busy 2-core machine that can take
// far longer than the project's 30 s default, so the bound here is generous; nothing measures speed.
vi.setConfig({ testTimeout: 180_000 });

let fake: FakeProviderServer;
let renderer: ChartRenderer;
let server: TestServer;
let noJournal: TestServer;
const csv = benchmarkCsv();

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  renderer = createChartRenderer();
  const config = { api_key: TEST_KEY, openai_base_url: fake.openaiBaseUrl };
  server = await startTestServer({ config, renderer });
  noJournal = await startTestServer({ config: { ...config, journal: false }, renderer });
});
beforeEach(() => fake.reset());
afterAll(async () => {
  await server?.close();
  await noJournal?.close();
  await renderer?.close();
  await fake?.close();
});

/** POSTs an analysis with `fields` beside the CSV and expects the plain 400 error. */
async function expectRefused(fields: Record<string, unknown>): Promise<void> {
  const answer = await postJson(server, "/api/analyze", { csv, timeframe: "4h", ...fields });
  expect(answer.status, JSON.stringify(fields)).toBe(400);
  expectPlainError(answer.body);
}

describe("POST /api/analyze with stages", () => {
  it("answers the stages that ran, the debate and the risk levels, and the journal keeps them", async () => {
    const answer = await postJson(server, "/api/analyze", {
      csv,
      timeframe: "4h",
      stages: { debate: { rounds: 1 }, risk: {} },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.stages).toEqual({ debate: { rounds: 1 }, risk: {} });
    expect(answer.body.debate).toEqual([
      { side: "bull", round: 1, text: fakeArguments.bull },
      { side: "bear", round: 1, text: fakeArguments.bear },
    ]);
    expect(answer.body.risk).toEqual(
      expect.objectContaining({
        stop_loss: expect.any(Number),
        take_profit: expect.any(Number),
        size: expect.any(Number),
      }),
    );
    expect(answer.body.usage.calls_per_step).toMatchObject({ "bull-1": 1, "bear-1": 1 });
    const stored = await getJson(server, `/api/analyses/${answer.body.id}`);
    expect(stored.body).toMatchObject({
      stages: answer.body.stages,
      debate: answer.body.debate,
      risk: answer.body.risk,
    });
    expect(stored.body.lesson).toBeNull();
  });

  it("streams the debate's turns as report-delta events before each turn's end", async () => {
    const response = await fetch(`${server.url}/api/analyze`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ csv, timeframe: "4h", stages: { debate: { rounds: 1 } } }),
    });
    const events = parseEventStreamText(await response.text());
    const progress = events.filter((event) => event.event === "progress").map((event) => event.data);
    const bull = progress.filter((event) => event.type === "report-delta" && event.step === "bull-1");
    expect(bull.map((event) => event.text).join("")).toBe(fakeArguments.bull);
    const bullEnd = progress.findIndex((event) => event.type === "step-end" && event.step === "bull-1");
    expect(progress.indexOf(bull[bull.length - 1])).toBeLessThan(bullEnd);
    expect(events[events.length - 1]?.event).toBe("result");
  });

  it("refuses invalid stages, and memory without a journal, with 400 before any model call", async () => {
    for (const stages of [
      { debate: { rounds: 0 } },
      { memory: { lessons: 99 } },
      { risk: { size: 1 } },
      { blind: {} },
      "risk",
    ])
      await expectRefused({ stages });
    const memory = await postJson(noJournal, "/api/analyze", {
      csv,
      timeframe: "4h",
      stages: { memory: { lessons: 2 } },
    });
    expect(memory.status).toBe(400);
    expect(memory.body.code).toBe("invalid_config");
    expect(memory.body.error).toMatch(/memory stage keeps its lessons in the analysis journal/);
    expect(fake.requestCount()).toBe(0);
  });
});

describe("POST /api/analyze with agents", () => {
  it("refuses a bad agents value, and single with debate, with 400 before any model call", async () => {
    for (const agents of ["solo", "", 1, null, ["single"]]) await expectRefused({ agents });
    const withDebate = await postJson(server, "/api/analyze", {
      csv,
      timeframe: "4h",
      agents: "single",
      stages: { debate: { rounds: 1 } },
    });
    expect(withDebate.status).toBe(400);
    expect(withDebate.body.error).toMatch(/agents "single"/);
    expect(fake.requestCount()).toBe(0);
  });

  it("answers a single agent's analysis with exactly one model call, and the journal keeps which mode ran", async () => {
    const answer = await postJson(server, "/api/analyze", { csv, timeframe: "4h", agents: "single" });
    expect(answer.status).toBe(200);
    expect(answer.body.agents).toBe("single");
    expect(fake.requestCount()).toBe(1);
    const stored = await getJson(server, `/api/analyses/${answer.body.id}`);
    expect(stored.body.agents).toBe("single");
  });
});
