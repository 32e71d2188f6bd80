// `quantagent history` run in-process against a journal seeded through the library: the list (filters, pages),
// one analysis, accuracy per group, scoring (market data through an injected-free path: only caller data here),
// the leaderboard, deletion, --json in the API's shapes, and exit code 2 for every mistake.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runCli } from "../../cli/run-cli";
import { createDatabaseHandle, type Journal, openJournal } from "../../src/journal/index";
import { finishPoint, insertQueuedRun, startPoint } from "../../src/queue/queued-runs";
import { laterBars, sampleEntry } from "../journal/journal-fixtures";

let scratch: string;
let dataDir: string;
let journal: Journal;
const ids: string[] = [];
const T = "2025-03-01T08:00:00.000Z";

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "history-command-"));
  dataDir = path.join(scratch, "data");
  journal = await openJournal({ dataDir });
  const model = (name: string) => ({
    agent: { provider: "openai", model: name, temperature: 0 },
    graph: { provider: "openai", model: name, temperature: 0 },
  });
  // gpt-4o: LONG into a rise (hit at k=1 and 3), LONG into a fall (miss). claude-x: SHORT into a fall (hit), pending.
  for (const [name, directive, closes, asset] of [
    ["gpt-4o", "LONG", [101, 102, 103], "BTC"],
    ["gpt-4o", "LONG", [99, 98, 97], "SPX"],
    ["claude-x", "SHORT", [99, 98, 97], "BTC"],
    ["claude-x", "SHORT", null, "BTC"],
  ] as const) {
    const { id } = await journal.record(
      sampleEntry({ asset, models: model(name), directive, entry: { close: 100, time: T } }),
    );
    if (closes) await journal.recordOutcome(id, laterBars(T, closes));
    ids.push(id);
  }
  await journal.record(
    sampleEntry({
      asset: "Line\nbreak\tasset",
      models: model("gpt-4.1"),
      decision: null,
      error: { code: "provider_quota", message: "Billing Issue" },
    }),
  );
});
afterAll(async () => {
  await journal?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function quantagent(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli({
    argv: ["history", ...argv],
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { DATA_DIR: dataDir },
    cwd: scratch,
    signal: new AbortController().signal,
  });
  return { code, stdout, stderr };
}

describe("quantagent history", () => {
  it("lists analyses newest first as a table, with decisions, failures and outcomes", async () => {
    const run = await quantagent([]);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^recorded\s+id\s+asset\s+tf\s+decision\s+model\s+source\s+k=1\s+k=3$/);
    expect(lines[2]).toContain("failed: provider_quota");
    expect(lines[2]).toMatch(/failed\s+failed$/); // a failed run has nothing to score: never "pending"
    expect(lines[2]).toContain("Line break asset"); // one line per row, whatever the name holds
    expect(lines[3]).toMatch(new RegExp(`${ids[3]}.*SHORT.*claude-x.*pending\\s+pending$`));
    expect(lines[5]).toMatch(new RegExp(`${ids[1]}.*SPX.*LONG.*gpt-4o.*miss -1\\.00%\\s+miss -3\\.00%$`));
    expect(lines[6]).toMatch(new RegExp(`${ids[0]}.*LONG.*hit \\+1\\.00%\\s+hit \\+3\\.00%$`));
  });

  it("filters, pages with the printed cursor, and answers --json in the API's shape", async () => {
    const first = await quantagent(["--model", "gpt-4o", "--limit", "1"]);
    expect(first.stdout).toContain(ids[1]);
    const cursor = /--cursor (\S+)/.exec(first.stdout)?.[1];
    expect(cursor).toBeDefined();
    const second = await quantagent(["--model", "gpt-4o", "--limit", "1", "--cursor", cursor!, "--json"]);
    const page = JSON.parse(second.stdout);
    expect(page.analyses.map((summary: { id: string }) => summary.id)).toEqual([ids[0]]);
    expect(page.analyses[0]).toMatchObject({ created_at: expect.any(String), bar_count: 45, risk_reward_ratio: 1.5 });
    expect(page.next_cursor).toBeNull();
    expect((await quantagent(["--asset", "ETH"])).stdout).toBe("No analyses recorded yet (or none match).\n");
  });

  it("shows one analysis, and deletes one", async () => {
    const shown = await quantagent(["show", ids[0]!]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`Analysis ${ids[0]}`);
    expect(shown.stdout).toContain("Decision: LONG · risk/reward 1.50");
    expect(shown.stdout).toContain("Outcome: k=1 hit +1.00%, k=3 hit +3.00%");
    expect(shown.stdout).toContain("## Indicator report");
    const extra = await journal.record(sampleEntry({ asset: "DOOMED" }));
    expect((await quantagent(["delete", extra.id])).stdout).toBe(`Deleted ${extra.id}.\n`);
    const gone = await quantagent(["show", extra.id]);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain(`No analysis with id ${extra.id}`);
  });

  it("gives accuracy per group with Wilson intervals, at either horizon", async () => {
    const run = await quantagent(["stats"]);
    expect(run.stdout).toMatch(/^Directional accuracy 3 bars after each analysis, per model:/);
    expect(run.stdout).toMatch(/gpt-4o\s+2\s+2\s+1\s+50\.0%\s+9\.\d% – 90\.\d%/);
    expect(run.stdout).toMatch(/claude-x\s+2\s+1\s+1\s+100\.0%/);
    const json = JSON.parse((await quantagent(["stats", "--group-by", "asset", "--horizon", "1", "--json"])).stdout);
    expect(json).toMatchObject({ group_by: "asset", horizon: 1 });
    expect(json.groups.find((group: { key: string }) => group.key === "BTC")).toMatchObject({ scored: 2, hits: 2 });

    // Split at each graph model's training cutoff: the gpt-4o analyses decided on 2025 bars, after its October 2023
    // cutoff; claude-x has no known cutoff.
    const split = await quantagent(["stats", "--split", "cutoff"]);
    expect(split.stdout).toMatch(/before and after each graph model's training cutoff/);
    expect(split.stdout).toMatch(/gpt-4o \(before\)\s+0\s+0\s+0\s+–/);
    expect(split.stdout).toMatch(/gpt-4o \(after\)\s+2\s+2\s+1\s+50\.0%/);
    expect(split.stdout).toMatch(/claude-x \(unsplit\)\s+2\s+1\s+1\s+100\.0%/);
    const splitJson = JSON.parse((await quantagent(["stats", "--split", "cutoff", "--json"])).stdout);
    expect(splitJson.groups.find((group: { key: string }) => group.key === "gpt-4o").split.after).toMatchObject({
      n: 2,
      scored: 2,
      hits: 1,
    });
  });

  it("scores pending analyses, leaving the caller's own data to its own bars", async () => {
    const run = await quantagent(["score", "--json"]);
    expect(run.code).toBe(0);
    // The seeded entries are market analyses of BTC-USD; no network here, so their fetch fails and they are counted.
    expect(JSON.parse(run.stdout)).toEqual({ scored: 0, pending: 0, failed: 1, caller_data: 0 });
  });

  it("has an empty leaderboard until an evaluation run is recorded", async () => {
    expect((await quantagent(["leaderboard"])).stdout).toContain("No evaluation runs with a model recorded yet");
  });

  it("lists runs queued for workers, shows one, and says why there are none without PostgreSQL", async () => {
    expect((await quantagent(["runs"])).stdout).toContain("queued runs need PostgreSQL (DATABASE_URL)");
    // The SQLite journal has the queued runs' tables too: a run written there shows as a PostgreSQL one would.
    const database = createDatabaseHandle({ dataDir });
    try {
      const { db } = await database.open();
      await insertQueuedRun(db, {
        id: "run-a",
        kind: "evaluation",
        createdAt: "2026-02-01T10:00:00.000Z",
        label: "evaluation: gpt-4o on BTC, 2 windows",
        spec: {},
        points: [
          { id: "BTC/1/0", input: {} },
          { id: "BTC/2/0", input: {} },
        ],
      });
      await startPoint(db, { runId: "run-a", pointId: "BTC/1/0", now: new Date() });
      await finishPoint(db, {
        runId: "run-a",
        pointId: "BTC/1/0",
        worker: "w:1",
        now: new Date(),
        outcome: { ok: true, result: {} },
      });
    } finally {
      await database.close();
    }
    const list = await quantagent(["runs"]);
    expect(list.code).toBe(0);
    const lines = list.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^created\s+id\s+run\s+finished\s+failed\s+running\s+waiting\s+state$/);
    expect(lines[2]).toMatch(
      /^2026-02-01 10:00\s+run-a\s+evaluation: gpt-4o on BTC, 2 windows\s+1\/2\s+0\s+0\s+1\s+in progress$/,
    );
    const one = await quantagent(["runs", "run-a"]);
    expect(one.stdout).toContain("1 of 2 points finished: 1 done, 0 failed; 0 running, 1 waiting");
    expect(JSON.parse((await quantagent(["runs", "--json"])).stdout).runs[0]).toMatchObject({
      id: "run-a",
      state: "queued",
      point_count: 2,
      done: 1,
      waiting: 1,
    });
    const unknown = await quantagent(["runs", "run-b"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("No run run-b");
  });

  it("lists the journal's evaluation and backtest runs with the queued ones, a demo provider's labelled as such", async () => {
    const demo = { provider: "demo", model: "demo", temperature: 0 };
    const moves = [{ horizon: 1, move: 0.01 }];
    const points = [
      { id: "p-1", asset: "BTC", window: 1, lastBarTime: T, entryClose: 100, directive: "LONG" as const, moves },
    ];
    const backtest = await journal.recordEvaluationRun({
      kind: "backtest",
      settings: { series: { name: "BTC-USD" } },
      models: { agent: demo, graph: demo },
      promptVersion: "v1",
      points,
      report: { lines: [] },
    });
    const evaluation = await journal.recordEvaluationRun({
      settings: { assets: ["BTC"] },
      models: {
        agent: { ...demo, provider: "openai", model: "gpt-4o" },
        graph: { ...demo, provider: "openai", model: "gpt-4o" },
      },
      promptVersion: "v1",
      points,
    });
    const list = await quantagent(["runs"]);
    expect(list.code).toBe(0);
    const row = (id: string) => list.stdout.split("\n").find((line) => line.includes(id)) ?? "";
    expect(row(backtest.id)).toMatch(/backtest: demo \(demo: scripted, not a model\) on BTC-USD\s+1\/1\s.*recorded$/);
    expect(row(evaluation.id)).toMatch(/evaluation: gpt-4o on BTC\s+1\/1\s.*recorded$/);
    expect(row(evaluation.id)).not.toContain("demo");
    expect(list.stdout).toContain("run-a"); // the queued run is still listed
    const one = await quantagent(["runs", backtest.id]);
    expect(one.stdout).toContain("Demo: demo: scripted, not a model; never counted in accuracy figures");
    const json = JSON.parse((await quantagent(["runs", "--json"])).stdout) as {
      runs: { id: string; demo?: boolean }[];
    };
    expect(json.runs.find((run) => run.id === backtest.id)).toMatchObject({ state: "finished", demo: true });
    expect(json.runs.find((run) => run.id === evaluation.id)).toMatchObject({ state: "finished", demo: false });
  });

  it.each([
    [["--limit", "0"], '--limit "0" must be at least 1'],
    [["--source", "email"], '--source "email" is not one of page, '],
    [["stats", "--horizon", "2"], "--horizon for stats must be 1 or 3"],
    [["stats", "--group-by", "colour"], '--group-by "colour" is not one of model, provider, asset'],
    [["stats", "--split", "month"], '--split "month" is not one of cutoff.'],
    [["show"], "history show needs the analysis id"],
    [["list", "extra"], 'unexpected argument "extra"'],
    [["frobnicate"], "the action must be one of"],
    [["--cursor", "not-a-cursor"], "cursor"],
    [["--colour"], "--colour"],
  ])("refuses %j with exit code 2 and a reason", async (argv, reason) => {
    const run = await quantagent(argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(reason);
    expect(run.stdout).toBe("");
  });
});
