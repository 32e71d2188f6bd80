// What migrations 0005 and 0006 (shared-state-migrations.ts) make the database enforce, on a new SQLite journal: the
// shared tables' required fields, one row per key (what makes "the first answer wins" and "one asset per symbol"
// hold across processes), a new queued point's attempts starting at 0, and a queued run's points going with it.
import { describe, expect, it } from "vitest";

import { columnsAcceptingNull, insertRow, type Row, rowsOf, useMigratedSqlite } from "./schema-probe";

const newJournal = useMigratedSqlite();
const NOW = "2025-01-02T03:04:05.000Z";

const assetRow = (key = "btc-usd"): Row => ({ symbol_key: key, symbol: key.toUpperCase(), created_at: NOW });
const settingRow = (name = "assets-imported"): Row => ({ name, value: "yes", created_at: NOW });
const answerRow = (key = "k-1"): Row => ({
  key,
  provider: "openai",
  model: "gpt-4o-mini",
  context: "indicator",
  response: "{}",
  created_at: NOW,
});
const bucketRow = (bucket = "b-1"): Row => ({ bucket, tokens: 2.5, updated_at: 1_700_000_000.25 });
const queuedRunRow = (id = "q-1"): Row => ({
  id,
  kind: "evaluation",
  created_at: NOW,
  label: "label",
  spec: "{}",
  point_count: 2,
  reported_at: NOW,
  journal_run_id: "run-1",
});
const queuedPointRow = (runId = "q-1", pointId = "p-1"): Row => ({
  run_id: runId,
  point_id: pointId,
  position: 0,
  input: "{}",
  attempts: 1,
  started_at: NOW,
  finished_at: NOW,
  worker: "w",
  result: "{}",
  error: "e",
});

describe("migration 0005, the shared state", () => {
  it("refuses a null in every field a shared row always has", async () => {
    const { db } = await newJournal();
    expect(await columnsAcceptingNull(db, "custom_assets", assetRow(), "symbol_key")).toEqual([]);
    expect(await columnsAcceptingNull(db, "shared_settings", settingRow(), "name")).toEqual([]);
    expect(await columnsAcceptingNull(db, "model_answers", answerRow(), "key")).toEqual(["context"]);
    expect(await columnsAcceptingNull(db, "rate_limit_buckets", bucketRow(), "bucket")).toEqual([]);
  });

  it("keeps one row per key in each shared table, and reads back what was written", async () => {
    const { db } = await newJournal();
    const tables: [string, (key: string) => Row, string][] = [
      ["custom_assets", assetRow, "symbol_key"],
      ["shared_settings", settingRow, "name"],
      ["model_answers", answerRow, "key"],
      ["rate_limit_buckets", bucketRow, "bucket"],
    ];
    for (const [table, row, key] of tables) {
      expect(await insertRow(db, table, row("one")), table).toBeUndefined();
      expect(await insertRow(db, table, row("one")), table).toMatch(/UNIQUE|PRIMARY KEY/u);
      expect(await insertRow(db, table, row("two")), table).toBeUndefined();
      expect(await rowsOf(db, table, key), table).toEqual([row("one"), row("two")]);
    }
  });
});

describe("migration 0006, queued runs", () => {
  it("refuses a null in every field a queued run and a point always have", async () => {
    const { db } = await newJournal();
    expect(await columnsAcceptingNull(db, "queued_runs", queuedRunRow(), "id")).toEqual([
      "journal_run_id",
      "reported_at",
    ]);
    await insertRow(db, "queued_runs", queuedRunRow());
    expect(await columnsAcceptingNull(db, "queued_points", queuedPointRow())).toEqual([
      "error",
      "finished_at",
      "result",
      "started_at",
      "worker",
    ]);
  });

  it("starts a new point at 0 attempts, keeps one point per run and point id, and removes them with their run", async () => {
    const { db } = await newJournal();
    expect(await insertRow(db, "queued_points", queuedPointRow("no-run"))).toMatch(/FOREIGN KEY/u);
    expect(await insertRow(db, "queued_runs", queuedRunRow())).toBeUndefined();
    expect(await insertRow(db, "queued_runs", queuedRunRow())).toMatch(/UNIQUE|PRIMARY KEY/u);
    await insertRow(db, "queued_runs", queuedRunRow("q-2"));
    const { attempts: _attempts, ...fresh } = queuedPointRow();
    expect(await insertRow(db, "queued_points", fresh)).toBeUndefined();
    expect(await insertRow(db, "queued_points", queuedPointRow())).toMatch(/UNIQUE|PRIMARY KEY/u);
    expect(await insertRow(db, "queued_points", queuedPointRow("q-1", "p-2"))).toBeUndefined();
    expect(await insertRow(db, "queued_points", queuedPointRow("q-2"))).toBeUndefined();
    expect(await rowsOf(db, "queued_points", "run_id, point_id")).toEqual([
      { ...fresh, attempts: 0 },
      queuedPointRow("q-1", "p-2"),
      queuedPointRow("q-2"),
    ]);
    await db.deleteFrom("queued_runs").where("id", "=", "q-1").execute();
    expect(await rowsOf(db, "queued_points", "run_id, point_id")).toEqual([queuedPointRow("q-2")]);
  });
});
