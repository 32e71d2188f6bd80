// The model-answer cache in the journal's database (with DATABASE_URL), so a worker on any machine finds the answers
// every other worker or server got: a point run again after its worker died, or a rerun of a whole evaluation, asks
// the provider only what nobody asked before. One row per request key; the first answer stored is kept. An entry that
// does not read as one (another version's format, a foreign row) is no entry.
import { parseJsonSafely } from "../common/parse-json-safely";
import type { DatabaseHandle } from "../journal/database-handle";
import { CACHE_FORMAT, cacheEntrySchema, type ModelAnswerStore } from "../llm/model-cache";

export function databaseAnswerStore(database: DatabaseHandle): ModelAnswerStore {
  return {
    id: `database:${database.location}`,
    async read(key) {
      const { db } = await database.open();
      const row = await db
        .selectFrom("model_answers")
        .select(["key", "provider", "model", "context", "response", "created_at"])
        .where("key", "=", key)
        .executeTakeFirst();
      if (!row) return undefined;
      const entry = cacheEntrySchema.safeParse({
        // The format is part of every key (modelCacheKey), so a row under this key was written in this format.
        format: CACHE_FORMAT,
        key: row.key,
        provider: row.provider,
        model: row.model,
        context: row.context === null ? undefined : parseJsonSafely(row.context),
        createdAt: row.created_at,
        response: parseJsonSafely(row.response),
      });
      return entry.success && entry.data.key === key ? entry.data.response : undefined;
    },
    async write(entry) {
      const { db } = await database.open();
      await db
        .insertInto("model_answers")
        .values({
          key: entry.key,
          provider: entry.provider,
          model: entry.model,
          context: entry.context === undefined ? null : JSON.stringify(entry.context),
          response: JSON.stringify(entry.response),
          created_at: entry.createdAt,
        })
        .onConflict((conflict) => conflict.column("key").doNothing())
        .execute();
    },
  };
}
