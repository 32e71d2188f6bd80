// A lock file shared by processes on one machine, so read-modify-write of a data file is never interleaved.
import { randomBytes } from "node:crypto";
import { link, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";

import { processExists } from "./process-exists";
import { QuantAgentError } from "./quantagent-error";

export interface FileLockOptions {
  signal?: AbortSignal;
  /** Give up waiting after this long. Default 10 s. */
  timeoutMs?: number;
  /** A lock older than this is taken as abandoned even if its holder cannot be checked. Default 10 s. */
  staleMs?: number;
}

export class FileLockError extends QuantAgentError {
  override name = "FileLockError";
  constructor(options: { message: string }) {
    super({ code: "file_lock", kind: "internal", message: options.message });
  }
}

export interface HeldLock {
  /** Throws FileLockError when another process has taken the lock over (it judged ours abandoned). */
  assertHeld(): Promise<void>;
}

interface LockToken {
  pid: number;
  host: string;
  nonce: string;
}

/**
 * Runs `action` while holding `lockPath`. The lock file is created complete with link(), which fails when the
 * name exists, so it is never seen half-written. A lock whose holder is gone (same host, pid not running) is
 * broken at once; any lock older than staleMs is broken too (holders keep it for milliseconds).
 *
 * Breaking is where two processes can hurt each other: if both judge the same dead lock abandoned, the slower one
 * can remove the lock the faster one has just taken, and two holders then write at once (the crash test saw a
 * confirmed save lost that way). So breakers take turns through a second lock file (the turn file), and remove
 * the lock only if it still holds the content they judged dead. A breaker killed inside that turn (microseconds)
 * leaves a turn file that the next breaker or holder clears (judged by its pid and age); holders still call
 * assertHeld() right before their commit.
 */
export async function withFileLock<T>(
  lockPath: string,
  action: (lock: HeldLock) => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const token: LockToken = { pid: process.pid, host: hostname(), nonce: randomBytes(8).toString("hex") };
  const content = JSON.stringify(token);
  await acquire(lockPath, content, options);
  await clearDeadTurn(turnPathOf(lockPath)); // left by a breaker killed in its turn, if any; usually one stat
  const held: HeldLock = {
    assertHeld: async () => {
      if ((await readFile(lockPath, "utf8").catch(() => undefined)) !== content) {
        throw new FileLockError({ message: `Lost the lock ${lockPath}: another process judged it abandoned.` });
      }
    },
  };
  try {
    return await action(held);
  } finally {
    if ((await readFile(lockPath, "utf8").catch(() => undefined)) === content) await rm(lockPath, { force: true });
  }
}

async function acquire(lockPath: string, content: string, options: FileLockOptions): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const staleMs = options.staleMs ?? 10_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    options.signal?.throwIfAborted();
    if (await createExclusive(lockPath, content)) return;
    const holder = await readHolder(lockPath);
    if (holder === undefined) continue; // released between our attempt and our look: try again at once
    if (Date.now() - holder.mtimeMs > staleMs || isDeadLocalHolder(holder.token)) {
      // Without the turn (another breaker has it), wait a moment instead of spinning on its turn file.
      if (!(await breakLock(lockPath, holder.content, content))) await delay(1);
      continue;
    }
    if (Date.now() > deadline) {
      const who = holder.token ? `process ${holder.token.pid} on ${holder.token.host}` : "another process";
      throw new FileLockError({ message: `Timed out after ${timeoutMs} ms waiting for ${lockPath}, held by ${who}.` });
    }
    // timers/promises rejects with a generic AbortError; callers expect the signal's own reason, as elsewhere.
    await delay(5 + Math.random() * 10, undefined, { signal: options.signal }).catch((error: unknown) => {
      throw options.signal?.aborted ? options.signal.reason : error;
    });
  }
}

async function createExclusive(lockPath: string, content: string): Promise<boolean> {
  const temp = join(dirname(lockPath), `.${basename(lockPath)}.${randomBytes(6).toString("hex")}.tmp`);
  await writeFile(temp, content, { flag: "wx" });
  try {
    await link(temp, lockPath);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP") throw error;
    // File systems without hard links: O_EXCL creation is still exclusive, only not written in one step.
    try {
      const handle = await open(lockPath, "wx");
      await handle.writeFile(content).finally(() => handle.close());
      return true;
    } catch (fallbackError) {
      if ((fallbackError as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw fallbackError;
    }
  } finally {
    await rm(temp, { force: true });
  }
}

async function readHolder(lockPath: string) {
  try {
    const [content, info] = await Promise.all([readFile(lockPath, "utf8"), stat(lockPath)]);
    return { content, mtimeMs: info.mtimeMs, token: parseToken(content) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function parseToken(content: string): LockToken | undefined {
  try {
    const token = JSON.parse(content) as Partial<LockToken>;
    const valid = typeof token.pid === "number" && typeof token.host === "string" && typeof token.nonce === "string";
    return valid ? (token as LockToken) : undefined;
  } catch {
    return undefined;
  }
}

function isDeadLocalHolder(token: LockToken | undefined): boolean {
  if (token === undefined || token.host !== hostname() || token.pid === process.pid) return false;
  return !processExists(token.pid);
}

/** A break turn lasts microseconds; one this old belongs to a breaker that died in it. */
const BREAK_STALE_MS = 2_000;

const turnPathOf = (lockPath: string) => `${lockPath}.break`;

/** Removes `lockPath` if it still holds `staleContent`, taking a turn with other breakers; answers whether it had the turn. */
async function breakLock(lockPath: string, staleContent: string, token: string): Promise<boolean> {
  const turnPath = turnPathOf(lockPath);
  if (!(await createExclusive(turnPath, token))) {
    await clearDeadTurn(turnPath); // another breaker's turn (the caller looks again shortly), unless it died in it
    return false;
  }
  try {
    // In our turn nobody else removes the lock, so what we read is what we remove.
    if ((await readFile(lockPath, "utf8").catch(() => undefined)) === staleContent) await rm(lockPath, { force: true });
  } finally {
    await rm(turnPath, { force: true });
  }
  return true;
}

/** Removes a turn file whose breaker died in its turn (killed, or older than any turn lasts). */
async function clearDeadTurn(turnPath: string): Promise<void> {
  const breaker = await readHolder(turnPath);
  if (breaker && (Date.now() - breaker.mtimeMs > BREAK_STALE_MS || isDeadLocalHolder(breaker.token))) {
    await removeIfUnchanged(turnPath, breaker.content);
  }
}

/** Removes `path` if it still holds `content`: moved aside first, and put back if it changed in between. */
async function removeIfUnchanged(path: string, content: string): Promise<void> {
  const grave = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}.stale`);
  try {
    await rename(path, grave);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return; // someone else removed it
    throw error;
  }
  if ((await readFile(grave, "utf8").catch(() => undefined)) !== content)
    await link(grave, path).catch(() => undefined);
  await rm(grave, { force: true });
}
