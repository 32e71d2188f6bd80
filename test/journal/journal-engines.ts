// Runs a journal test suite against both engines: `describe.each(journalEngines)` and, inside, `useJournalEngine`
// registers the hooks. SQLite gets a fresh data folder per journal location; PostgreSQL a fresh database per location
// on the run's one server (test/support/global/shared-postgres.ts). Journals opened through the harness are
// closed after each test.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { afterAll, afterEach } from "vitest";

import type { JournalEngine } from "../../src/journal/database-schema";
import type { Journal } from "../../src/journal/journal";
import { openJournalDatabase } from "../../src/journal/open-database";
import { openJournal } from "../../src/journal/open-journal";
import { createDatabase } from "../support/postgres-cluster";
import { sharedAdminUrl, uniqueDatabaseName } from "../support/use-postgres";

export const journalEngines: JournalEngine[] = ["sqlite", "postgres"];

export interface JournalLocation {
  dataDir: string;
  /** Set for PostgreSQL. */
  databaseUrl?: string;
}

export interface JournalEngineHarness {
  /** A new, empty place for a journal. */
  location(): Promise<JournalLocation>;
  /** Runs raw SQL on a journal's database, beside the library (to look at tables the API does not show). */
  query<Row = Record<string, unknown>>(location: JournalLocation, text: string): Promise<Row[]>;
  /** Opens a journal at `location` (a new one when absent); closed after the test. */
  open(location?: JournalLocation): Promise<Journal>;
}

export function useJournalEngine(engine: JournalEngine): JournalEngineHarness {
  const folders: string[] = [];
  const journals: Journal[] = [];
  afterEach(async () => {
    await Promise.all(journals.splice(0).map((journal) => journal.close()));
  });
  afterAll(async () => {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });
  const location = async (): Promise<JournalLocation> => {
    const dataDir = await mkdtemp(path.join(tmpdir(), `journal-${engine}-`));
    folders.push(dataDir);
    if (engine === "sqlite") return { dataDir };
    return { dataDir, databaseUrl: await createDatabase(sharedAdminUrl(), uniqueDatabaseName("journal")) };
  };
  return {
    location,
    async query<Row>(at: JournalLocation, text: string) {
      const opened = await openJournalDatabase(at);
      try {
        return (await sql.raw<Row>(text).execute(opened.db)).rows;
      } finally {
        await opened.close();
      }
    },
    async open(at) {
      const journal = await openJournal(at ?? (await location()));
      journals.push(journal);
      return journal;
    },
  };
}
