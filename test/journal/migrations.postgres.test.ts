// The schema's migrations: an old journal is brought forward when opened, several processes opening a new journal
// at once all succeed (one migrates, the others find nothing to do), and a journal from a newer version is refused.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { type Kysely, Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { FIRST_MIGRATION, journalMigrationProvider, journalMigrations } from "../../src/journal/migrations";
import { openJournalDatabase } from "../../src/journal/open-database";
import { openJournal } from "../../src/journal/open-journal";
import { compileJournalChild, startTogether } from "./journal-children";
import { journalEngines, useJournalEngine } from "./journal-engines";
import { sampleEntry } from "./journal-fixtures";

const PROCESSES = 4;
const ROUNDS = 3;
let workDir: string;
let childScript: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "journal-migrations-"));
  childScript = compileJournalChild(path.join(workDir, "build"));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/**
 * A row as the first migration's code wrote it (every column that migration made, none of the later ones): written
 * by hand because today's recordAnalysis writes today's columns.
 */
async function insertFirstMigrationRow(db: Kysely<any>): Promise<string> {
  const id = "0190a8b0-0000-7000-8000-000000000001";
  const now = "2025-01-02T03:04:05.000Z";
  await db
    .insertInto("analyses")
    .values({
      id,
      created_at: now,
      source: "api",
      asset: "BTC",
      symbol: "BTC-USD",
      timeframe: "4h",
      bar_count: 45,
      agent_provider: "openai",
      agent_model: "gpt-4o-mini",
      agent_temperature: 0.1,
      graph_provider: "openai",
      graph_model: "gpt-4o",
      graph_temperature: 0.1,
      prompt_version: "2",
      plugins: "[]",
      request: "{}",
      indicator_report: "i",
      pattern_report: "p",
      trend_report: "t",
      analyst_reports: "{}",
      decision: "LONG",
      calls_per_step: "{}",
      input_tokens: 1,
      output_tokens: 1,
      timings_ms: "{}",
      entry_close: 100,
      entry_time: now,
      result: "{}",
      result_chart_fields: "{}",
    })
    .execute();
  return id;
}

describe.each(journalEngines)("migrations on %s", (engine) => {
  const harness = useJournalEngine(engine);
  const appliedMigrations = async (location: Awaited<ReturnType<typeof harness.location>>) =>
    (await harness.query<{ name: string }>(location, "select name from kysely_migration order by name")).map(
      (row) => row.name,
    );

  it("brings a journal that has only the first migration up to date, keeping what it holds", async () => {
    const location = await harness.location();
    const old = await openJournalDatabase(location);
    const migrated = await new Migrator({ db: old.db, provider: journalMigrationProvider(old.engine) }).migrateTo(
      FIRST_MIGRATION,
    );
    expect(migrated.error).toBeUndefined();
    const recorded = await insertFirstMigrationRow(old.db);
    await old.close();
    expect(await appliedMigrations(location)).toEqual([FIRST_MIGRATION]);
    await expect(harness.query(location, "select count(*) from evaluation_runs")).rejects.toThrow(/evaluation_runs/);

    const journal = await harness.open(location);
    expect(await appliedMigrations(location)).toEqual(Object.keys(journalMigrations(engine)));
    expect((await journal.get(recorded))?.id).toBe(recorded);
    // The row from before the stages existed reads as a run of the four agents alone, with no lesson.
    expect(
      await harness.query(location, `select stages, outcome_bar_time from analyses where id = '${recorded}'`),
    ).toEqual([{ stages: "{}", outcome_bar_time: null }]);
    expect((await journal.get(recorded))?.lesson).toBeNull();
    // Rows from before blind mode read as not blind.
    expect((await journal.list()).analyses.map((summary) => [summary.id, summary.blind])).toEqual([[recorded, false]]);
    await journal.recordEvaluationRun({ settings: {}, models: null, promptVersion: "v1", points: [] });
    expect((await journal.listEvaluationRuns()).runs).toHaveLength(1);
    // What the later migrations add works on the migrated journal.
    expect((await journal.record(sampleEntry({ stages: { risk: {} } }))).id).toBeTruthy();
  });

  it("brings a watchlist from before entries had models forward: its entries read with the watcher's models", async () => {
    const location = await harness.location();
    const old = await openJournalDatabase(location);
    const migrated = await new Migrator({ db: old.db, provider: journalMigrationProvider(old.engine) }).migrateTo(
      "0009-watchlist",
    );
    expect(migrated.error).toBeUndefined();
    // Written as 0009's code wrote it: today's row type has the later column.
    await (old.db as Kysely<any>)
      .insertInto("watchlist")
      .values({
        id: "entry-1",
        created_at: "2025-01-02T03:04:05.000Z",
        market: "BTC-USD",
        market_kind: "symbol",
        timeframe: "4h",
        stages: "{}",
        samples: 1,
        settle_ms: 120_000,
        status: "active",
      })
      .execute();
    await old.close();

    const journal = await harness.open(location);
    expect(await appliedMigrations(location)).toEqual(Object.keys(journalMigrations(engine)));
    expect((await journal.watchlist.get("entry-1"))?.models).toBeNull();
    const own = await journal.watchlist.add({ symbol: "ETH-USD", timeframe: "1h", models: { graph: "gpt-4o" } });
    expect((await journal.watchlist.get(own.id))?.models).toEqual({ graph: "gpt-4o" });
  });

  it(`lets ${PROCESSES} processes open a new journal at the same moment, ${ROUNDS} times over`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const location = await harness.location();
      const children = await startTogether(
        childScript,
        Array.from({ length: PROCESSES }, () => ["open", location.dataDir, location.databaseUrl ?? "-"]),
      );
      const exits = await Promise.all(children.map((child) => child.exited));
      const failures = children
        .map((child, index) => ({ exit: exits[index]!, stderr: child.stderr() }))
        .filter(({ exit }) => exit.code !== 0);
      expect(failures, `round ${round}`).toEqual([]);
      expect(children.every((child) => child.lines.includes("opened"))).toBe(true);
      expect(await appliedMigrations(location)).toEqual(Object.keys(journalMigrations(engine)));
    }
  }, 300_000);

  it("refuses a journal written by a newer version, saying so, and changes nothing", async () => {
    const location = await harness.location();
    await (await harness.open(location)).close();
    await harness.query(
      location,
      "insert into kysely_migration (name, timestamp) values ('9999-from-the-future', '2099-01-01T00:00:00.000Z')",
    );
    const error = await openJournal(location).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: "migration_failed" });
    expect((error as Error).message).toMatch(
      /was written by a newer version of this program \(it has the migration 9999-from-the-future, unknown to this version\)\. Open it with that version/,
    );
    expect(await appliedMigrations(location)).toContain("9999-from-the-future");
  });
});
