// The live record of a watchlist entry as a server or the command line shows it: the entry's market read from its
// first decision's window to now (the closed bars only, as the watcher reads them), then forwardRecord on those bars.
// An entry with no decision yet reads no market data: its record is empty, not an error.
import type { Pipeline } from "../pipeline/pipeline";
import { barLengthMs } from "./bar-feed";
import { type ForwardRecord, forwardRecord, type RecordPipeline } from "./forward-record";

export interface LiveForwardRecordOptions {
  pipeline: RecordPipeline & Pick<Pipeline, "fetchCandles">;
  entryId: string;
  /** The clock, epoch ms: bars closed by then are read. @default Date.now() */
  now?: number;
  /** Cost per side in basis points. @default 5 */
  costBps?: number;
  signal?: AbortSignal;
}

export async function liveForwardRecord(options: LiveForwardRecordOptions): Promise<ForwardRecord> {
  const { pipeline, entryId } = options;
  const journal = await pipeline.journal.open();
  const entry = await journal.watchlist.get(entryId);
  const first = entry && (await journal.watchlist.decisions(entry.id))[0];
  const common = { pipeline, entryId, ...(options.costBps === undefined ? {} : { costBps: options.costBps }) };
  // No entry: forwardRecord says so (watch_entry_not_found). No decision: an empty record, no market data read.
  if (!entry || !first) return forwardRecord({ ...common, candles: [] });
  const now = options.now ?? Date.now();
  const barMs = barLengthMs(entry.timeframe);
  const from = first.barTime - 2 * pipeline.config.window_bars * barMs;
  const loaded = await pipeline.fetchCandles(
    {
      ...(entry.marketKind === "asset" ? { asset: entry.market } : { symbol: entry.market }),
      timeframe: entry.timeframe,
      start: new Date(from).toISOString(),
      end: new Date(now).toISOString(),
    },
    { signal: options.signal },
  );
  const closed = loaded.candles.filter((candle) => candle.time + barMs <= now);
  return forwardRecord({ ...common, candles: closed });
}
