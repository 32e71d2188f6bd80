// `quantagent history forward` in-process against a watchlist whose decisions are stored through the library (as a
// replayed watch stores them), read on the recorded series (--replay): the JSON is the API's record, figure for figure
// what forwardRecord gives on the same bars; the words say the counts, the accuracy with its interval, the paired test
// against always-LONG and every line after costs; an entry without decisions reads no market data; an unknown entry
// and a misplaced --replay are exit 2.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { forwardRecord } from "../../src/forward/forward-record";
import { candlesToCsv } from "../../src/market/csv-text-writer";
import { createPipeline } from "../../src/pipeline/pipeline";
import { wireForwardRecord } from "../../src/wire/forward";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import { runCliInProcess } from "../support/in-process-cli";

let scratch: string;
let dataDir: string;
let csvFile: string;
let watched: string;
let quiet: string;
const candles = candlesFromCloses(wavyCloses(60, 3));

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "history-forward-"));
  dataDir = path.join(scratch, "data");
  csvFile = path.join(scratch, "series.csv");
  await writeFile(csvFile, candlesToCsv(candles));
  const pipeline = createPipeline({ data_dir: dataDir, journal: true }, { env: {} });
  const store = (await pipeline.journal.open()).watchlist;
  watched = (await store.add({ symbol: "BTC-USD", timeframe: "4h" })).id;
  quiet = (await store.add({ asset: "ETH", timeframe: "1h" })).id;
  // A momentum call at every bar from the first full window (44) to the last (59), as a replayed watch records them.
  for (let bar = 44; bar < candles.length; bar++)
    await store.recordDecision({
      entryId: watched,
      barTime: candles[bar]!.time,
      analysisId: `analysis-${bar}`,
      directive: candles[bar]!.close >= candles[bar - 3]!.close ? "LONG" : "SHORT",
    });
  await pipeline.close();
});
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const history = (argv: string[], directory = dataDir) =>
  runCliInProcess(["history", "forward", ...argv, "--data-dir", directory], { cwd: scratch, env: {} });

describe("quantagent history forward", () => {
  it("--json: each entry's record as the API answers it, equal to forwardRecord on the same bars", async () => {
    const run = await history(["--replay", csvFile, "--json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const { records } = JSON.parse(run.stdout) as { records: { entry: { id: string } }[] };
    expect(records.map((record) => record.entry.id)).toEqual([watched, quiet]);
    const pipeline = createPipeline({ data_dir: dataDir, journal: true }, { env: {} });
    try {
      const expected = wireForwardRecord(await forwardRecord({ pipeline, entryId: watched, candles }));
      expect(records[0]).toEqual(JSON.parse(JSON.stringify(expected)));
      expect(expected.accuracy.scored).toBe(13); // bars 44 to 56 have their 3 later bars
      expect(expected.backtest!.lines.length).toBeGreaterThan(2);
    } finally {
      await pipeline.close();
    }
    expect(records[1]).toMatchObject({ decisions: [], backtest: null, accuracy: { scored: 0, rate: null } });
  });

  it("in words: the counts, the accuracy and its interval, the paired test, every line after costs", async () => {
    const pipeline = createPipeline({ data_dir: dataDir, journal: true }, { env: {} });
    const record = await forwardRecord({ pipeline, entryId: watched, candles });
    await pipeline.close();
    const { accuracy } = record;
    const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
    const run = await history([watched, "--replay", csvFile]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toBe(`BTC-USD 4h (entry ${watched}, active) · model ${record.model}`);
    expect(lines[1]).toBe(
      `  16 decisions; 13 scored (their horizon has passed): ${accuracy.hits} hits, accuracy ${pct(accuracy.rate!)} (95% interval ${pct(accuracy.interval!.low)} – ${pct(accuracy.interval!.high)})`,
    );
    const paired = record.backtest!.paired.find((test) => test.a === record.model)!;
    expect(lines[2]).toBe(
      `  Against always-LONG on the same ${paired.n} bars: ${paired.aHits} hits to ${paired.bHits} (${paired.aOnly} only the model's, ${paired.bOnly} only always-LONG's), p = ${paired.pValue.toFixed(3)}`,
    );
    expect(lines[3]).toBe("  Played after costs (5 bps a side), beside buy-and-hold and the baselines:");
    for (const line of record.backtest!.lines)
      expect(run.stdout).toMatch(new RegExp(`^  ${line.name} .* ${line.trades} `, "m"));
  });

  it("an entry without a decision yet reads no market data and says when its record starts", async () => {
    // No --replay and no network here: a market read would fail the command.
    const run = await history([quiet]);
    const { graph_llm_model: model } = createPipeline({ data_dir: dataDir }, { env: {} }).config;
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(
      `ETH 1h (entry ${quiet}, active) · model ${model}\n` +
        "  0 decisions; 0 scored (their horizon has passed): 0 hits, accuracy –\n" +
        "  No decision yet: the first is at the next bar close after the entry was added (quantagent watch).\n",
    );
  });

  it("an empty watchlist, an unknown entry and a misplaced --replay", async () => {
    expect((await history([], path.join(scratch, "empty"))).stdout).toBe(
      "The watchlist is empty (quantagent watch add ...).\n",
    );
    const unknown = await history(["no-such-entry"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/No watchlist entry "no-such-entry"/);
    const misplaced = await runCliInProcess(["history", "list", "--replay", csvFile, "--data-dir", dataDir], {
      cwd: scratch,
      env: {},
    });
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toMatch(/--replay is for history forward/);
  });
});
