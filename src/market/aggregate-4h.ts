// Groups 1h bars into 4h bars per trading day, because Yahoo has no 4h interval. Pure.
import type { Candle } from "./candle";
import { offsetSecondsAt, type UtcOffset } from "./time-zone-offset";
import { DAY_MS } from "./timeframes";

const FOUR_HOURS_MS = 4 * 60 * 60_000;

export interface Aggregate4hOptions {
  /**
   * The exchange's offset from UTC in seconds, or a function of the instant; it decides which calendar day a bar
   * belongs to. Default 0 (UTC), right for crypto. US equities need New York time: a fixed -14400/-18000 works
   * for bars on one side of a daylight-saving change, timeZoneOffset("America/New_York") for any range.
   */
  utcOffsetSeconds?: UtcOffset;
}

/**
 * Each trading day (calendar day in exchange time) is cut into 4-hour slots starting at the day's first bar:
 * 09:30 and 13:30 for a US equity session, 00:00, 04:00, ... for a 24-hour market. With no missing hours this is
 * "four bars at a time"; cutting by time instead of by count keeps one missing hour from shifting every later bar.
 *
 * A 4h bar opens at its slot start; open of its first bar, high max, low min, close of its last bar, volume sum.
 * Partial slots are kept, as a bar of 1 to 4 hours: the 13:30 bar of a US session holds 2.5 hours (13:30-16:00),
 * and the newest slot of a live market is still filling. Dropping them would lose every afternoon of an equity.
 * Input may be in any order; bars are grouped in time order. Duplicate times should be removed beforehand.
 */
export function aggregateTo4h(hourlyCandles: readonly Candle[], options: Aggregate4hOptions = {}): Candle[] {
  const offset = options.utcOffsetSeconds ?? 0;
  const sorted = [...hourlyCandles].sort((left, right) => left.time - right.time);
  const result: Candle[] = [];
  let currentDay: number | undefined;
  let dayStart = 0;
  let currentSlot = -1;
  let bar: Candle | undefined;

  for (const candle of sorted) {
    const day = Math.floor((candle.time + offsetSecondsAt(offset, candle.time) * 1000) / DAY_MS);
    if (day !== currentDay) {
      currentDay = day;
      dayStart = candle.time;
      currentSlot = -1;
    }
    const slot = Math.floor((candle.time - dayStart) / FOUR_HOURS_MS);
    if (slot !== currentSlot || bar === undefined) {
      if (bar !== undefined) result.push(bar);
      currentSlot = slot;
      bar = { ...candle, time: dayStart + slot * FOUR_HOURS_MS };
      continue;
    }
    bar = {
      time: bar.time,
      open: bar.open,
      high: Math.max(bar.high, candle.high),
      low: Math.min(bar.low, candle.low),
      close: candle.close,
      volume: bar.volume + candle.volume,
    };
  }
  if (bar !== undefined) result.push(bar);
  return result;
}
