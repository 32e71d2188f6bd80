// Chart images stored once, keyed by the SHA-256 of their bytes. They live in the database, not in files beside it:
// a PostgreSQL journal is shared by servers on several machines with no folder in common, and each of them must be
// able to answer any analysis with its charts. Identical charts (a rerun of one window, a replayed request) take
// their space once. Analyses reference charts through foreign keys; a chart no analysis references any more is
// removed when the last analysis using it is deleted.
import { createHash } from "node:crypto";

import { type Kysely, sql, type Transaction } from "kysely";

import type { JournalDatabase, JournalEngine } from "./database-schema";

type Executor = Kysely<JournalDatabase> | Transaction<JournalDatabase>;

export function chartSha256(png: Uint8Array): string {
  return createHash("sha256").update(png).digest("hex");
}

/**
 * Stores the charts that are not there already, in one statement; answers their keys in the same order. Call it
 * inside the transaction that references them.
 */
export async function storeCharts(
  executor: Executor,
  engine: JournalEngine,
  pngs: readonly Uint8Array[],
  createdAt: string,
): Promise<string[]> {
  const rows = new Map<string, { sha256: string; png: Buffer; byte_length: number; created_at: string }>();
  const keys = pngs.map((png) => {
    const sha256 = chartSha256(png);
    // Both drivers bind a Buffer as binary; a bare Uint8Array is not one to them. This view copies nothing.
    const bytes = Buffer.isBuffer(png) ? png : Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    rows.set(sha256, { sha256, png: bytes, byte_length: png.length, created_at: createdAt });
    return sha256;
  });
  if (rows.size === 0) return keys;
  await executor
    .insertInto("charts")
    .values([...rows.values()])
    .onConflict((conflict) => {
      switch (engine) {
        // SQLite writers take turns (BEGIN IMMEDIATE), so no removal can slip in between this and the reference:
        // leave the existing row alone rather than rewrite ~100 KB.
        case "sqlite":
          return conflict.column("sha256").doNothing();
        // PostgreSQL writers run side by side. The no-op update locks the existing row until this transaction
        // commits, so a concurrent removal waits and then fails on the foreign key instead of deleting a chart
        // this analysis is about to reference (DO NOTHING takes no lock). If the removal got there first, this
        // waits for it and inserts the chart anew.
        case "postgres":
          return conflict.column("sha256").doUpdateSet({ sha256: (expression) => expression.ref("excluded.sha256") });
        default: {
          const exhaustive: never = engine;
          return exhaustive;
        }
      }
    })
    .execute();
  return keys;
}

export async function loadCharts(executor: Executor, keys: readonly string[]): Promise<Map<string, Buffer>> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return new Map();
  const rows = await executor.selectFrom("charts").select(["sha256", "png"]).where("sha256", "in", unique).execute();
  return new Map(rows.map((row) => [row.sha256, Buffer.from(row.png)]));
}

function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === "23503" /* PostgreSQL foreign_key_violation */ || code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}

/**
 * Removes the charts among `keys` that no analysis references. Each removal is its own statement: when another
 * process has just recorded an analysis with the same chart, the foreign key makes the removal fail, and the chart
 * is kept (it is needed again). Answers how many were removed.
 */
export async function removeUnreferencedCharts(db: Kysely<JournalDatabase>, keys: readonly string[]): Promise<number> {
  let removed = 0;
  for (const sha256 of new Set(keys)) {
    try {
      const result = await db
        .deleteFrom("charts")
        .where("sha256", "=", sha256)
        .where((charts) =>
          charts.not(
            charts.exists(
              charts
                .selectFrom("analyses")
                .select(sql<number>`1`.as("used"))
                .where((analyses) =>
                  analyses.or([
                    analyses("pattern_chart_sha256", "=", sha256),
                    analyses("trend_chart_sha256", "=", sha256),
                  ]),
                ),
            ),
          ),
        )
        .executeTakeFirst();
      removed += Number(result.numDeletedRows);
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
    }
  }
  return removed;
}
