// The stages on the command line: `quantagent analyze --memory K --debate R --risk` in-process against the fake
// provider (the debate streamed under its turns' headings, the levels and lessons in the summary, the stages in the
// --json result), and every mistake refused with exit code 2 before any model call.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { runCli } from "../../cli/run-cli";
import { samplesFromOptions, stagesFromOptions } from "../../cli/stage-options";
import { BENCHMARK_DIR } from "../../src/market/benchmark-dir";
import { fakeArguments, type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { fakeKey } from "../support/fake-key-shapes";

// Each test runs whole analyses (charts, model calls over HTTP, the journal): on a busy 2-core machine that can take
// far longer than the project's 30 s default, so the bound here is generous; nothing measures speed.
vi.setConfig({ testTimeout: 180_000 });

const key = fakeKey("sk-stage-options-", 24);
const csvFile = path.join(BENCHMARK_DIR, "btc", "BTC_4h_1.csv");
let server: FakeProviderServer;
let scratch: string;

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key] });
  scratch = await mkdtemp(path.join(tmpdir(), "stage-options-"));
});
afterAll(async () => {
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});
beforeEach(() => server.reset());

async function quantagent(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli({
    argv,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { OPENAI_API_KEY: key, OPENAI_BASE_URL: server.openaiBaseUrl, DATA_DIR: path.join(scratch, "data") },
    cwd: scratch,
    signal: new AbortController().signal,
  });
  return { code, stdout, stderr };
}

describe("stage options", () => {
  it("read K, R and the risk switch, or nothing", () => {
    expect(stagesFromOptions({})).toBeUndefined();
    expect(stagesFromOptions({ memory: "3", debate: "2", risk: true })).toEqual({
      memory: { lessons: 3 },
      debate: { rounds: 2 },
      risk: {},
    });
    expect(() => stagesFromOptions({ debate: "9" })).toThrow(/--debate: must be at most 5/);
    expect(() => stagesFromOptions({ memory: "0" })).toThrow(/--memory: must be at least 1/);
    expect(() => stagesFromOptions({ memory: "two" })).toThrow(/--memory must be a whole number/);
  });

  it("read --samples as an odd count from 1 to 9, refusing the rest by the flag's name", () => {
    expect(samplesFromOptions({})).toBeUndefined();
    expect(samplesFromOptions({ samples: "1" })).toBe(1);
    expect(samplesFromOptions({ samples: " 9 " })).toBe(9);
    expect(() => samplesFromOptions({ samples: "4" })).toThrow(/--samples must be odd \(1, 3, 5, 7 or 9\)/);
    expect(() => samplesFromOptions({ samples: "0" })).toThrow(/--samples must be at least 1/);
    expect(() => samplesFromOptions({ samples: "11" })).toThrow(/--samples must be at most 9/);
    expect(() => samplesFromOptions({ samples: "three" })).toThrow(/--samples must be a whole number/);
  });

  it("--samples 3 asks the Decision agent three times and prints how the samples voted", async () => {
    const run = await quantagent(["analyze", "--csv", csvFile, "--timeframe", "4h", "--samples", "3"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("Samples: 3 LONG, 0 SHORT (agreement 100%)");
    expect(run.stdout).toMatch(/^Confidence: 0\.70 /m);
    expect(server.requests.filter((request) => request.summary.systemText.includes("execution trader"))).toHaveLength(
      3,
    );
    const refused = await quantagent(["analyze", "--csv", csvFile, "--timeframe", "4h", "--samples", "2"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--samples must be odd/);
  });
});

describe("quantagent analyze with stages", () => {
  it("runs them: the debate streams under its turns, the summary gives the levels and the lessons", async () => {
    const run = await quantagent([
      "analyze",
      "--csv",
      csvFile,
      "--timeframe",
      "4h",
      "--end",
      "2025-01-20T00:00:00Z",
      "--memory",
      "2",
      "--debate",
      "1",
      "--risk",
    ]);
    expect(run.stderr).toContain(`--- Bull researcher, round 1 ---\n${fakeArguments.bull}`);
    expect(run.stderr).toContain(`--- Bear researcher, round 1 ---\n${fakeArguments.bear}`);
    expect(run.stdout).toContain("Stages: memory 2, debate 1, risk");
    expect(run.stdout).toMatch(
      /^Risk: (stop-loss [\d.]+, take-profit [\d.]+, size [\d.]+ \(stop beyond the|no levels)/m,
    );
    expect(run.stdout).toContain("Memory: 0 lessons given to the Decision agent");
    expect(run.code).toBe(0);
    const json = await quantagent(["analyze", "--csv", csvFile, "--timeframe", "4h", "--risk", "--json", "--quiet"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ stages: { risk: {} }, risk: expect.any(Object) });
  });

  it("refuses a bad --agents on evaluate and backtest in the flag's own words, with exit code 2 before any call", async () => {
    for (const argv of [
      ["evaluate", "--agents", "singel"],
      ["backtest", "--csv", csvFile, "--agents", "singel"],
    ]) {
      const run = await quantagent(argv);
      expect(run.code, argv.join(" ")).toBe(2);
      expect(run.stderr, argv.join(" ")).toMatch(
        /--agents "singel" is not one of team, single\. Did you mean single\?/,
      );
    }
    expect(server.requestCount()).toBe(0);
  });

  it("refuses bad values and memory without the journal with exit code 2, before any model call", async () => {
    for (const argv of [
      ["--debate", "0"],
      ["--memory", "11"],
      ["--memory", "1.5"],
      ["--memory", "2", "--no-journal"],
      ["--risk", "yes"],
    ]) {
      const run = await quantagent(["analyze", "--csv", csvFile, "--timeframe", "4h", ...argv]);
      expect(run.code, argv.join(" ")).toBe(2);
    }
    const noJournal = await quantagent([
      "analyze",
      "--csv",
      csvFile,
      "--timeframe",
      "4h",
      "--memory",
      "2",
      "--no-journal",
    ]);
    expect(noJournal.stderr).toMatch(/--memory keeps its lessons in the journal/);
    expect(server.requestCount()).toBe(0);
  });
});
