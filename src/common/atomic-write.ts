// Crash-safe file replacement: write a temp file in the same folder, fsync it, rename it over the target, fsync
// the folder. A reader or a crash sees the old content or the new, never a torn mix.
import { randomBytes } from "node:crypto";
import { open, readdir, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** Temp files of `target` start with this, so a later cleanup can find the ones a killed process left behind. */
export function tempPrefix(target: string): string {
  return `.${basename(target)}.`;
}

export async function writeFileAtomic(target: string, data: string): Promise<void> {
  const folder = dirname(target);
  const temp = join(folder, `${tempPrefix(target)}${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    const handle = await open(temp, "wx", 0o644);
    try {
      await handle.writeFile(data, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  // Without this the rename itself may not survive a power cut, even though the file content would.
  await syncFolder(folder);
}

/** Makes a folder's entries (a file created, renamed or linked into it) survive a power cut. */
export async function syncFolder(folder: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(folder, "r");
    await handle.sync();
  } catch (error) {
    // Windows and some file systems cannot open or fsync a folder; the rename is still atomic there.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EISDIR" && code !== "EPERM" && code !== "EINVAL" && code !== "EBADF" && code !== "EACCES")
      throw error;
  } finally {
    await handle?.close();
  }
}

/**
 * Removes temp files of `target` older than `olderThanMs` (left by a process killed mid-write). Call it only
 * while holding the lock that writers hold, so no live writer's temp file can be taken.
 */
export async function removeStaleTemps(target: string, olderThanMs: number): Promise<number> {
  const folder = dirname(target);
  const prefix = tempPrefix(target);
  const names = (await readdir(folder)).filter(
    (name) => name.startsWith(prefix) && (name.endsWith(".tmp") || name.endsWith(".stale")),
  );
  let removed = 0;
  for (const name of names) {
    const path = join(folder, name);
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > olderThanMs) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}
