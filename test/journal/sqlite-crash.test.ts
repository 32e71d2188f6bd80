// Crash test of the embedded journal: child processes record analyses with two ~100 KB charts in a loop on one
// SQLite file and are killed with SIGKILL at random moments, several at once. Afterwards the file passes SQLite's
// integrity_check, every record a child confirmed is there, and no record is half-written: every analysis row has
// both its charts (bytes matching their key) and all its fields.
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { JOURNAL_FILE_NAME } from "../../src/journal/open-database";
import { openJournal } from "../../src/journal/open-journal";
import { compileJournalChild, type JournalChild, startTogether } from "./journal-children";

const KILLS = 24;
const LANES = 3; // children writing at once
const CHART_BYTES = 100_000;
// A child is killed 0-400 ms after it starts recording: records take a few ms each, so kills land before, inside
// and between the statements of a record's transaction.
const MAX_DELAY_MS = 400;

let workDir: string;
let dataDir: string;
let childScript: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "journal-crash-"));
  dataDir = path.join(workDir, "data");
  childScript = compileJournalChild(path.join(workDir, "build"));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const confirmedIds = (child: JournalChild) =>
  child.lines.filter((line) => line.startsWith("ok ")).map((line) => line.slice(3));

describe("SQLite journal under SIGKILL", () => {
  it(`stays readable and whole after ${KILLS} kills in the middle of writing`, async () => {
    const confirmed: string[] = [];
    const problems: string[] = [];
    for (let start = 0; start < KILLS; start += LANES) {
      const children = await startTogether(
        childScript,
        Array.from({ length: Math.min(LANES, KILLS - start) }, (_, lane) => [
          "loop",
          dataDir,
          "-",
          `child-${start + lane}`,
          String(CHART_BYTES),
        ]),
      );
      await Promise.all(
        children.map(async (child) => {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * MAX_DELAY_MS));
          child.process.kill("SIGKILL");
          const exit = await child.exited;
          if (exit.signal !== "SIGKILL")
            problems.push(`a child ended by itself (${exit.code}): ${child.stderr().trim()}`);
          confirmed.push(...confirmedIds(child));
        }),
      );
    }
    expect(problems).toEqual([]);
    expect(confirmed.length).toBeGreaterThan(KILLS); // the kills did land while records were being written

    const file = path.join(dataDir, JOURNAL_FILE_NAME);
    const database = new Database(file);
    try {
      expect(database.pragma("integrity_check")).toEqual([{ integrity_check: "ok" }]);
      expect(database.pragma("foreign_key_check")).toEqual([]);
      const rows = database.prepare("select * from analyses").all() as Record<string, unknown>[];
      const ids = new Set(rows.map((row) => row.id));
      expect(confirmed.filter((id) => !ids.has(id))).toEqual([]); // nothing confirmed is lost
      // At most the one record in flight per child was committed without being confirmed.
      expect(rows.length - confirmed.length).toBeLessThanOrEqual(KILLS);
      const chart = database.prepare("select png from charts where sha256 = ?");
      for (const row of rows) {
        for (const key of [row.pattern_chart_sha256, row.trend_chart_sha256]) {
          const stored = chart.get(key) as { png: Buffer } | undefined;
          expect(stored, `chart ${String(key)} of ${String(row.id)}`).toBeDefined();
          expect(stored?.png).toHaveLength(CHART_BYTES);
          expect(
            createHash("sha256")
              .update(stored?.png ?? "")
              .digest("hex"),
          ).toBe(key);
        }
        expect(row.decision).toBe("LONG");
        expect(JSON.parse(String(row.result))).toMatchObject({ asset: "BTC", pattern_chart: null, trend_chart: null });
        expect(JSON.parse(String(row.result_chart_fields))).toEqual({ pattern_chart: "pattern", trend_chart: "trend" });
        expect(JSON.parse(String(row.request))).toMatchObject({ tag: expect.stringMatching(/^child-/) });
      }
    } finally {
      database.close();
    }

    // And the library reads it as it should: every analysis with both charts.
    const journal = await openJournal({ dataDir });
    try {
      // Every confirmed analysis is in the list, however many pages it takes.
      const listed = new Set<string>();
      let cursor: string | undefined;
      do {
        const page = await journal.list({ limit: 200, ...(cursor ? { cursor } : {}) });
        for (const analysis of page.analyses) listed.add(analysis.id);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(confirmed.filter((id) => !listed.has(id))).toEqual([]);
      const sample = await journal.get(confirmed.at(-1)!);
      expect(Buffer.from(String(sample?.trend_chart), "base64")).toHaveLength(CHART_BYTES);
    } finally {
      await journal.close();
    }
  }, 180_000);
});
