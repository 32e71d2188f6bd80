// The live record of a replayed watchlist entry against a backtest of the same series (step 1: a decision every
// bar, as the forward test decides): the same fake analyst gives the same decisions, so the record's lines (every
// figure and equity curve) and paired tests must equal the backtest's to the last digit. The accuracy counts only
// decisions whose horizon has passed, with its Wilson interval; an entry with nothing playable yet has no backtest.

import path from "node:path";

import { describe, expect, it } from "vitest";

import { runBacktest } from "../../src/backtest/run-backtest";
import type { ChartRenderer } from "../../src/charts/png-renderer";
import { forwardRecord } from "../../src/forward/forward-record";
import { startWatch } from "../../src/forward/start-watch";
import { createPipeline } from "../../src/pipeline/pipeline";
import { wilsonInterval } from "../../src/scoring/confidence-intervals";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import type { FakeProviderServer } from "../fakes/fake-provider-server";
import { useMomentumFixture } from "../support/momentum-fixture";

let server: FakeProviderServer;
let renderer: ChartRenderer;
let scratch: string;
const { key } = useMomentumFixture("forward-record", (started) => ({ server, renderer, scratch } = started));

const candles = candlesFromCloses(wavyCloses(60, 3)); // decisions at bars 44 to 59
const config = (dataDir: string) => ({
  api_key: key,
  openai_base_url: server.openaiBaseUrl,
  max_retries: 0,
  data_dir: dataDir,
});

describe("forwardRecord", () => {
  it("equals a backtest of the same decisions, figure for figure; accuracy on the decisions whose horizon passed", async () => {
    const pipeline = createPipeline({ ...config(path.join(scratch, "watch")), journal: true }, { env: {}, renderer });
    const entry = await (await pipeline.journal.open()).watchlist.add({ symbol: "BTC-USD", timeframe: "4h" });
    expect((await forwardRecord({ pipeline, entryId: entry.id, candles })).backtest).toBeNull();
    await startWatch({ pipeline, mode: { kind: "replay", candles, timeframe: "4h", speed: 1e9 } }).done;

    const record = await forwardRecord({ pipeline, entryId: entry.id, candles });
    const backtest = await runBacktest({
      series: { candles, timeframe: "4h", name: "BTC-USD" },
      step: 1,
      config: { ...config(path.join(scratch, "backtest")), journal: false },
      cacheDir: false,
      dependencies: { env: {}, renderer },
    });
    // Bars 44 to 58 are played (59 has no bar after it yet), as the backtest's schedule plays them.
    expect(record.backtest!.decisions.map((decision) => decision.bar)).toEqual(
      backtest.decisions.map((decision) => decision.bar),
    );
    expect(record.backtest!.decisions.map((decision) => decision.directive)).toEqual(
      backtest.decisions.map((decision) => decision.directive),
    );
    expect(record.backtest!.lines).toEqual(backtest.lines);
    expect(record.backtest!.paired).toEqual(backtest.paired);
    // The model is named as the backtest names it: its report says which model decided, not "baselines only".
    expect(record.backtest!.settings.models).toEqual(backtest.settings.models);
    expect(record.backtest!.settings.promptVersion).toBe(backtest.settings.promptVersion);

    // Accuracy: bars 44 to 56 have their 3 later bars; a hit is a LONG before a rise or a SHORT before a fall.
    const scored = Array.from({ length: 13 }, (_, offset) => 44 + offset);
    const hits = scored.filter((bar) => {
      const directive = candles[bar]!.close >= candles[bar - 3]!.close ? "LONG" : "SHORT";
      const move = candles[bar + 3]!.close - candles[bar]!.close;
      return directive === "LONG" ? move > 0 : move < 0;
    }).length;
    expect(record.accuracy).toEqual({
      scored: 13,
      hits,
      rate: hits / 13,
      interval: wilsonInterval(hits, 13),
    });
    await pipeline.close();
  }, 300_000);
});
