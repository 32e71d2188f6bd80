// The schema's migrations: an old journal is brought forward when opened, several processes opening a new journal
// at once all succeed (one migrates, the others find nothing to do), and a journal from a newer version is refused.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { FIRST_MIGRATION, journalMigrationProvider, journalMigrations } from "../../src/journal/migrations";
import { openJournalDatabase } from "../../src/journal/open-database";
import { openJournal } from "../../src/journal/open-journal";
import { analysisRow, parseJournalEntry } from "../../src/journal/record-analysis";
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
    // A row as the first schema held it: today's row without the columns later migrations added.
    const recorded = { id: "01a20470-e8b0-7199-aecf-eaacf96eba38" };
    const { blind: _addedIn0003, ...firstSchemaRow } = analysisRow(
      parseJournalEntry(sampleEntry()),
      recorded.id,
      "2025-03-01T12:00:00.000Z",
    );
    await old.db
      .insertInto("analyses")
      .values(firstSchemaRow as ReturnType<typeof analysisRow>)
      .execute();
    await old.close();
    expect(await appliedMigrations(location)).toEqual([FIRST_MIGRATION]);
    await expect(harness.query(location, "select count(*) from evaluation_runs")).rejects.toThrow(/evaluation_runs/);

    const journal = await harness.open(location);
    expect(await appliedMigrations(location)).toEqual(Object.keys(journalMigrations(engine)));
    expect((await journal.get(recorded.id))?.id).toBe(recorded.id);
    // Rows from before blind mode read as not blind.
    expect((await journal.list()).analyses.map((summary) => [summary.id, summary.blind])).toEqual([
      [recorded.id, false],
    ]);
    await journal.recordEvaluationRun({ settings: {}, models: null, promptVersion: "v1", points: [] });
    expect((await journal.listEvaluationRuns()).runs).toHaveLength(1);
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
  }, 120_000);

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
