// Whether a series of bars fits the timeframe it is said to have. Bars supplied by a caller (CSV text, candles) are
// checked before an analysis spends anything: hourly bars analysed as "4h" would give every indicator, chart and
// prompt the wrong meaning, and the models would be paid to read it.
//
// The rule looks at the shortest gap between consecutive bars, since the longer gaps are nights, weekends and
// holidays: for intraday timeframes it must be the bar length; for days, weeks and months a range around it (time
// zones and daylight saving move daily stamps by an hour or two; months have 28 to 31 days).
import { InputError } from "../common/input-error";
import type { Candle } from "./candle";
import { DAY_MS, type Timeframe, timeframeInfo, TIMEFRAMES } from "./timeframes";

const HOUR_MS = 3_600_000;

/** The shortest gap accepted for each timeframe, and the longest. */
function acceptedGap(timeframe: Timeframe): { min: number; max: number } {
  switch (timeframe) {
    case "1d":
      return { min: 20 * HOUR_MS, max: 28 * HOUR_MS };
    case "1w":
      return { min: 6 * DAY_MS, max: 8 * DAY_MS };
    case "1mo":
      return { min: 27 * DAY_MS, max: 32 * DAY_MS };
    case "1m":
    case "5m":
    case "15m":
    case "30m":
    case "1h":
    case "4h": {
      const bar = timeframeInfo(timeframe).barMs ?? 0;
      return { min: bar * 0.99, max: bar * 1.01 };
    }
    default: {
      const exhaustive: never = timeframe;
      return exhaustive;
    }
  }
}

/** The shortest gap between consecutive bars (sorted ascending), or undefined for fewer than two bars. */
export function shortestGapMs(candles: readonly Candle[]): number | undefined {
  let shortest: number | undefined;
  for (let index = 1; index < candles.length; index++) {
    const gap = (candles[index]?.time ?? 0) - (candles[index - 1]?.time ?? 0);
    if (gap > 0 && (shortest === undefined || gap < shortest)) shortest = gap;
  }
  return shortest;
}

/** The timeframe whose accepted gap holds `gapMs`, if any. */
export function timeframeForGap(gapMs: number): Timeframe | undefined {
  return TIMEFRAMES.find((timeframe) => {
    const { min, max } = acceptedGap(timeframe);
    return gapMs >= min && gapMs <= max;
  });
}

/** Throws InputError when the bars are not spaced as `timeframe` bars; `source` names the data ("the CSV"). */
export function assertBarSpacing(candles: readonly Candle[], timeframe: Timeframe, source = "the data"): void {
  const gap = shortestGapMs(candles);
  if (gap === undefined) return;
  const { min, max } = acceptedGap(timeframe);
  if (gap >= min && gap <= max) return;
  const fitting = timeframeForGap(gap);
  const nominal = timeframe === "1mo" ? "about a month" : describeGap(timeframeInfo(timeframe).barMs ?? 0);
  const advice = fitting
    ? `choose the timeframe ${fitting}, which matches them, or supply ${timeframe} bars`
    : `supply ${timeframe} bars`;
  throw new InputError({
    message:
      `The bars of ${source} are ${describeGap(gap)} apart at the closest, but ${timeframe} bars are ${nominal} apart. ` +
      `To analyse them, ${advice}.`,
  });
}

function describeGap(ms: number): string {
  if (ms % DAY_MS === 0) return plural(ms / DAY_MS, "day");
  if (ms % HOUR_MS === 0) return plural(ms / HOUR_MS, "hour");
  if (ms % 60_000 === 0) return plural(ms / 60_000, "minute");
  return `${Math.round(ms / 1000)} seconds`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}
