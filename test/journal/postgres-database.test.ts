// PostgreSQL's side of the journal without a server (postgres-database.ts): the URL as it may be shown, which URLs are
// PostgreSQL's, a URL of another database refused before any connection, and a server that never answers: given up
// after the connect timeout, or at once when the open is cancelled. The opens that
// succeed are in postgres-database-live.test.ts, on a throwaway cluster.
import { createServer, type Server, type Socket } from "node:net";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { JournalError } from "../../src/journal/journal-error";
import { isPostgresUrl, openPostgresDatabase, redactDatabaseUrl } from "../../src/journal/postgres-database";

describe("redactDatabaseUrl", () => {
  it("replaces the password, and only the password", () => {
    expect(redactDatabaseUrl("postgres://journal:hunter2secret@db.example:5432/journal?sslmode=require")).toBe(
      "postgres://journal:***@db.example:5432/journal?sslmode=require",
    );
    expect(redactDatabaseUrl("postgres://journal@db.example/journal")).toBe("postgres://journal@db.example/journal");
  });

  it("shows nothing of a URL it cannot read", () => {
    expect(redactDatabaseUrl("not a url with hunter2secret")).toBe("(a database URL that could not be parsed)");
  });
});

describe("isPostgresUrl", () => {
  it("takes postgres:// and postgresql:// in any letter case, at the start only", () => {
    expect(["postgres://h/db", "postgresql://h/db", "POSTGRES://h/db", "PostgreSQL://h/db"].map(isPostgresUrl)).toEqual(
      [true, true, true, true],
    );
    expect(
      ["mysql://h/db", "postgresq://h/db", "postgres:/h/db", " x postgres://h/db", "file:postgres://h", ""].map(
        isPostgresUrl,
      ),
    ).toEqual([false, false, false, false, false, false]);
  });
});

const failureOf = (options: Parameters<typeof openPostgresDatabase>[0]) =>
  openPostgresDatabase(options).then(
    async (db) => {
      await db.destroy();
      return new JournalError({ reason: "invalid_input", message: "the open succeeded" });
    },
    (error: unknown) => error as JournalError,
  );

describe("openPostgresDatabase", () => {
  let server: Server;
  let sockets: Set<Socket>;
  let url: string;
  beforeEach(async () => {
    sockets = new Set();
    // Accepts connections and never says a word: a firewall that drops, a server stuck in recovery.
    server = createServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address() as { port: number };
    url = `postgres://journal:hunter2secret@127.0.0.1:${address.port}/journal`;
  });
  afterEach(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it("refuses a URL of another database before connecting, naming it without its password", async () => {
    const error = await failureOf({
      url: "mysql://root:hunter2secret@127.0.0.1/journal",
      poolSize: 1,
      connectTimeoutMs: 1_000,
    });
    expect(error).toBeInstanceOf(JournalError);
    expect(error).toMatchObject({ reason: "invalid_input" });
    expect(error.message).toBe(
      "The journal database URL must start with postgres:// or postgresql:// (got mysql://root:***@127.0.0.1/journal).",
    );
  });

  it("gives up on a server that does not answer once the connect timeout has passed", async () => {
    const error = await failureOf({ url, poolSize: 1, connectTimeoutMs: 300 });
    expect(error).toBeInstanceOf(JournalError);
    expect(error).toMatchObject({ reason: "database_unavailable" });
    expect(error.cause).toBeInstanceOf(Error);
    expect(error.message).toBe(
      `Cannot connect to the journal database ${redactDatabaseUrl(url)}: ${(error.cause as Error).message}. ` +
        "Check DATABASE_URL and that PostgreSQL is running and reachable.",
    );
    expect(error.message).not.toContain("hunter2secret");
  });

  it("stops waiting when cancelled, answering the cancellation itself, not after the connect timeout", async () => {
    const controller = new AbortController();
    const started = performance.now();
    const opening = openPostgresDatabase({ url, poolSize: 1, connectTimeoutMs: 120_000, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const reason = new Error("shutting down");
    controller.abort(reason);
    expect(await opening.catch((caught: unknown) => caught)).toBe(reason);
    expect(performance.now() - started).toBeLessThan(60_000);
  }, 90_000);
});
