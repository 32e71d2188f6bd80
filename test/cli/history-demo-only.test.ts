// A journal of demo analyses alone: `history stats` says how many demo analyses accuracy leaves out (and --json gives
// the count as the API does) instead of reading as empty; beside a model's figures the same line follows the table.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Journal, openJournal } from "../../src/journal/index";
import { laterBars, sampleEntry } from "../journal/journal-fixtures";
import { runCliInProcess } from "../support/in-process-cli";

let scratch: string;
let dataDir: string;
let journal: Journal;
const T = "2025-03-01T08:00:00.000Z";
const demo = {
  agent: { provider: "demo", model: "demo", temperature: 0 },
  graph: { provider: "demo", model: "demo", temperature: 0 },
};

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "history-demo-only-"));
  dataDir = path.join(scratch, "data");
  journal = await openJournal({ dataDir });
  for (let index = 0; index < 6; index += 1) {
    const { id } = await journal.record(
      sampleEntry({ models: demo, directive: "LONG", entry: { close: 100, time: T } }),
    );
    await journal.recordOutcome(id, laterBars(T, [101, 102, 103]));
  }
});
afterAll(async () => {
  await journal?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const history = (argv: string[]) => runCliInProcess(["history", ...argv], { env: { DATA_DIR: dataDir }, cwd: scratch });

describe("quantagent history stats, demo analyses only", () => {
  it("says how many demo analyses are left out, not that nothing is recorded", async () => {
    const run = await history(["stats"]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain("Nothing recorded yet");
    expect(run.stdout).toBe(
      "No model's analysis to count yet (or none matches).\n" +
        "6 demo analyses (demo: scripted, not a model) left out: accuracy counts a model's decisions only.\n",
    );
    const json = JSON.parse((await history(["stats", "--json"])).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ groups: [], demo_left_out: 6 });
  });

  it("beside a model's analyses, the figures and then the same line; filters count the demo analyses too", async () => {
    const { id } = await journal.record(
      sampleEntry({
        models: {
          agent: { provider: "openai", model: "gpt-4o", temperature: 0 },
          graph: { provider: "openai", model: "gpt-4o", temperature: 0 },
        },
        directive: "LONG",
        entry: { close: 100, time: T },
      }),
    );
    await journal.recordOutcome(id, laterBars(T, [101, 102, 103]));
    const run = await history(["stats"]);
    expect(run.stdout).toMatch(/gpt-4o[\s\S]*\n6 demo analyses \(demo: scripted, not a model\) left out/);
    const filtered = JSON.parse((await history(["stats", "--asset", "NONE", "--json"])).stdout) as Record<
      string,
      unknown
    >;
    expect(filtered).toMatchObject({ groups: [], demo_left_out: 0 });
  });
});

describe("quantagent history list, narrow enough for a terminal", () => {
  it("says demo and no-later-bars rows in short words, explained once under the table", async () => {
    const listDir = path.join(scratch, "list");
    const listJournal = await openJournal({ dataDir: listDir });
    try {
      for (const model of ["demo", "gpt-4o"]) {
        const provider = model === "demo" ? "demo" : "openai";
        await listJournal.record(
          sampleEntry({
            models: { agent: { provider, model, temperature: 0 }, graph: { provider, model, temperature: 0 } },
            request: { csv: "<45 lines, 2000 characters>", timeframe: "4h" },
          }),
        );
      }
    } finally {
      await listJournal.close();
    }
    const run = await runCliInProcess(["history", "list"], { env: { DATA_DIR: listDir }, cwd: scratch });
    expect(run.code).toBe(0);
    const [table, notes] = run.stdout.split("\n\n");
    const rows = table!.split("\n");
    expect(rows[2]).toMatch(/\sgpt-4o\s.*no later bars\s+no later bars$/);
    expect(rows[3]).toMatch(/\sdemo \(scripted\)\s.*no later bars\s+no later bars$/);
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(140);
    expect(notes).toBe(
      "(scripted): the demo provider (demo: scripted, not a model).\n" +
        "no later bars: no outcome, as the data ends with the window.\n",
    );
  });

  it("adds no note when no row needs one", async () => {
    const run = await history(["list"]);
    expect(run.stdout).toContain("demo (scripted)");
    expect(run.stdout).not.toContain("no later bars");
    expect(run.stdout.trimEnd().split("\n").at(-1)).toBe(
      "(scripted): the demo provider (demo: scripted, not a model).",
    );
  });
});
