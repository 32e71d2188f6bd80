// The installation's secret kept in a file of the data folder (DATA_DIR/output-link.secret), readable by its owner
// only (mode 0600). It is made once: written whole to a temp file and synced, then hard-linked to its name, which
// fails when the name exists; so two servers starting together on one folder end up with the same secret (the first
// link wins, the second reads it), and a crash leaves either no file or a whole one, never half a secret. The folder
// is synced after the link, so the name survives a power cut too. A file that holds anything else is an error and is
// left as it is: replacing it would quietly turn every link already handed out into an unsigned one.
import { randomBytes } from "node:crypto";
import { chmod, link, mkdir, open, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";

import { syncFolder } from "../../src/common/atomic-write";
import { QuantAgentError } from "../../src/index";
import { type InstallationSecretStore, SECRET_BYTES } from "./installation-secret";

export const SECRET_FILE_NAME = "output-link.secret";

const OWNER_ONLY = 0o600;
const HEX_SECRET = new RegExp(`^[0-9a-f]{${SECRET_BYTES * 2}}$`);

/** The secret file cannot be read or made. The server does not start: links it signed could not be checked. */
export class InstallationSecretError extends QuantAgentError {
  override name = "InstallationSecretError";
  constructor(options: { message: string; cause?: unknown }) {
    super({ code: "installation_secret", kind: "internal", message: options.message, cause: options.cause });
  }
}

export function createFileSecretStore(options: { dataDir: string }): InstallationSecretStore {
  const file = path.resolve(options.dataDir, SECRET_FILE_NAME);
  let loading: Promise<Buffer> | undefined;
  return {
    location: file,
    secret() {
      // Made or read once per process; a failure is not kept, so a later call tries again.
      loading ??= readOrCreate(file).catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      return loading;
    },
  };
}

async function readOrCreate(file: string): Promise<Buffer> {
  const existing = await readSecret(file);
  if (existing) return existing;
  await createSecretFile(file);
  const made = await readSecret(file);
  if (!made) throw new InstallationSecretError({ message: `The secret file ${file} disappeared while it was made.` });
  return made;
}

/** The secret in the file, or undefined when there is no file; throws for a file that is not a secret. */
async function readSecret(file: string): Promise<Buffer | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new InstallationSecretError({
      message: `Cannot read the secret file ${file}: ${String(error)}`,
      cause: error,
    });
  }
  const hex = text.trim();
  if (!HEX_SECRET.test(hex)) {
    throw new InstallationSecretError({
      message:
        `The secret file ${file} does not hold a secret this server wrote, and was left as it is. Remove it to make ` +
        "a new one (links to /output handed out before will then show as not produced by this server).",
    });
  }
  // Only its owner may read it: a copy of the secret would let anyone sign links as this server.
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, OWNER_ONLY);
  return Buffer.from(hex, "hex");
}

/**
 * Writes a new secret to `file` unless the file exists: a secret once made is never replaced, even by a process that
 * looked a moment earlier and found none (its link fails, and the secret already there is the installation's).
 */
export async function createSecretFile(file: string): Promise<void> {
  const folder = path.dirname(file);
  const temp = path.join(folder, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await mkdir(folder, { recursive: true });
    const handle = await open(temp, "wx", OWNER_ONLY);
    try {
      await handle.writeFile(`${randomBytes(SECRET_BYTES).toString("hex")}\n`, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await link(temp, file);
    } catch (error) {
      // Another process made it first: its secret is the installation's.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    await syncFolder(folder);
  } catch (error) {
    throw new InstallationSecretError({
      message: `Cannot make the secret file ${file} (check that DATA_DIR exists and is writable): ${String(error)}`,
      cause: error,
    });
  } finally {
    await rm(temp, { force: true });
  }
}
