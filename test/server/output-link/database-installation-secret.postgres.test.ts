// The secret that signs /output links, kept in the shared PostgreSQL database: servers starting together on one
// database (each with a data folder of its own) all get the first one's secret, later starts read the same bytes, it
// is never replaced, the first secret is the one a server's data folder already held (its old links stay signed),
// and a row that is not a secret stops the start and is left as it is.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { createDatabaseSecretStore, SECRET_SETTING } from "../../../server/output-link/database-installation-secret";
import { InstallationSecretError, SECRET_FILE_NAME } from "../../../server/output-link/file-installation-secret";
import { createDatabaseHandle, type DatabaseHandle } from "../../../src/journal/database-handle";
import { usePostgres } from "../../support/use-postgres";

const postgres = usePostgres();
let scratch: string;
const handles: DatabaseHandle[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "database-secret-"));
});
afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** A server's view: its own data folder and its own connection to the shared database. */
async function server(databaseUrl: string, name: string) {
  const dataDir = path.join(scratch, `${name}-${Math.random().toString(36).slice(2)}`);
  const database = createDatabaseHandle({ dataDir, databaseUrl });
  handles.push(database);
  return { dataDir, database, store: createDatabaseSecretStore({ database, dataDir }) };
}

async function storedRow(database: DatabaseHandle) {
  const { db } = await database.open();
  return db.selectFrom("shared_settings").select("value").where("name", "=", SECRET_SETTING).executeTakeFirst();
}

describe("createDatabaseSecretStore", () => {
  it("gives servers starting together one secret, and every later start the same bytes", async () => {
    const databaseUrl = await postgres.database();
    const servers = await Promise.all(Array.from({ length: 6 }, (_, index) => server(databaseUrl, `s${index}`)));
    const secrets = await Promise.all(servers.map((each) => each.store.secret()));
    expect(secrets[0]).toHaveLength(32);
    for (const secret of secrets) expect(secret.equals(secrets[0] as Buffer)).toBe(true);
    const later = await server(databaseUrl, "later");
    expect((await later.store.secret()).equals(secrets[0] as Buffer)).toBe(true);
    expect((await storedRow(later.database))?.value).toBe((secrets[0] as Buffer).toString("hex"));
    expect(later.store.location).not.toContain(new URL(databaseUrl).password);
  }, 60_000);

  it("starts from the secret a server's data folder already held, so its links stay signed", async () => {
    const databaseUrl = await postgres.database();
    const first = await server(databaseUrl, "had-a-file");
    const held = "ab".repeat(32);
    await mkdir(first.dataDir, { recursive: true });
    await writeFile(path.join(first.dataDir, SECRET_FILE_NAME), `${held}\n`, { mode: 0o600 });
    expect((await first.store.secret()).toString("hex")).toBe(held);
    // A second server with a different file of its own: the database's secret is kept, its file not used.
    const second = await server(databaseUrl, "other-file");
    await mkdir(second.dataDir, { recursive: true });
    await writeFile(path.join(second.dataDir, SECRET_FILE_NAME), `${"cd".repeat(32)}\n`, { mode: 0o600 });
    expect((await second.store.secret()).toString("hex")).toBe(held);
  }, 60_000);

  it("refuses a row that is not a secret and leaves it as it is", async () => {
    const databaseUrl = await postgres.database();
    const one = await server(databaseUrl, "damaged");
    const { db } = await one.database.open();
    await db
      .insertInto("shared_settings")
      .values({ name: SECRET_SETTING, value: "not a secret", created_at: new Date().toISOString() })
      .execute();
    const failure = await one.store.secret().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InstallationSecretError);
    expect((failure as Error).message).toMatch(/is not one this server wrote, and was left as it is\. Delete that row/);
    expect((await storedRow(one.database))?.value).toBe("not a secret");
  }, 60_000);
});
