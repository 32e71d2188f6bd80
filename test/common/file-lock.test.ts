import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { FileLockError, withFileLock } from "../../src/common/file-lock";

let folder: string;
let lockPath: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "file-lock-"));
  lockPath = path.join(folder, "data.json.lock");
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("withFileLock", () => {
  it("lets one holder in at a time", async () => {
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        withFileLock(lockPath, async () => {
          inside += 1;
          most = Math.max(most, inside);
          await new Promise((resolve) => setTimeout(resolve, 3));
          order.push(index);
          inside -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order.sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("releases the lock when the action throws", async () => {
    await expect(withFileLock(lockPath, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(withFileLock(lockPath, async () => "again", { timeoutMs: 200 })).resolves.toBe("again");
  });

  it("tells a holder that its lock was taken over", async () => {
    await expect(
      withFileLock(lockPath, async (lock) => {
        await lock.assertHeld();
        await writeFile(lockPath, JSON.stringify({ pid: 1, host: "elsewhere", nonce: "other" }));
        await lock.assertHeld();
      }),
    ).rejects.toThrow(FileLockError);
    // The other holder's lock is left in place, not removed by the loser.
    await expect(withFileLock(lockPath, async () => undefined, { timeoutMs: 100 })).rejects.toThrow(
      /held by process 1 on elsewhere/,
    );
  });

  it("lets one holder in at a time when many waiters break the same dead holder's lock at once", async () => {
    // A lock left by a process that is gone (this pid was a child that has exited): every waiter judges it dead.
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid;
    for (let round = 0; round < 40; round += 1) {
      await writeFile(lockPath, JSON.stringify({ pid: gone, host: hostname(), nonce: `dead-${round}` }));
      let inside = 0;
      let most = 0;
      // Waiters arrive over a few milliseconds, so some judge the lock dead while others already hold the new one.
      await Promise.all(
        Array.from({ length: 12 }, async (_, index) => {
          await new Promise((resolve) => setTimeout(resolve, index % 4));
          return withFileLock(lockPath, async () => {
            inside += 1;
            most = Math.max(most, inside);
            await new Promise((resolve) => setImmediate(resolve));
            inside -= 1;
          });
        }),
      );
      expect(most, `round ${round}`).toBe(1);
    }
    expect(readdirSync(folder)).toEqual([]); // no lock, turn or temp file left behind
  });

  it("clears a turn file left by a breaker that was killed in its turn", async () => {
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid;
    await writeFile(`${lockPath}.break`, JSON.stringify({ pid: gone, host: hostname(), nonce: "killed-breaker" }));
    await writeFile(lockPath, JSON.stringify({ pid: gone, host: hostname(), nonce: "killed-holder" }));
    await expect(withFileLock(lockPath, async () => "taken", { timeoutMs: 2_000 })).resolves.toBe("taken");
    expect(readdirSync(folder)).toEqual([]);
  });

  it("stops waiting when the signal aborts", async () => {
    await writeFile(lockPath, JSON.stringify({ pid: process.pid, host: "elsewhere", nonce: "x" }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("stop")), 30);
    await expect(withFileLock(lockPath, async () => undefined, { signal: controller.signal })).rejects.toThrow("stop");
  });
});
