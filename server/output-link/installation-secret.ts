// The installation's secret: 32 random bytes made once and kept, with which this server signs the /output links it
// hands out (link-signature.ts), so that a link it made can be told from one anybody wrote. Behind this small
// interface so where it is kept can change: a file in DATA_DIR today (file-installation-secret.ts), the journal's
// PostgreSQL database later when several servers share one DATABASE_URL (they must then share the secret too).
import { randomBytes } from "node:crypto";

export interface InstallationSecretStore {
  /**
   * The secret: made on first use if there is none yet, the same bytes afterwards, for every process that uses the
   * same store. Throws when a secret is kept but cannot be read (it is never replaced behind the owner's back).
   */
  secret(): Promise<Buffer>;
  /** Where the secret is kept, for messages and logs (a file path; never the secret). */
  readonly location: string;
}

/** Secret bytes: enough for HMAC-SHA256. */
export const SECRET_BYTES = 32;

/** A secret that lives as long as this process: for tests and for an app built without a data folder. */
export function createMemorySecretStore(): InstallationSecretStore {
  const secret = randomBytes(SECRET_BYTES);
  return { secret: async () => secret, location: "memory (this process only)" };
}
