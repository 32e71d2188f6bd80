// The installation's secret kept in the journal's PostgreSQL database (DATABASE_URL), so that every server behind a
// balancer signs /output links with the same secret and checks a link whichever server made it. One row of
// shared_settings, written once by an insert that does nothing when the row exists: servers starting together all end
// up with the first one's secret, and no later start replaces it. The first secret is the one in DATA_DIR's file when
// there is one (links this server handed out before it moved to the database stay signed), else new random bytes. A
// row that holds anything else is an error and is left as it is, as with the file.
import { randomBytes } from "node:crypto";
import path from "node:path";

import type { DatabaseHandle } from "../../src/journal/index";
import { InstallationSecretError, readSecretFile, SECRET_FILE_NAME } from "./file-installation-secret";
import { type InstallationSecretStore, SECRET_BYTES } from "./installation-secret";

/** The shared_settings row that holds the secret (hex). */
export const SECRET_SETTING = "output_link_secret";

const HEX_SECRET = new RegExp(`^[0-9a-f]{${SECRET_BYTES * 2}}$`);

export function createDatabaseSecretStore(options: {
  database: DatabaseHandle;
  dataDir: string;
}): InstallationSecretStore {
  const location = `${options.database.location} (shared_settings ${SECRET_SETTING})`;
  let loading: Promise<Buffer> | undefined;
  return {
    location,
    secret() {
      // Made or read once per process; a failure is not kept, so a later call tries again.
      loading ??= readOrCreate(options, location).catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      return loading;
    },
  };
}

async function readOrCreate(options: { database: DatabaseHandle; dataDir: string }, location: string): Promise<Buffer> {
  let stored: string | undefined;
  try {
    const { db } = await options.database.open();
    const read = async () =>
      (await db.selectFrom("shared_settings").select("value").where("name", "=", SECRET_SETTING).executeTakeFirst())
        ?.value;
    stored = await read();
    if (stored === undefined) {
      const first =
        (await readSecretFile(path.resolve(options.dataDir, SECRET_FILE_NAME))) ?? randomBytes(SECRET_BYTES);
      await db
        .insertInto("shared_settings")
        .values({ name: SECRET_SETTING, value: first.toString("hex"), created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.column("name").doNothing())
        .execute();
      stored = await read();
    }
  } catch (error) {
    if (error instanceof InstallationSecretError) throw error;
    throw new InstallationSecretError({
      message: `Cannot read or make the link-signing secret in ${location}: ${String(error)}`,
      cause: error,
    });
  }
  if (stored === undefined || !HEX_SECRET.test(stored)) {
    throw new InstallationSecretError({
      message:
        `The link-signing secret in ${location} is not one this server wrote, and was left as it is. Delete that row ` +
        "to make a new one (links to /output handed out before will then show as not produced by this server).",
    });
  }
  return Buffer.from(stored, "hex");
}
