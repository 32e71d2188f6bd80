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

  it("hands Kysely the same wrapper for the same pooled connection", async () => {
    const pool = classifyingPool(poolThat({}), LOCATION);
    expect(await pool.connect()).toBe(await pool.connect());
  });
});

describe("isConnectionFailure", () => {
  it("is true for refused, reset and shut-down connections and for database_unavailable itself", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "08006", "57P01", "57P03"])
      expect(isConnectionFailure(withCode("x", code)), code).toBe(true);
    expect(isConnectionFailure(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionFailure(new JournalError({ reason: "database_unavailable", message: "down" }))).toBe(true);
  });

  it("is false for the database's other answers and the journal's other errors", () => {
    for (const code of ["23505", "42601", "57P04", "57014"])
      expect(isConnectionFailure(withCode("x", code)), code).toBe(false);
    expect(isConnectionFailure(new JournalError({ reason: "not_found", message: "no such analysis" }))).toBe(false);
    expect(isConnectionFailure(new Error("a terminated connection, said in other words"))).toBe(false);
    expect(isConnectionFailure(undefined)).toBe(false);
  });
});
