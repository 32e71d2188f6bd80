import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
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

describe("withFileLock: whose lock may be broken", () => {
  const gone = () => spawnSync(process.execPath, ["-e", "0"]).pid;

  it("writes this process's pid and host into the lock it holds", async () => {
    const held = await withFileLock(lockPath, async () => JSON.parse(await readFile(lockPath, "utf8")));
    expect(held).toMatchObject({ pid: process.pid, host: hostname() });
    expect(typeof held.nonce).toBe("string");
  });

  it("says what was lost, as a typed error", async () => {
    const failure = withFileLock(lockPath, async (lock) => {
      await writeFile(lockPath, "taken over");
      await lock.assertHeld();
    });
    await expect(failure).rejects.toMatchObject({
      name: "FileLockError",
      code: "file_lock",
      kind: "internal",
      message: expect.stringMatching(/^Lost the lock .*data\.json\.lock: another process judged it abandoned\.$/),
    });
  });

  it("breaks a lock older than staleMs even when its holder cannot be checked (another host)", async () => {
    await writeFile(lockPath, JSON.stringify({ pid: process.pid, host: "elsewhere", nonce: "old" }));
    const longAgo = new Date(Date.now() - 5_000);
    await utimes(lockPath, longAgo, longAgo);
    await expect(withFileLock(lockPath, async () => "taken", { staleMs: 1_000, timeoutMs: 3_000 })).resolves.toBe(
      "taken",
    );
  });

  it("never judges another host's lock dead by its pid, however gone that pid is here", async () => {
    await writeFile(lockPath, JSON.stringify({ pid: gone(), host: "elsewhere", nonce: "remote" }));
    await expect(withFileLock(lockPath, async () => "taken", { timeoutMs: 200 })).rejects.toThrow(/on elsewhere/);
  });

  it.each([
    ["not JSON", "garbage"],
    ["a pid that is not a number", JSON.stringify({ pid: "1", host: "elsewhere", nonce: "n" })],
    ["a host that is not a string", JSON.stringify({ pid: 1, host: 2, nonce: "n" })],
    ["a nonce that is not a string", JSON.stringify({ pid: 1, host: "elsewhere", nonce: 3 })],
  ])("waits for a fresh lock holding %s, and names no process", async (_what, content) => {
    await writeFile(lockPath, content);
    await expect(withFileLock(lockPath, async () => "taken", { timeoutMs: 200 })).rejects.toThrow(
      /held by another process\.$/,
    );
    expect(await readFile(lockPath, "utf8")).toBe(content);
  });

  it("reports a lock path it cannot read instead of spinning on it", async () => {
    await mkdir(lockPath);
    await expect(withFileLock(lockPath, async () => "taken", { timeoutMs: 200 })).rejects.toMatchObject({
      code: "EISDIR",
    });
  });

  it("does not break a dead holder's lock while another breaker has its turn, nor clear a live turn", async () => {
    const turnPath = `${lockPath}.break`;
    const deadLock = JSON.stringify({ pid: gone(), host: hostname(), nonce: "dead-holder" });
    const liveTurn = JSON.stringify({ pid: process.pid, host: "elsewhere", nonce: "breaker" });
    await writeFile(lockPath, deadLock);
    await writeFile(turnPath, liveTurn);
    // The turn's clock says it was taken a moment from now: young for a while, whatever the machine's speed.
    const soon = new Date(Date.now() + 60_000);
    await utimes(turnPath, soon, soon);
    let ran = false;
    const waiter = withFileLock(lockPath, async () => {
      ran = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ran).toBe(false);
    expect(await readFile(lockPath, "utf8")).toBe(deadLock);
    expect(await readFile(turnPath, "utf8")).toBe(liveTurn);
    await rm(turnPath); // the other breaker's turn ends
    await waiter;
    expect(ran).toBe(true);
  });

  it("clears an old turn file whose breaker cannot be checked (another host)", async () => {
    const turnPath = `${lockPath}.break`;
    await writeFile(turnPath, JSON.stringify({ pid: process.pid, host: "elsewhere", nonce: "stuck" }));
    const longAgo = new Date(Date.now() - 10_000);
    await utimes(turnPath, longAgo, longAgo);
    await writeFile(lockPath, JSON.stringify({ pid: gone(), host: hostname(), nonce: "dead-holder" }));
    await expect(withFileLock(lockPath, async () => "taken", { timeoutMs: 5_000 })).resolves.toBe("taken");
    expect(readdirSync(folder)).toEqual([]);
  });
});
