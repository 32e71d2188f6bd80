// Where a fetch for an analysis window starts. A requested range may hold fewer bars than the window (a week of 4h
// bars, a month of daily bars): the analysis then reaches back before the requested start to fill the window, with
// one fetch whose start is moved back by enough calendar time to hold the whole window, never further back than the
// timeframe's lookback allows a range to be.
//
// How much calendar time holds N bars. Markets close: a US equity session is 6.5 hours of the day's 24, five days of
// seven; exchanges close for holidays (a long weekend, a week for the Lunar New Year); futures series have gaps
// around contract rolls. The rule counts the trading days N bars need at the shortest common session and adds a
// margin for closures:
// - intraday (1m to 4h): bars per 6.5-hour session (7 of 1h, 2 of 4h: the afternoon bar is short), trading days
//   times 7/5 for weekends, plus 4 days for a holiday weekend (a Tuesday after Easter Monday reaches back to Thursday);
// - 1d: N trading days times 7/5, plus 14 days for holidays and roll gaps over the two or three months it spans;
// - 1w: N weeks plus 2 (a week-long closure, the current partial week);
// - 1mo: N months of 31 days plus one more month.
// A 24-hour market (crypto) needs less than this; the surplus costs only rows in the one answer, and the window is
// cut from the end. Fetching once with a margin is cheaper and simpler than fetching again when a guess fell short.
import { DAY_MS, isIntraday, maxLookbackDays, type Timeframe, timeframeInfo } from "./timeframes";

const HOUR_MS = 3_600_000;
/** The shortest regular session the rule plans for (US equities, 09:30 to 16:00). */
const SESSION_MS = 6.5 * HOUR_MS;
const WEEK_PER_TRADING_WEEK = 7 / 5;

/** Calendar days that hold `bars` bars of the timeframe, closures included (the rule above). */
export function calendarDaysForBars(timeframe: Timeframe, bars: number): number {
  if (isIntraday(timeframe)) {
    const barMs = timeframeInfo(timeframe).barMs ?? HOUR_MS;
    const barsPerSession = Math.ceil(SESSION_MS / barMs);
    const tradingDays = Math.ceil(bars / barsPerSession);
    return Math.ceil(tradingDays * WEEK_PER_TRADING_WEEK) + 4;
  }
  switch (timeframe) {
    case "1d":
      return Math.ceil(bars * WEEK_PER_TRADING_WEEK) + 14;
    case "1w":
      return (bars + 2) * 7;
    case "1mo":
      return (bars + 1) * 31;
    default: {
      const exhaustive: never = timeframe;
      return exhaustive;
    }
  }
}

/**
 * The start to fetch from so that the window of `bars` bars ending at `end` can be filled: the requested start when
 * it already reaches back far enough, else earlier by the rule above, but never before `end` minus the timeframe's
 * lookback (the same limit a requested range is held to, so the moved range is one the market source accepts).
 */
export function windowFetchStart(options: { timeframe: Timeframe; start: Date; end: Date; bars: number }): Date {
  const endMs = options.end.getTime();
  const needed = endMs - calendarDaysForBars(options.timeframe, options.bars) * DAY_MS;
  const earliest = endMs - maxLookbackDays(options.timeframe) * DAY_MS;
  return new Date(Math.min(options.start.getTime(), Math.max(needed, earliest)));
}
