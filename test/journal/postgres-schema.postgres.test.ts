// What migrations.ts decides for PostgreSQL alone, on a throwaway cluster: chart bytes are a bytea column, stored
// as they come (PNG is compressed already; PostgreSQL would otherwise spend time compressing every chart again).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { migrateJournal } from "../../src/journal/migrate-journal";
import { openJournalDatabase } from "../../src/journal/open-database";
import { usePostgres } from "../support/use-postgres";

const postgres = usePostgres();
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "migrations-pg-"));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("the charts table on PostgreSQL", () => {
  it("keeps a chart's bytes as written, without compressing them", async () => {
    const opened = await openJournalDatabase({ dataDir, databaseUrl: await postgres.database() });
    try {
      await migrateJournal(opened);
      // Bytes that compress to almost nothing: stored compressed, they would take a few hundred bytes.
      const png = Buffer.alloc(100_000, 7);
      await opened.db
        .insertInto("charts")
        .values({ sha256: "c", png, byte_length: png.length, created_at: "2025-01-01T00:00:00.000Z" })
        .execute();
      const { rows } = await sql<{ png: Buffer; stored: number }>`
        select png, pg_column_size(png) as stored from charts where sha256 = 'c'`.execute(opened.db);
      expect(Buffer.compare(rows[0]!.png, png)).toBe(0);
      expect(Number(rows[0]!.stored)).toBeGreaterThanOrEqual(png.length);
    } finally {
      await opened.close();
    }
  });
});
