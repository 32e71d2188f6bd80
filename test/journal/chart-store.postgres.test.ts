// Charts stored once by their SHA-256, on SQLite (journal.test.ts runs the shared cases on both engines): keys in
// the order given, a chart already there left as it is, loading by key, and removal of only what nothing uses. On
// PostgreSQL, the race the removal's foreign-key catch is there for, staged step by step.
import { createHash } from "node:crypto";

import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";

import { chartSha256, loadCharts, removeUnreferencedCharts, storeCharts } from "../../src/journal/chart-store";
import { openJournalDatabase } from "../../src/journal/open-database";
import { useJournalEngine } from "./journal-engines";
import { fakePng, sampleEntry } from "./journal-fixtures";

describe("chart store on sqlite", () => {
  const harness = useJournalEngine("sqlite");

  async function database() {
    const location = await harness.location();
    const journal = await harness.open(location); // migrated
    const opened = await openJournalDatabase(location);
    return { journal, opened };
  }

  it("keys a chart by the SHA-256 of its bytes", () => {
    const png = fakePng(100);
    expect(chartSha256(png)).toBe(createHash("sha256").update(png).digest("hex"));
  });

  it("answers the keys in the order given, stores each chart once, and leaves one already there alone", async () => {
    const { opened } = await database();
    try {
      const [first, second] = [fakePng(200), fakePng(300)];
      const view = new Uint8Array(second.buffer, second.byteOffset, second.byteLength);
      const keys = await storeCharts(opened.db, "sqlite", [second, first, view], "2025-01-01T00:00:00.000Z");
      expect(keys).toEqual([chartSha256(second), chartSha256(first), chartSha256(second)]);
      expect(await storeCharts(opened.db, "sqlite", [], "2025-01-02T00:00:00.000Z")).toEqual([]);
      expect(await storeCharts(opened.db, "sqlite", [first], "2025-01-03T00:00:00.000Z")).toEqual([chartSha256(first)]);
      const rows = await opened.db
        .selectFrom("charts")
        .select(["sha256", "byte_length", "created_at"])
        .orderBy("byte_length")
        .execute();
      expect(rows).toEqual([
        { sha256: chartSha256(first), byte_length: 200, created_at: "2025-01-01T00:00:00.000Z" },
        { sha256: chartSha256(second), byte_length: 300, created_at: "2025-01-01T00:00:00.000Z" },
      ]);
      const loaded = await loadCharts(opened.db, [chartSha256(first), chartSha256(first), "no-such-key"]);
      expect([...loaded.keys()]).toEqual([chartSha256(first)]);
      expect(loaded.get(chartSha256(first))).toEqual(first);
      expect(await loadCharts(opened.db, [])).toEqual(new Map());
    } finally {
      await opened.close();
    }
  });

  it("removes only the charts no analysis references, each once, and counts them", async () => {
    const { journal, opened } = await database();
    try {
      const [pattern, used, unused, other] = [fakePng(150), fakePng(200), fakePng(300), fakePng(400)];
      await journal.record(sampleEntry({ charts: { pattern, trend: used } }));
      await storeCharts(opened.db, "sqlite", [unused, other], "2025-01-01T00:00:00.000Z");
      const keys = [chartSha256(pattern), chartSha256(used), chartSha256(unused), chartSha256(unused)];
      expect(await removeUnreferencedCharts(opened.db, keys)).toBe(1);
      const left = (await opened.db.selectFrom("charts").select("sha256").execute()).map((row) => row.sha256);
      expect(left).toContain(chartSha256(pattern));
      expect(left).toContain(chartSha256(used));
      expect(left).toContain(chartSha256(other));
      expect(left).not.toContain(chartSha256(unused));
      expect(await removeUnreferencedCharts(opened.db, [])).toBe(0);
    } finally {
      await opened.close();
    }
  });

  it("passes on an error that is not the foreign key's refusal", async () => {
    const { journal, opened } = await database();
    try {
      const chart = fakePng(150);
      await journal.record(sampleEntry({ charts: { pattern: fakePng(100), trend: fakePng(200) } }));
      await storeCharts(opened.db, "sqlite", [chart], "2025-01-01T00:00:00.000Z");
      await sql`create trigger refuse_removal before delete on charts begin select raise(abort, 'removal refused'); end`.execute(
        opened.db,
      );
      await expect(removeUnreferencedCharts(opened.db, [chartSha256(chart)])).rejects.toThrow("removal refused");
    } finally {
      await opened.close();
    }
  });
});

describe("chart store on postgres", () => {
  const harness = useJournalEngine("postgres");

  it("keeps a chart that another connection starts to reference while the removal runs", async () => {
    const location = await harness.location();
    const journal = await harness.open(location);
    const recorded = await journal.record(sampleEntry({ charts: { pattern: fakePng(150), trend: fakePng(200) } }));
    const opened = await openJournalDatabase(location);
    const other = new pg.Client({ connectionString: location.databaseUrl });
    await other.connect();
    try {
      const [late] = await storeCharts(opened.db, "postgres", [fakePng(300)], "2025-01-01T00:00:00.000Z");
      // The other connection points the analysis at the chart and holds its transaction open: the reference locks
      // the chart's row, but the removal's own check cannot see it yet.
      await other.query("begin");
      await other.query("update analyses set pattern_chart_sha256 = $1 where id = $2", [late, recorded.id]);
      const removal = removeUnreferencedCharts(opened.db, [late!]);
      await waitForLockWait(location.databaseUrl!);
      await other.query("commit");
      // The removal then meets the committed reference through the foreign key, and keeps the chart.
      await expect(removal).resolves.toBe(0);
      const left = await harness.query<{ sha256: string }>(location, "select sha256 from charts");
      expect(left.map((row) => row.sha256)).toContain(late);
    } finally {
      await other.end();
      await opened.close();
    }
  });
});

/** Resolves once some statement in the database waits for a row lock (the removal, behind the open transaction). */
async function waitForLockWait(databaseUrl: string): Promise<void> {
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await watcher.connect();
  try {
    for (let attempt = 0; attempt < 600; attempt++) {
      const { rows } = await watcher.query<{ waiting: string }>(
        "select count(*) as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      if (Number(rows[0]?.waiting) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("The removal never waited for the other connection's lock");
  } finally {
    await watcher.end();
  }
}
