// The checkpoint scheduler (sqlite-checkpoints.ts) on a real SQLite connection whose statements the test records, and
// a stand-in log file whose size the test sets: a checkpoint runs after a write once the log has reached 32 MiB, off
// the caller's path, once however many writes came in between, never after stop, and never throws.
import { mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { JournalDatabase } from "../../src/journal/database-schema";
import { createCheckpointScheduler } from "../../src/journal/sqlite-checkpoints";

const MIB = 1024 * 1024;
let folder: string;
let walFile: string;
let db: Kysely<JournalDatabase>;
let statements: string[];
let connection: Database.Database;

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "sqlite-checkpoints-"));
  walFile = path.join(folder, "stand-in-wal");
  statements = [];
  connection = new Database(path.join(folder, "journal.db"));
  db = new Kysely<JournalDatabase>({
    dialect: new SqliteDialect({ database: connection }),
    log: (event) => {
      statements.push(event.query.sql);
    },
  });
});
afterEach(async () => {
  await db.destroy().catch(() => undefined);
  await rm(folder, { recursive: true, force: true });
});

async function logOfSize(bytes: number): Promise<void> {
  await writeFile(walFile, "");
  await truncate(walFile, bytes);
}

/** Lets the scheduler's timer fire and its checkpoint finish (a timer set after it fires after it). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
const checkpointsRun = () => statements.filter((text) => text === "pragma wal_checkpoint(PASSIVE)").length;

describe("the checkpoint scheduler", () => {
  it("checkpoints after a write once the log has reached 32 MiB, and not below", async () => {
    const scheduler = createCheckpointScheduler(db, walFile);
    await logOfSize(32 * MIB - 1);
    scheduler.afterWrite();
    await settle();
    expect(checkpointsRun()).toBe(0);
    await logOfSize(32 * MIB);
    scheduler.afterWrite();
    expect(checkpointsRun()).toBe(0); // not on the caller's path
    await settle();
    expect(checkpointsRun()).toBe(1);
    // Each later write that finds the log that large schedules another.
    scheduler.afterWrite();
    await settle();
    expect(checkpointsRun()).toBe(2);
  });

  it("runs one checkpoint for the writes that came in before it ran", async () => {
    const scheduler = createCheckpointScheduler(db, walFile);
    await logOfSize(40 * MIB);
    for (let index = 0; index < 5; index += 1) scheduler.afterWrite();
    await settle();
    expect(checkpointsRun()).toBe(1);
  });

  it("does nothing when there is no log", async () => {
    const scheduler = createCheckpointScheduler(db, walFile);
    scheduler.afterWrite();
    await settle();
    expect(statements).toEqual([]);
  });

  it("runs nothing once stopped, neither what was pending nor what comes after", async () => {
    const scheduler = createCheckpointScheduler(db, walFile);
    await logOfSize(40 * MIB);
    scheduler.afterWrite();
    scheduler.stop();
    scheduler.afterWrite();
    await settle();
    expect(statements).toEqual([]);
  });

  it("runs nothing after a write that comes once it has stopped", async () => {
    const scheduler = createCheckpointScheduler(db, walFile);
    await logOfSize(40 * MIB);
    scheduler.stop();
    scheduler.afterWrite();
    await settle();
    expect(statements).toEqual([]);
  });

  it("swallows a checkpoint that fails (the connection already closed)", async () => {
    const scheduler = createCheckpointScheduler(db, walFile);
    await logOfSize(40 * MIB);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      scheduler.afterWrite();
      connection.close();
      await settle();
      await settle();
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });
});
