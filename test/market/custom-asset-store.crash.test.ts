// Crash test of the custom-asset store: child processes save symbols in a loop on one data folder and are killed
// with SIGKILL at random points, 200 times in all, several at once. After every kill the file must parse and hold
// every symbol confirmed so far; a killed child's symbols must be its confirmed ones plus at most the one in flight.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createCustomAssetStore } from "../../src/market/custom-asset-store";
import { projectNodeModules, transpileForChild } from "./transpile-for-child";

const TOTAL_KILLS = 200;
const LANES = 4; // children alive at once, all on the same file
// A child is killed after its k-th confirmed save (k = 0..4, 0 meaning once it is ready) plus 0-10 ms, about
// one save's length: so kills land before, during and between the steps of a save (lock, read, write, rename).
const MAX_CONFIRMATIONS_BEFORE_KILL = 4;
const MAX_EXTRA_DELAY_MS = 10;

let workDir: string;
let dataDir: string;
let childScript: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "custom-asset-crash-"));
  dataDir = path.join(workDir, "data");
  childScript = transpileForChild(path.join(__dirname, "custom-asset-store-child.ts"), path.join(workDir, "build"));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** Highest confirmed index per child tag (saves in a child are sequential, so all lower ones are confirmed too). */
const confirmed = new Map<string, number>();
const finished = new Set<string>();
const problems: string[] = [];

function runAndKill(tag: string): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [childScript, dataDir, tag], {
      env: { ...process.env, NODE_PATH: projectNodeModules },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let pending = "";
    let stderr = "";
    let killed = false;
    let killScheduled = false;
    let confirmations = 0;
    const killAfter = Math.floor(Math.random() * (MAX_CONFIRMATIONS_BEFORE_KILL + 1));
    const scheduleKill = () => {
      if (killScheduled) return;
      killScheduled = true;
      setTimeout(() => {
        killed = true;
        child.kill("SIGKILL");
      }, Math.random() * MAX_EXTRA_DELAY_MS);
    };
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? ""; // a line cut off by the kill is not a confirmation
      for (const line of lines) {
        if (line === "ready") {
          if (killAfter === 0) scheduleKill();
        } else if (line.startsWith(`ok ${tag}-`)) {
          confirmed.set(tag, Number(line.slice(`ok ${tag}-`.length)));
          confirmations += 1;
          if (confirmations >= killAfter) scheduleKill();
        }
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("exit", (code, signal) => {
      if (!killed || signal !== "SIGKILL")
        problems.push(`${tag} ended by itself (code ${code}, signal ${signal}): ${stderr.trim()}`);
      finished.add(tag);
      resolve();
    });
  });
}

function checkFile(afterKillOf: string): void {
  const snapshot = new Map(confirmed); // taken before reading: everything in it was on disk already
  const filePath = path.join(dataDir, "custom_assets.json");
  if (!existsSync(filePath)) {
    if (snapshot.size > 0)
      problems.push(`after ${afterKillOf}: file missing although ${snapshot.size} children confirmed saves`);
    return;
  }
  let symbols: string[];
  try {
    const parsed = JSON.parse(readFileSync(filePath, "utf8")) as { version?: unknown; custom_assets?: unknown };
    if (parsed.version !== 1 || !Array.isArray(parsed.custom_assets)) throw new Error("wrong shape");
    symbols = parsed.custom_assets as string[];
  } catch (error) {
    problems.push(`after ${afterKillOf}: file does not parse (${(error as Error).message})`);
    return;
  }
  const indexesByTag = new Map<string, number[]>();
  for (const symbol of symbols) {
    const cut = symbol.lastIndexOf("-");
    const tag = symbol.slice(0, cut);
    indexesByTag.set(tag, [...(indexesByTag.get(tag) ?? []), Number(symbol.slice(cut + 1))]);
  }
  for (const [tag, indexes] of indexesByTag) {
    // Sequential saves: a child's symbols on disk are exactly 0..m, no holes, no repeats.
    if (!indexes.every((value, position) => value === position))
      problems.push(`after ${afterKillOf}: ${tag} has holes or repeats`);
  }
  for (const [tag, highest] of snapshot) {
    const onDisk = indexesByTag.get(tag)?.length ?? 0;
    if (onDisk < highest + 1)
      problems.push(
        `after ${afterKillOf}: lost confirmed saves of ${tag} (${onDisk} on disk, ${highest + 1} confirmed)`,
      );
  }
  if (finished.has(afterKillOf)) {
    const onDisk = indexesByTag.get(afterKillOf)?.length ?? 0;
    const highest = snapshot.get(afterKillOf) ?? -1;
    // The old list or the new one: the confirmed saves, plus at most the save the kill interrupted.
    if (onDisk > highest + 2) problems.push(`${afterKillOf}: ${onDisk} on disk but only ${highest + 1} confirmed`);
  }
}

describe("custom-asset store under SIGKILL", () => {
  it(`keeps a parseable file and every confirmed symbol through ${TOTAL_KILLS} kills`, async () => {
    let kills = 0;
    const lane = async (laneIndex: number) => {
      for (let round = 0; round < TOTAL_KILLS / LANES; round += 1) {
        const tag = `L${laneIndex}R${round}`;
        await runAndKill(tag);
        kills += 1;
        checkFile(tag);
      }
    };
    await Promise.all(Array.from({ length: LANES }, (_, index) => lane(index)));

    expect(kills).toBe(TOTAL_KILLS);
    expect(problems).toEqual([]);
    const totalConfirmed = [...confirmed.values()].reduce((sum, highest) => sum + highest + 1, 0);
    expect(totalConfirmed).toBeGreaterThan(TOTAL_KILLS); // the kills really did land among saves
    console.info(
      `crash test: ${kills} kills, ${totalConfirmed} confirmed saves, ${confirmed.size} children saved at least once`,
    );

    // A process after all the crashes: it breaks any lock a killed child left, clears their temp files, and sees
    // every confirmed symbol.
    const survivor = createCustomAssetStore({ dataDir, maxAssets: 1_000_000, staleMs: 1 });
    expect(await survivor.save("AFTER-CRASHES")).toEqual({ symbol: "AFTER-CRASHES", added: true });
    const listed = new Set(await survivor.list());
    for (const [tag, highest] of confirmed) {
      for (let index = 0; index <= highest; index += 1) expect(listed.has(`${tag}-${index}`)).toBe(true);
    }
    expect(readdirSync(dataDir)).toEqual(["custom_assets.json"]);
  }, 300_000);
});
