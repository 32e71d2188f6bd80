// Every shipped benchmark window parses into 100 ascending, valid 4h candles.
import { readdirSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { candleSchema } from "../../src/market/candle";
import { readCsvFile } from "../../src/market/csv-source";
import { benchmarkRoot } from "../support/benchmark";

const ASSETS = ["btc", "cl", "dji", "es", "nq", "qqq", "spx", "vix"];

describe("benchmark CSV files", () => {
  const files = ASSETS.flatMap((asset) =>
    readdirSync(path.join(benchmarkRoot, asset))
      .filter((name) => name.endsWith(".csv"))
      .map((name) => path.join(asset, name)),
  );

  it("are all there: 100 per asset, 800 in all", () => {
    expect(files).toHaveLength(800);
    for (const asset of ASSETS) {
      expect(files.filter((file) => file.startsWith(`${asset}${path.sep}`))).toHaveLength(100);
    }
  });

  it("each give 100 candles, strictly ascending, with valid OHLC", async () => {
    const problems: string[] = [];
    for (const file of files) {
      const candles = await readCsvFile(path.join(benchmarkRoot, file));
      if (candles.length !== 100) problems.push(`${file}: ${candles.length} candles`);
      candles.forEach((candle, index) => {
        if (!candleSchema.safeParse(candle).success) problems.push(`${file}: bar ${index} is invalid`);
        if (index > 0 && candle.time <= candles[index - 1]!.time)
          problems.push(`${file}: bar ${index} is out of order`);
      });
    }
    expect(problems).toEqual([]);
  });

  it("keep the stored wall-clock times as UTC labels (an SPX session bar opens at 09:30 or 13:30)", async () => {
    const spx = await readCsvFile(path.join(benchmarkRoot, "spx", "SPX_4h_1.csv"));
    const labels = new Set(spx.map((candle) => new Date(candle.time).toISOString().slice(11, 16)));
    expect([...labels].sort()).toEqual(["09:30", "13:30"]);
    const btc = await readCsvFile(path.join(benchmarkRoot, "btc", "BTC_4h_1.csv"));
    expect(btc[0]).toEqual({
      time: Date.UTC(2023, 7, 23, 0),
      open: 26006.32,
      high: 26183.91,
      low: 25976.72,
      close: 26057.13,
      volume: 5066.45045,
    });
  });
});
