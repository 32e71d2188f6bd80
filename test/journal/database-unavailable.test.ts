// The shared database's pool as Kysely sees it: a connection that cannot be made, or a query that loses its
// connection, becomes the JournalError database_unavailable (journal_unavailable) naming the database; any other
// failure (a constraint, a syntax error) passes as the driver raised it; what is a connection failure, both sides.
import type { Pool } from "pg";
import { describe, expect, it } from "vitest";

import { classifyingPool, isConnectionFailure } from "../../src/journal/database-unavailable";
import { JournalError } from "../../src/journal/journal-error";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const LOCATION = "postgres://quant:***@127.0.0.1:5433/journal";

/** A pg Pool stand-in: connect() and each query do what the test says. */
function poolThat(options: { connect?: () => Promise<unknown>; query?: () => Promise<unknown> }): Pool {
  const client = { query: options.query ?? (async () => ({ rows: [] })), release: () => undefined };
  return { connect: options.connect ?? (async () => client), end: async () => undefined } as unknown as Pool;
}

describe("classifyingPool", () => {
  it("a connection refused becomes journal_unavailable, naming the database for the log", async () => {
    const pool = classifyingPool(
      poolThat({
        connect: async () => Promise.reject(withCode("connect ECONNREFUSED 127.0.0.1:5433", "ECONNREFUSED")),
      }),
      LOCATION,
    );
    const failure = await pool.connect().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(JournalError);
    expect(failure).toMatchObject({ code: "journal_unavailable", reason: "database_unavailable", kind: "internal" });
    expect((failure as Error).message).toMatch(
      /^The journal database postgres:\/\/quant:\*\*\*@127\.0\.0\.1:5433\/journal cannot be reached: /,
    );
  });

  it("a query whose connection is lost becomes journal_unavailable; a constraint's error passes as it is", async () => {
    const lost = classifyingPool(
      poolThat({
        query: async () => Promise.reject(withCode("terminating connection due to administrator command", "57P01")),
      }),
      LOCATION,
    );
    await expect((await lost.connect()).query("select 1", [])).rejects.toMatchObject({ code: "journal_unavailable" });
    const duplicate = withCode("duplicate key value violates unique constraint", "23505");
    const constraint = classifyingPool(poolThat({ query: async () => Promise.reject(duplicate) }), LOCATION);
    await expect((await constraint.connect()).query("insert", [])).rejects.toBe(duplicate);
  });

  it("hands Kysely the same wrapper for the same pooled connection, and releases and ends what it wraps", async () => {
    let released = 0;
    let ended = 0;
    const client = { query: async () => ({ rows: [] }), release: () => (released += 1) };
    const raw = { connect: async () => client, end: async () => void (ended += 1) } as unknown as Pool;
    const pool = classifyingPool(raw, LOCATION);
    const wrapper = await pool.connect();
    expect(await pool.connect()).toBe(wrapper);
    wrapper.release();
    await pool.end();
    expect({ released, ended }).toEqual({ released: 1, ended: 1 });
  });
});

describe("isConnectionFailure", () => {
  it("is true for refused, reset and shut-down connections and for database_unavailable itself", () => {
    for (const code of [
      "ECONNREFUSED",
      "ECONNRESET",
      "ETIMEDOUT",
      "EPIPE",
      "ENOTFOUND",
      "EAI_AGAIN",
      "EHOSTUNREACH",
      "08006",
      "57P01",
      "57P03",
    ])
      expect(isConnectionFailure(withCode("x", code)), code).toBe(true);
    expect(isConnectionFailure(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionFailure(new JournalError({ reason: "database_unavailable", message: "down" }))).toBe(true);
  });

  it("is false for the database's other answers and the journal's other errors", () => {
    // Codes that hold a connection code without being one: 08 not at the start, 57P01 with more around it.
    for (const code of ["23505", "42601", "57P04", "57014", "22008", "157P01", "57P011"])
      expect(isConnectionFailure(withCode("x", code)), code).toBe(false);
    for (const value of [null, "ECONNREFUSED", 8]) expect(isConnectionFailure(value), String(value)).toBe(false);
    expect(isConnectionFailure(new JournalError({ reason: "not_found", message: "no such analysis" }))).toBe(false);
    expect(isConnectionFailure(new Error("a terminated connection, said in other words"))).toBe(false);
    expect(isConnectionFailure(undefined)).toBe(false);
  });
});
