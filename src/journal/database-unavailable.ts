// Where a lost PostgreSQL connection enters: every query of the shared database goes through the pool handed to
// Kysely here, so a failure to reach the database (refused, reset, shut down, timed out) becomes, in this one place,
// the JournalError "database_unavailable" (code journal_unavailable) that every caller, the journal, the custom
// assets, the queued runs and the analyses' records, already knows: the server answers it 503 with a fixed sentence
// and keeps the message, which names the database's host and port, for its log. Other errors (a constraint, a bad
// statement) pass as the driver raised them.
import type { PostgresPool, PostgresPoolClient } from "kysely";
import type { Pool } from "pg";

import { describeError } from "../common/describe-error";
import { JournalError } from "./journal-error";

/** Connection-level failures: refused, reset, timed out, the server shutting down or not accepting connections yet. */
export function isConnectionFailure(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  if (error instanceof JournalError) return error.reason === "database_unavailable";
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    if (["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH"].includes(code))
      return true;
    // SQLSTATE class 08 (connection exception), 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now).
    if (/^08/.test(code) || /^57P0[1-3]$/.test(code)) return true;
  }
  return (
    typeof message === "string" &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      message,
    )
  );
}

/** The error a lost connection becomes; `location` is the URL without its password (for the operator's log). */
export function databaseUnavailable(error: unknown, location: string): JournalError {
  return new JournalError({
    reason: "database_unavailable",
    cause: error,
    message: `The journal database ${location} cannot be reached: ${describeError(error)}. Check that PostgreSQL is running and reachable.`,
  });
}

/** The pool as Kysely uses it, with connection failures (connecting, or any query) turned into databaseUnavailable. */
export function classifyingPool(pool: Pool, location: string): PostgresPool {
  const classified = (error: unknown) => (isConnectionFailure(error) ? databaseUnavailable(error, location) : error);
  // One wrapper per pooled connection: Kysely keeps its own state per client object.
  const wrappers = new WeakMap<object, PostgresPoolClient>();
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect().catch((error: unknown) => {
        throw classified(error);
      });
      const known = wrappers.get(client);
      if (known) return known;
      const wrapper: PostgresPoolClient = {
        query: ((text: unknown, parameters?: readonly unknown[]) => {
          // A cursor (Kysely's streaming) is returned as it is: its reads fail as the driver says.
          if (typeof text !== "string") return client.query(text as never);
          return client.query(text, parameters as unknown[]).catch((error: unknown) => {
            throw classified(error);
          });
        }) as unknown as PostgresPoolClient["query"],
        release: () => client.release(),
      };
      wrappers.set(client, wrapper);
      return wrapper;
    },
    end: () => pool.end(),
  };
}
