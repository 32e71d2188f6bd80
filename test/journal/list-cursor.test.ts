// The paged list's cursor and its newest-first page, on a bare in-memory SQLite table: the cursor goes round unchanged,
// anything else is refused with one sentence, and a page stops exactly at its limit, ties on the time broken by id.
import BetterSqlite3 from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterEach, describe, expect, it } from "vitest";

import { JournalError } from "../../src/journal/journal-error";
import { decodeCursor, encodeCursor, newestFirstPage } from "../../src/journal/list-cursor";

const REFUSAL = "cursor: not a cursor this journal gave out (pass next_cursor from the previous page unchanged)";
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value), "utf8").toString("base64url");

function refusal(cursor: string): unknown {
  try {
    decodeCursor(cursor);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("encodeCursor and decodeCursor", () => {
  it("give back the position, in URL-safe base64 of a JSON pair", () => {
    const position = { createdAt: "2025-03-01T08:00:00.000Z", id: "0195f3a0-0000-7000-8000-00000000ffff" };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/u);
    expect(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"))).toEqual([position.createdAt, position.id]);
    expect(decodeCursor(cursor)).toEqual(position);
    // Characters outside ASCII survive the round trip (UTF-8 both ways).
    expect(decodeCursor(encodeCursor({ createdAt: "é", id: "ü" }))).toEqual({ createdAt: "é", id: "ü" });
  });

  it("refuses anything else with the same sentence: not JSON, not a pair of texts, an empty or overlong part", () => {
    const longest = "x".repeat(64);
    expect(decodeCursor(cursorOf([longest, longest]))).toEqual({ createdAt: longest, id: longest });
    for (const cursor of [
      "bm90IGEgY3Vyc29y", // "not a cursor"
      "",
      cursorOf(["a"]),
      cursorOf(["a", "b", "c"]),
      cursorOf(["", "b"]),
      cursorOf(["a", ""]),
      cursorOf(["x".repeat(65), "b"]),
      cursorOf(["a", "x".repeat(65)]),
      cursorOf([1, "b"]),
      cursorOf({ createdAt: "a", id: "b" }),
    ]) {
      const error = refusal(cursor);
      expect(error, cursor).toBeInstanceOf(JournalError);
      expect(error).toMatchObject({ reason: "invalid_input", message: REFUSAL });
    }
  });
});

interface Rows {
  items: { created_at: string; id: string };
}

describe("newestFirstPage", () => {
  let database: BetterSqlite3.Database | undefined;
  afterEach(() => database?.close());

  async function table(rows: [string, string][]): Promise<Kysely<Rows>> {
    database = new BetterSqlite3(":memory:");
    database.exec("create table items (created_at text not null, id text not null)");
    const insert = database.prepare("insert into items values (?, ?)");
    for (const [createdAt, id] of rows) insert.run(createdAt, id);
    return new Kysely<Rows>({ dialect: new SqliteDialect({ database }) });
  }

  it("answers newest first, ties on the time by id, and the next page starts after the last row", async () => {
    const db = await table([
      ["2025-01-01", "a"],
      ["2025-01-03", "c"],
      ["2025-01-02", "b2"],
      ["2025-01-02", "b1"],
      ["2025-01-02", "b3"],
    ]);
    const query = () => db.selectFrom("items").select(["created_at", "id"]);
    const three = await newestFirstPage(query(), { limit: 3 });
    expect(three.nextCursor).toBe(encodeCursor({ createdAt: "2025-01-02", id: "b2" }));
    const first = await newestFirstPage(query(), { limit: 2 });
    expect(first.rows.map((row) => row.id)).toEqual(["c", "b3"]);
    expect(first.nextCursor).toBe(encodeCursor({ createdAt: "2025-01-02", id: "b3" }));
    const second = await newestFirstPage(query(), { limit: 2, cursor: first.nextCursor! });
    expect(second.rows.map((row) => row.id)).toEqual(["b2", "b1"]);
    const last = await newestFirstPage(query(), { limit: 2, cursor: second.nextCursor! });
    expect(last).toEqual({ rows: [{ created_at: "2025-01-01", id: "a" }], nextCursor: null });
    await db.destroy();
  });

  it("gives no next cursor when the rows left fill the page exactly, and one when a single row is left over", async () => {
    const db = await table([
      ["2025-01-01", "a"],
      ["2025-01-02", "b"],
      ["2025-01-03", "c"],
    ]);
    const query = () => db.selectFrom("items").select(["created_at", "id"]);
    expect((await newestFirstPage(query(), { limit: 3 })).nextCursor).toBeNull();
    // The cursor is the page's last row, whatever the page's length.
    const one = await newestFirstPage(query(), { limit: 1 });
    expect(one.nextCursor).toBe(encodeCursor({ createdAt: "2025-01-03", id: "c" }));
    const two = await newestFirstPage(query(), { limit: 2 });
    expect(two.rows).toHaveLength(2);
    expect(two.nextCursor).not.toBeNull();
    expect(await newestFirstPage(query(), { limit: 5 })).toMatchObject({ nextCursor: null });
    await db.destroy();
  });
});
