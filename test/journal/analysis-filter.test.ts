// The filters the history list and the statistics share: what each accepts, and which rows its condition keeps, on a
// bare in-memory SQLite table with the columns they read.
import BetterSqlite3 from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterEach, describe, expect, it } from "vitest";

import {
  analysisFilterCondition,
  analysisFilterSchema,
  type AnalysisFilterValues,
} from "../../src/journal/analysis-filter";
import type { JournalDatabase } from "../../src/journal/database-schema";

describe("analysisFilterSchema", () => {
  it("trims each text, refuses a blank or overlong one, an unknown source or field", () => {
    expect(analysisFilterSchema.parse({ asset: " BTC ", model: "gpt-4o", source: "cli" })).toEqual({
      asset: "BTC",
      model: "gpt-4o",
      source: "cli",
    });
    expect(analysisFilterSchema.parse({})).toEqual({});
    expect(analysisFilterSchema.parse({ provider: "x".repeat(200) }).provider).toHaveLength(200);
    for (const field of ["asset", "timeframe", "model", "provider"]) {
      const blank = analysisFilterSchema.safeParse({ [field]: "  " });
      expect(blank.error?.issues[0]?.message, field).toBe("must not be empty");
      const long = analysisFilterSchema.safeParse({ [field]: "x".repeat(201) });
      expect(long.error?.issues[0]?.message, field).toBe("is too long");
    }
    expect(analysisFilterSchema.safeParse({ source: "fax" }).success).toBe(false);
    expect(analysisFilterSchema.safeParse({ colour: "red" }).success).toBe(false);
  });
});

describe("analysisFilterCondition", () => {
  let database: BetterSqlite3.Database | undefined;
  afterEach(() => database?.close());

  const rows = [
    ["a", "BTC", "4h", "openai", "gpt-4o-mini", "openai", "gpt-4o", "api"],
    ["b", "BTC", "1d", "anthropic", "claude-haiku", "openai", "gpt-4o", "cli"],
    ["c", "ETH", "4h", "openai", "gpt-4o", "anthropic", "claude-sonnet", "page"],
    ["d", "ETH", "1d", "google", "gemini", "google", "gemini", "notebook"],
  ];

  async function idsWhere(filter: AnalysisFilterValues): Promise<string[]> {
    database = new BetterSqlite3(":memory:");
    database.exec(
      "create table analyses (id text, asset text, timeframe text, agent_provider text, agent_model text, graph_provider text, graph_model text, source text)",
    );
    const insert = database.prepare("insert into analyses values (?, ?, ?, ?, ?, ?, ?, ?)");
    for (const row of rows) insert.run(...row);
    const db = new Kysely<JournalDatabase>({ dialect: new SqliteDialect({ database }) });
    const found = await db
      .selectFrom("analyses")
      .select("id")
      .where(analysisFilterCondition(filter))
      .orderBy("id")
      .execute();
    return found.map((row) => row.id);
  }

  it("keeps every row without a filter, and each filter alone keeps its rows", async () => {
    expect(await idsWhere({})).toEqual(["a", "b", "c", "d"]);
    expect(await idsWhere({ asset: "BTC" })).toEqual(["a", "b"]);
    expect(await idsWhere({ timeframe: "1d" })).toEqual(["b", "d"]);
    expect(await idsWhere({ source: "page" })).toEqual(["c"]);
  });

  it("matches a model or a provider in either role", async () => {
    expect(await idsWhere({ model: "gpt-4o" })).toEqual(["a", "b", "c"]); // graph in a and b, agent in c
    expect(await idsWhere({ model: "claude-haiku" })).toEqual(["b"]); // agent only
    expect(await idsWhere({ model: "claude-sonnet" })).toEqual(["c"]); // graph only
    expect(await idsWhere({ provider: "anthropic" })).toEqual(["b", "c"]);
    expect(await idsWhere({ provider: "google" })).toEqual(["d"]);
  });

  it("keeps only the rows every filter given matches", async () => {
    expect(await idsWhere({ asset: "ETH", timeframe: "4h" })).toEqual(["c"]);
    expect(await idsWhere({ asset: "BTC", provider: "anthropic", model: "gpt-4o", source: "cli" })).toEqual(["b"]);
    expect(await idsWhere({ asset: "BTC", source: "page" })).toEqual([]);
  });
});
