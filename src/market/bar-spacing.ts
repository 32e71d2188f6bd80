// Whether a series of bars fits the timeframe it is said to have. Bars supplied by a caller (CSV text, candles) are
// checked before an analysis spends anything: hourly bars analysed as "4h" would give every indicator, chart and
// prompt the wrong meaning, and the models would be paid to read it.
//
// The rule looks at the gaps between consecutive bars that are at most one bar long, since the longer gaps are
// nights, weekends and holidays: at least half of them must be the bar length (for days, weeks and months a range
// around it: time zones and daylight saving move daily stamps by an hour or two; months have 28 to 31 days). The
// rest may be shorter: a session's opening or closing bar (VIX's 4-hour bars start at 03:15, 07:15, 09:30 and 13:30,
// so one gap is 2 h 15 min) and a change of daylight saving time (a 3-hour gap in 4-hour crypto bars). Hourly bars
// called 4h have no 4-hour gap; 4-hour bars called 1h have no gap as short as an hour.
import { InputError } from "../common/input-error";
import type { Candle } from "./candle";
import { DAY_MS, isIntraday, type Timeframe, timeframeInfo, TIMEFRAMES } from "./timeframes";

const HOUR_MS = 3_600_000;

/** The shortest gap accepted for each timeframe, and the longest. */
function acceptedGap(timeframe: Timeframe): { min: number; max: number } {
  if (isIntraday(timeframe)) {
    const bar = timeframeInfo(timeframe).barMs ?? 0;
    return { min: bar * 0.99, max: bar * 1.01 };
  }
  switch (timeframe) {
    case "1d":
      return { min: 20 * HOUR_MS, max: 28 * HOUR_MS };
    case "1w":
      return { min: 6 * DAY_MS, max: 8 * DAY_MS };
    case "1mo":
      return { min: 27 * DAY_MS, max: 32 * DAY_MS };
    default: {
      const exhaustive: never = timeframe;
      return exhaustive;
    }
  }
}

/** The gaps between consecutive bars (sorted ascending), zero-length ones left out. */
function gapsOf(candles: readonly Candle[]): number[] {
  const gaps: number[] = [];
  for (let index = 1; index < candles.length; index++) {
    const gap = (candles[index]?.time ?? 0) - (candles[index - 1]?.time ?? 0);
    if (gap > 0) gaps.push(gap);
  }
  return gaps;
}

/** Whether the gaps fit the timeframe: at least half of those at most one bar long are one bar long. */
function gapsFit(gaps: readonly number[], timeframe: Timeframe): boolean {
  const { min, max } = acceptedGap(timeframe);
  const short = gaps.filter((gap) => gap <= max);
  return short.length > 0 && short.filter((gap) => gap >= min).length * 2 >= short.length;
}

/** The most common gap between consecutive bars (the shorter of a tie), or undefined for fewer than two bars. */
export function typicalGapMs(candles: readonly Candle[]): number | undefined {
  const counts = new Map<number, number>();
  for (const gap of gapsOf(candles)) counts.set(gap, (counts.get(gap) ?? 0) + 1);
  let typical: number | undefined;
  for (const [gap, count] of counts) {
    const best = typical === undefined ? 0 : (counts.get(typical) ?? 0);
    if (count > best || (count === best && typical !== undefined && gap < typical)) typical = gap;
  }
  return typical;
}

/** The timeframe the bars are spaced as (the rule above), if any; undefined for fewer than two bars. */
export function timeframeOfBars(candles: readonly Candle[]): Timeframe | undefined {
  const gaps = gapsOf(candles);
  return TIMEFRAMES.find((timeframe) => gapsFit(gaps, timeframe));
}

/** Throws InputError when the bars are not spaced as `timeframe` bars; `source` names the data ("the CSV"). */
export function assertBarSpacing(candles: readonly Candle[], timeframe: Timeframe, source = "the data"): void {
  const gaps = gapsOf(candles);
  if (gaps.length === 0 || gapsFit(gaps, timeframe)) return;
  const typical = typicalGapMs(candles) ?? 0;
  const fitting = TIMEFRAMES.find((other) => gapsFit(gaps, other));
  const nominal = timeframe === "1mo" ? "about a month" : describeGap(timeframeInfo(timeframe).barMs ?? 0);
  const advice = fitting
    ? `choose the timeframe ${fitting}, which matches them, or supply ${timeframe} bars`
    : `supply ${timeframe} bars`;
  throw new InputError({
    message:
      `The bars of ${source} are mostly ${describeGap(typical)} apart, but ${timeframe} bars are ${nominal} apart. ` +
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
