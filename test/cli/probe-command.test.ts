// `quantagent probe` (cli/commands/probe-command.ts) as a user runs it, through tsx cli/main.ts: --help names every
// option; the demo provider runs it with no key and no network and writes its report, saying the pick is not scored;
// bad options are refused with exit code 2 before anything is spent; the cost limit refuses after printing the
// estimate and before any request; --write-series writes the planted series and stops; a model run against the fake
// provider, resumed from the decision cache; `history runs` lists the probe runs. Each test starts real processes
// (tsx, Chromium): the time limits are for a busy machine, not targets.
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PROBE_HELP, PROBE_OPTIONS } from "../../cli/commands/probe-arguments";
import { readCsvFile } from "../../src/market/csv-source";
import { plantedSeries } from "../../src/probe/probe-schedule";
import { PROBE_SHAPES } from "../../src/probe/shapes/shape-catalog";
import { onePatternHandler } from "../fakes/chart-probe-handler";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { runCliInProcess } from "../support/in-process-cli";

const root = path.resolve(__dirname, "../..");
const key = "sk-cli.probe-0123456789abcdef";
let server: FakeProviderServer;
let scratch: string;

beforeAll(async () => {
  server = await startFakeProviderServer({ validKeys: [key], handler: onePatternHandler("Double Bottom") });
  scratch = await mkdtemp(path.join(tmpdir(), "probe-cli-"));
});
afterAll(async () => {
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** No key anywhere; the base URL points at the fake, so a request that should not be made would be counted. */
const baseEnv = (dataDir = path.join(scratch, "data")) => ({
  PATH: process.env.PATH,
  HOME: scratch,
  DATA_DIR: dataDir,
  OPENAI_BASE_URL: server.openaiBaseUrl,
});
const modelEnv = (dataDir?: string) => ({ ...baseEnv(dataDir), OPENAI_API_KEY: key });

function cli(args: string[], env: Record<string, string | undefined> = baseEnv()) {
  return runCliInProcess(args, { cwd: root, env });
}

describe("quantagent probe --help", () => {
  it("names every option the command reads, and every shape", async () => {
    const { code, stdout } = await cli(["probe", "--help"]);
    expect(code).toBe(0);
    expect(stdout).toBe(PROBE_HELP);
    for (const option of Object.keys(PROBE_OPTIONS)) expect(stdout, option).toContain(`--${option}`);
    for (const shape of PROBE_SHAPES) expect(stdout, shape).toContain(`  ${shape} `);
  });
});

describe("quantagent probe --provider demo --per-shape 2", () => {
  it("runs with no key and no network, writes its report, and says the pick is not scored", async () => {
    const dataDir = path.join(scratch, "demo");
    const { code, stdout, stderr } = await cli(["probe", "--provider", "demo", "--per-shape", "2"], baseEnv(dataDir));
    expect(stderr).toContain("Estimate: 32 decisions (0 cached, 32 to analyse): nothing spent");
    expect(code).toBe(0);
    expect(server.requestCount()).toBe(0);
    expect(stdout).toMatch(/Pattern named\s+not scored/);
    expect(stdout).toContain(
      "Whether the model reads charts is not measured here: the demo provider does not read them.",
    );
    expect(stdout).toContain("The demo provider does not look at the charts");
    expect(stdout).toMatch(/Recorded in the journal as run \S+\./);
    const out = path.join(dataDir, "probe");
    expect(readdirSync(out).sort()).toEqual(["probe.html", "probe.json", "probe.md"]);
    const json = JSON.parse(readFileSync(path.join(out, "probe.json"), "utf8")) as {
      probe: { points: unknown[]; demo: boolean; scores: { pattern: { scored: boolean } } };
    };
    expect(json.probe).toMatchObject({ demo: true, scores: { pattern: { scored: false } } });
    expect(json.probe.points).toHaveLength(32);
    expect(readFileSync(path.join(out, "probe.md"), "utf8")).toContain("demo: scripted, not a model");

    const runs = await cli(["history", "runs"], baseEnv(dataDir));
    expect(runs.code).toBe(0);
    expect(runs.stdout).toMatch(/probe: demo \(demo: scripted, not a model\) on 16 shapes × 2/);
  }, 240_000);
});

describe("refused before anything is spent", () => {
  it("an unknown shape (listing the known ones), zero series per shape, too much noise: exit 2", async () => {
    for (const [args, words] of [
      [
        ["--shapes", "double_top,cup_and_handle"],
        `unknown shape "cup_and_handle": the shapes are ${PROBE_SHAPES.join(", ")}`,
      ],
      [["--per-shape", "0"], '--per-shape "0" must be at least 1 series per shape'],
      [["--noise", "0.5"], '--noise "0.5" must be at most 0.05'],
      [["--timeframe", "1mo"], "--timeframe 1mo has no fixed bar length"],
    ] as const) {
      const { code, stderr } = await cli(["probe", ...args], modelEnv(path.join(scratch, "refused")));
      expect(code, args.join(" ")).toBe(2);
      expect(stderr).toContain(words);
      expect(stderr).toContain("(quantagent probe --help)");
    }
    expect(server.requestCount()).toBe(0);
  }, 120_000);

  it("an estimate a --max-cost cannot check (the fake's address has no list price), printed first: exit 2, no request", async () => {
    const { code, stderr } = await cli(
      ["probe", "--per-shape", "1", "--max-cost", "0.01", "--no-cache"],
      modelEnv(path.join(scratch, "over")),
    );
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /Estimate: 16 decisions \(0 cached, 16 to analyse\): about 64 model calls, \d+k tokens, cost unknown/,
    );
    expect(stderr).toMatch(/Not started: a cost limit of \$0\.01 was set, but .* has no list price/);
    expect(server.requestCount()).toBe(0);
  }, 120_000);
});

describe("quantagent probe --write-series", () => {
  it("writes every planted series as a CSV with labels.json, and stops: no key, no call", async () => {
    const dir = path.join(scratch, "series");
    const { code, stdout } = await cli([
      "probe",
      "--write-series",
      dir,
      "--shapes",
      "head_and_shoulders,sideways",
      "--per-shape",
      "2",
      "--seed",
      "9",
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain(`Wrote 4 planted series and their labels to ${dir}`);
    expect(readdirSync(dir).sort()).toEqual([
      "head_and_shoulders-1.csv",
      "head_and_shoulders-2.csv",
      "labels.json",
      "sideways-1.csv",
      "sideways-2.csv",
    ]);
    const planted = plantedSeries({ shapes: ["head_and_shoulders", "sideways"], perShape: 2, seed: 9 });
    const labels = JSON.parse(readFileSync(path.join(dir, "labels.json"), "utf8")) as {
      series: { file: string; shape: string; direction: string | null; slope: number; landmarks: object }[];
    };
    expect(labels.series.map((entry) => [entry.file, entry.shape, entry.direction])).toEqual([
      ["head_and_shoulders-1.csv", "head_and_shoulders", "SHORT"],
      ["sideways-1.csv", "sideways", null],
      ["head_and_shoulders-2.csv", "head_and_shoulders", "SHORT"],
      ["sideways-2.csv", "sideways", null],
    ]);
    expect(labels.series[0]!.landmarks).toEqual(planted[0]!.label.landmarks);
    expect(await readCsvFile(path.join(dir, "head_and_shoulders-1.csv"))).toEqual(planted[0]!.candles);
    expect(server.requestCount()).toBe(0);
  }, 120_000);
});

describe("quantagent probe with a model", () => {
  it("scores the fake's one pattern, writes the confusion matrix, and a rerun is answered from the cache", async () => {
    const dataDir = path.join(scratch, "model");
    const args = ["probe", "--shapes", "double_bottom,double_top", "--per-shape", "2", "--name", "fake"];
    const first = await cli(args, modelEnv(dataDir));
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Pattern named\s+4\s+50\.0% \(2\)\s+50\.0%/);
    expect(first.stdout).toContain("The model does not read charts better than chance here");
    // Four calls an analysis (indicator_mode "direct"); identical requests (the fake writes the same reports every time, so the decision is asked
    // the same question) are answered once and then from the model-answer cache.
    const calls = server.requestCount();
    const report = JSON.parse(readFileSync(path.join(dataDir, "probe", "fake.json"), "utf8")) as {
      probe: { usage: { fresh_calls: number; cached_calls: number } };
    };
    expect(report.probe.usage.fresh_calls).toBe(calls);
    expect(report.probe.usage.fresh_calls + report.probe.usage.cached_calls).toBe(4 * 4);
    expect(readdirSync(path.join(dataDir, "probe")).sort()).toEqual([
      "fake.confusion.png",
      "fake.html",
      "fake.json",
      "fake.md",
    ]);
    const again = await cli([...args, "--overwrite"], modelEnv(dataDir));
    expect(again.code).toBe(0);
    expect(again.stderr).toContain("Estimate: 4 decisions (4 cached, 0 to analyse)");
    expect(server.requestCount()).toBe(calls);
    const taken = await cli(args, modelEnv(dataDir));
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain('A report named "fake" is already in');
  }, 240_000);
});
