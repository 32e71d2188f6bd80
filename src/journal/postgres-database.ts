// Opens the shared journal: a PostgreSQL database through a pg connection pool, so several server processes or
// machines record into and read from one journal. The URL's password never appears in an error message.
import { Kysely, PostgresDialect } from "kysely";
import type { Pool } from "pg";

import { abortable } from "../common/abortable";
import { describeError } from "../common/describe-error";
import type { JournalDatabase } from "./database-schema";
import { classifyingPool } from "./database-unavailable";
import { JournalError } from "./journal-error";

export interface PostgresJournalOptions {
  url: string;
  /** Connections this process keeps at most. */
  poolSize: number;
  /** Give up connecting after this long. */
  connectTimeoutMs: number;
  signal?: AbortSignal;
}

/** The URL as it may be shown: the password replaced by ***. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(a database URL that could not be parsed)";
  }
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

export async function openPostgresDatabase(options: PostgresJournalOptions): Promise<Kysely<JournalDatabase>> {
  if (!isPostgresUrl(options.url)) {
    throw new JournalError({
      reason: "invalid_input",
      message: `The journal database URL must start with postgres:// or postgresql:// (got ${redactDatabaseUrl(options.url)}).`,
    });
  }
  // Loaded on first use: only programs with a PostgreSQL journal need the driver.
  const pg = (await import("pg")).default;
  const pool: Pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    connectionTimeoutMillis: options.connectTimeoutMs,
  });
  // An idle connection the server drops (restart, failover) is an 'error' event on the pool; without a listener
  // Node would end the process. The pool discards that connection and the next query opens a new one.
  pool.on("error", () => undefined);
  // A connection that drops while a query holds it (a restart, a failover) rejects that query, and pg also emits
  // 'error' on the client, which the pool only listens for while the client is idle: without this listener that
  // second report would end the process.
  pool.on("connect", (client) => client.on("error", () => undefined));
  const connecting = pool.connect();
  try {
    const client = await abortable(connecting, options.signal ?? new AbortController().signal);
    client.release();
  } catch (error) {
    // A cancelled open answers at once. Its connection attempt goes on: when it succeeds late, the connection is
    // closed at once (release(true)), or the pool would hold it, and never end, with nobody left to release it.
    connecting.then(
      (late) => late.release(true),
      () => undefined,
    );
    // Ending the pool waits for that attempt, up to the connect timeout: it ends behind the answer.
    const ended = pool.end().catch(() => undefined);
    if (options.signal?.aborted) throw error;
    await ended;
    throw new JournalError({
      reason: "database_unavailable",
      cause: error,
      message: `Cannot connect to the journal database ${redactDatabaseUrl(options.url)}: ${describeError(error)}. Check DATABASE_URL and that PostgreSQL is running and reachable.`,
    });
  }
  return new Kysely<JournalDatabase>({
    dialect: new PostgresDialect({ pool: classifyingPool(pool, redactDatabaseUrl(options.url)) }),
  });
}
