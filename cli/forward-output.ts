// `quantagent history forward`: the live record of each watchlist entry in words and a table, or the HTTP API's JSON
// (GET /api/watchlist/<id>/record) with --json. Each entry's market is read to now (its closed bars), or its bars are
// a recorded series (--replay <csv>, the record of a replayed watchlist). An entry with no decision yet reads nothing.
import { type ForwardRecord, forwardRecord, liveForwardRecord } from "../src/forward/index";
import type { Pipeline } from "../src/index";
import type { Candle } from "../src/market/index";
import { wireForwardRecord } from "../src/wire/index";
import { formatTextTable } from "./text-table";

const percent = (value: number | null, digits = 1) => (value === null ? "–" : `${(value * 100).toFixed(digits)}%`);
const signed = (value: number) => `${value > 0 ? "+" : ""}${(value * 100).toFixed(2)}%`;

/** One entry's record as lines a person reads: the counts in words, then each line of the backtest. */
export function describeForwardRecord(record: ForwardRecord): string {
  const { entry, accuracy, backtest } = record;
  const status = entry.status === "paused" ? `paused: ${entry.pausedReason ?? "?"}` : "active";
  const lines = [
    `${entry.market} ${entry.timeframe} (entry ${entry.id}, ${status}) · model ${record.model}`,
    `  ${record.decisions.length} decision${record.decisions.length === 1 ? "" : "s"}; ${accuracy.scored} scored (their horizon has passed): ${accuracy.hits} hit${accuracy.hits === 1 ? "" : "s"}, accuracy ${percent(accuracy.rate)}${accuracy.interval ? ` (95% interval ${percent(accuracy.interval.low)} – ${percent(accuracy.interval.high)})` : ""}`,
  ];
  if (!backtest) {
    lines.push(
      record.decisions.length === 0
        ? "  No decision yet: the first is at the next bar close after the entry was added (quantagent watch)."
        : "  No decision has been followed by a bar yet: nothing to play.",
    );
    return `${lines.join("\n")}\n`;
  }
  const paired = backtest.paired.find((test) => test.a === record.model);
  if (paired)
    lines.push(
      `  Against always-LONG on the same ${paired.n} bars: ${paired.aHits} hits to ${paired.bHits} (${paired.aOnly} only the model's, ${paired.bOnly} only always-LONG's), p = ${paired.pValue.toFixed(3)}`,
    );
  lines.push(
    `  Played after costs (${backtest.settings.costBps} bps a side), beside buy-and-hold and the baselines:`,
    formatTextTable(
      backtest.lines.map((line) => ({
        line: line.name,
        trades: String(line.trades),
        return: signed(line.totalReturn),
        sharpe: line.sharpe === null ? "–" : line.sharpe.toFixed(2),
        "max drawdown": percent(line.maxDrawdown, 2),
        "hit rate": percent(line.hitRate),
      })),
      { alignRight: ["trades", "return", "sharpe", "max drawdown", "hit rate"] },
    )
      .trimEnd()
      .split("\n")
      .map((row) => `  ${row}`)
      .join("\n"),
  );
  return `${lines.join("\n")}\n`;
}

export interface ForwardHistoryOptions {
  /** One entry; every entry when absent. */
  id?: string;
  /** The bars of a recorded series instead of the market's. */
  replay?: readonly Candle[];
  json: boolean;
  signal: AbortSignal;
}

export async function describeForwardRecords(pipeline: Pipeline, options: ForwardHistoryOptions): Promise<string> {
  const store = (await pipeline.journal.open()).watchlist;
  const ids = options.id === undefined ? (await store.list()).map((entry) => entry.id) : [options.id];
  const records: ForwardRecord[] = [];
  for (const entryId of ids)
    records.push(
      options.replay
        ? await forwardRecord({ pipeline, entryId, candles: options.replay })
        : await liveForwardRecord({ pipeline, entryId, signal: options.signal }),
    );
  if (options.json) return `${JSON.stringify({ records: records.map(wireForwardRecord) }, null, 2)}\n`;
  if (records.length === 0) return "The watchlist is empty (quantagent watch add ...).\n";
  return records.map(describeForwardRecord).join("\n");
}
