// Reading benchmark folders: lower-case asset folders, windows in numeric order, the first N, clear errors.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { listBenchmarkAssets, readBenchmarkWindow, readBenchmarkWindows } from "../../src/market/benchmark-data";
import { wavyCloses, writeBenchmarkFolder } from "../evaluation/synthetic-candles";

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "benchmark-"));
  const windows = Array.from({ length: 11 }, (_, index) => wavyCloses(50, index));
  await writeBenchmarkFolder(root, { BTC: windows, SPX: windows.slice(0, 2) });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("benchmark data", () => {
  it("lists assets upper-case and reads windows in numeric order (1, 2, ..., 10, 11)", async () => {
    expect(await listBenchmarkAssets(root)).toEqual(["BTC", "SPX"]);
    const windows = await readBenchmarkWindows(root, "btc");
    expect(windows.map((window) => window.window)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(windows[0]!.asset).toBe("BTC");
    expect(windows[0]!.candles).toHaveLength(50);
    expect(windows[0]!.candles[0]!.close).toBe(wavyCloses(50, 0)[0]);
  });

  it("reads only the first N windows, or one by number", async () => {
    expect((await readBenchmarkWindows(root, "BTC", { windows: 3 })).map((window) => window.window)).toEqual([1, 2, 3]);
    expect((await readBenchmarkWindow(root, "SPX", 2))[1]!.close).toBe(wavyCloses(50, 1)[1]);
  });

  it("names what is missing", async () => {
    await expect(readBenchmarkWindows(root, "ETH")).rejects.toThrow(
      /No benchmark folder for ETH .*available: BTC, SPX/,
    );
    await expect(readBenchmarkWindow(root, "SPX", 9)).rejects.toThrow(/No benchmark window 9 for SPX/);
    await expect(listBenchmarkAssets(path.join(root, "nowhere"))).rejects.toThrow(/Cannot read the benchmark folder/);
  });
});
