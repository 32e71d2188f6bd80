// `quantagent history score --reflect` in-process against the fake provider: lessons for the scored analyses that
// have none, at most --reflect-limit per run, shown by `history show`; usage mistakes and a missing key refused with
// exit code 2 before anything is scored or asked.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { runCli } from "../../cli/run-cli";
import { type Journal, openJournal } from "../../src/journal/index";
import { fakeLesson, type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { laterBars, sampleEntry } from "../journal/journal-fixtures";

const key = "sk-history-reflect.test-0123456789";
const T = "2025-03-01T08:00:00.000Z";
let server: FakeProviderServer;
let scratch: string;
let dataDir: string;
let journal: Journal;
const scored: string[] = [];

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key] });
  scratch = await mkdtemp(path.join(tmpdir(), "history-reflect-"));
  dataDir = path.join(scratch, "data");
  journal = await openJournal({ dataDir });
  // Caller data (a CSV replay): scored by its own bars, never fetched.
  for (const closes of [
    [101, 102, 103],
    [99, 98, 97],
  ]) {
    const { id } = await journal.record(
      sampleEntry({ request: { csv: "<3 lines>", timeframe: "4h" }, entry: { close: 100, time: T } }),
    );
    await journal.recordOutcome(id, laterBars(T, closes));
    scored.push(id);
  }
  await journal.record(sampleEntry({ request: { csv: "<3 lines>", timeframe: "4h" } })); // pending: no lesson
});
afterAll(async () => {
  await journal?.close();
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});
beforeEach(() => server.reset());

async function quantagent(argv: string[], env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const code = await runCli({
    argv: ["history", ...argv],
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { DATA_DIR: dataDir, OPENAI_API_KEY: key, OPENAI_BASE_URL: server.openaiBaseUrl, ...env },
    cwd: scratch,
    signal: new AbortController().signal,
  });
  return { code, stdout, stderr };
}

describe("quantagent history score --reflect", () => {
  it("refuses mistakes and a missing key with exit code 2, before any model call", async () => {
    expect((await quantagent(["list", "--reflect"])).code).toBe(2);
    expect((await quantagent(["score", "--reflect-limit", "2"])).code).toBe(2);
    expect((await quantagent(["score", "--reflect", "--reflect-limit", "0"])).code).toBe(2);
    const keyless = await quantagent(["score", "--reflect"], { OPENAI_API_KEY: "" });
    expect(keyless.code).toBe(2);
    expect(keyless.stderr).toMatch(/No OpenAI API key: set OPENAI_API_KEY/);
    expect(server.requestCount()).toBe(0);
  });

  it("writes the lessons scored analyses lack, at most the limit a run, and history show gives them", async () => {
    const first = await quantagent(["score", "--reflect", "--reflect-limit", "1", "--json"]);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ lessons: { written: 1, failed: 0 } });
    const second = await quantagent(["score", "--reflect"]);
    expect(second.stdout).toContain("Lessons written 1.");
    expect(server.requestCount()).toBe(2);
    const third = await quantagent(["score", "--reflect", "--json"]);
    expect(JSON.parse(third.stdout)).toMatchObject({ lessons: { written: 0, failed: 0 } });
    expect(server.requestCount()).toBe(2);
    for (const id of scored) expect((await quantagent(["show", id])).stdout).toContain(`Lesson: ${fakeLesson.lesson}`);
  });
});
