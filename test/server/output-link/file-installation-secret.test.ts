// The secret that signs /output links, kept in the data folder: made once (the same bytes for every later start and
// for servers starting together), owner-only, synced to disk before it is used, and never replaced when the file
// holds something else.
import { chmod, mkdtemp, open, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import {
  createFileSecretStore,
  createSecretFile,
  InstallationSecretError,
  SECRET_FILE_NAME,
} from "../../../server/output-link/file-installation-secret";

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "installation-secret-"));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dataDir, { recursive: true, force: true });
});

describe("createFileSecretStore", () => {
  it("makes 32 random bytes once, readable by the owner only, and gives the same ones to every later store", async () => {
    const first = await createFileSecretStore({ dataDir }).secret();
    expect(first).toHaveLength(32);
    const file = path.join(dataDir, SECRET_FILE_NAME);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(dataDir)).toEqual([SECRET_FILE_NAME]); // no temp file left behind
    expect((await createFileSecretStore({ dataDir }).secret()).equals(first)).toBe(true);
    expect(createFileSecretStore({ dataDir }).location).toBe(file);
  });

  it("gives servers that start together on one folder the same secret, and leaves one file", async () => {
    const secrets = await Promise.all(Array.from({ length: 12 }, () => createFileSecretStore({ dataDir }).secret()));
    for (const secret of secrets) expect(secret.equals(secrets[0] as Buffer)).toBe(true);
    expect(await readdir(dataDir)).toEqual([SECRET_FILE_NAME]);
  });

  it("never replaces a secret that is there, even for a process that found none a moment before", async () => {
    const file = path.join(dataDir, SECRET_FILE_NAME);
    const first = await createFileSecretStore({ dataDir }).secret();
    await createSecretFile(file); // what a second server does when its read came just before the first one's link
    expect((await createFileSecretStore({ dataDir }).secret()).equals(first)).toBe(true);
    expect(await readdir(dataDir)).toEqual([SECRET_FILE_NAME]);
  });

  it("syncs the secret file and its folder before using the secret", async () => {
    const probe = await open(path.join(dataDir, "probe"), "w");
    const handlePrototype = Object.getPrototypeOf(probe) as { sync: () => Promise<void> };
    await probe.close();
    await rm(path.join(dataDir, "probe"));
    const sync = vi.spyOn(handlePrototype, "sync");
    await createFileSecretStore({ dataDir: path.join(dataDir, "new") }).secret();
    // The file's content, then the folder's entry (the link): without both, a power cut could lose the secret.
    expect(sync.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it("makes the data folder when it does not exist yet", async () => {
    const nested = path.join(dataDir, "a", "b");
    expect(await createFileSecretStore({ dataDir: nested }).secret()).toHaveLength(32);
  });

  it("refuses a file that does not hold a secret, and leaves it as it is", async () => {
    const file = path.join(dataDir, SECRET_FILE_NAME);
    await writeFile(file, "not a secret\n");
    const store = createFileSecretStore({ dataDir });
    await expect(store.secret()).rejects.toBeInstanceOf(InstallationSecretError);
    await expect(store.secret()).rejects.toThrow(/does not hold a secret this server wrote, and was left as it is/);
    expect(await readFile(file, "utf8")).toBe("not a secret\n");
  });

  it("takes a secret file that others could read back to the owner only", async () => {
    const secret = await createFileSecretStore({ dataDir }).secret();
    const file = path.join(dataDir, SECRET_FILE_NAME);
    await chmod(file, 0o644);
    expect((await createFileSecretStore({ dataDir }).secret()).equals(secret)).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });
});
