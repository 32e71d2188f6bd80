// Opening the embedded journal while another process holds a write lock on a database not yet in WAL mode (the
// moment two servers create the journal together). SQLite answers the switch to WAL with SQLITE_BUSY at once,
// without waiting on the busy timeout (it would be a deadlock): the open must wait for the other process and go on,
// not fail with "database is locked".
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { openJournal } from "../../src/journal/open-journal";
import { sampleEntry } from "./journal-fixtures";

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A process that writes to `file` in SQLite's default (rollback) mode and keeps its transaction open `holdMs`. */
function holdWriteLock(file: string, holdMs: number): Promise<{ released: Promise<number | null> }> {
  const script = `
    const Database = require(${JSON.stringify(require.resolve("better-sqlite3"))});
    const db = new Database(process.argv[1]);
    db.exec("create table if not exists other_tool (x)");
    db.exec("begin immediate");
    db.exec("insert into other_tool values (1)");
    process.stdout.write("held\\n");
    setTimeout(() => { db.exec("commit"); db.close(); }, Number(process.argv[2]));
  `;
  const child = spawn(process.execPath, ["-e", script, file, String(holdMs)], { stdio: ["ignore", "pipe", "inherit"] });
  const released = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return new Promise((resolve, reject) => {
    child.stdout.once("data", () => resolve({ released }));
    child.once("exit", (code) => reject(new Error(`the lock holder exited (${code}) before taking the lock`)));
  });
}

describe("opening the SQLite journal while another process writes to the file", () => {
  it("waits for the lock to go, then opens, migrates and records", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "journal-contention-"));
    folders.push(dataDir);
    const holder = await holdWriteLock(path.join(dataDir, "quantagent.db"), 600);
    const started = performance.now();
    const journal = await openJournal({ dataDir });
    try {
      // It did wait for the other process (SQLite refused the first attempt at once), and not for the whole timeout.
      expect(performance.now() - started).toBeGreaterThan(300);
      expect(await holder.released).toBe(0);
      const recorded = await journal.record(sampleEntry());
      expect((await journal.list()).analyses.map((analysis) => analysis.id)).toEqual([recorded.id]);
    } finally {
      await journal.close();
    }
  });
});
