// How long a number of bars lasts at a timeframe, in words: "12 hours" for 3 bars of 4h, "3 days" for 3 bars of
// 1d. The Decision agent is told its horizon this way, so a model never has to multiply bar lengths itself.
import type { Timeframe } from "./timeframes";

type SpanUnit = "minute" | "hour" | "day" | "week" | "month";

/** One bar's nominal length as a count of a calendar unit (months vary in days, so they are their own unit). */
function barLength(timeframe: Timeframe): { count: number; unit: SpanUnit } {
  switch (timeframe) {
    case "1m":
      return { count: 1, unit: "minute" };
    case "5m":
      return { count: 5, unit: "minute" };
    case "15m":
      return { count: 15, unit: "minute" };
    case "30m":
      return { count: 30, unit: "minute" };
    case "1h":
      return { count: 1, unit: "hour" };
    case "4h":
      return { count: 4, unit: "hour" };
    case "1d":
      return { count: 1, unit: "day" };
    case "1w":
      return { count: 1, unit: "week" };
    case "1mo":
      return { count: 1, unit: "month" };
    default: {
      const exhaustive: never = timeframe;
      return exhaustive;
    }
  }
}

/**
 * "45 minutes", "90 minutes", "2 hours", "12 hours", "3 days", "3 weeks", "3 months". Minutes become hours only
 * when they make whole hours, so a span is always exact. Days are bars of the market's days (a daily bar of an
 * equity is a trading day), which is what a trader means by "the next 3 days" on a daily chart.
 */
export function describeBarSpan(timeframe: Timeframe, bars: number): string {
  const { count, unit } = barLength(timeframe);
  let amount = count * bars;
  let spanUnit: SpanUnit = unit;
  if (spanUnit === "minute" && amount >= 60 && amount % 60 === 0) {
    amount /= 60;
    spanUnit = "hour";
  }
  return `${amount} ${spanUnit}${amount === 1 ? "" : "s"}`;
}

/** One bar's length as an adjective: "5-minute", "1-hour", "4-hour", "1-day", "1-week", "1-month". */
export function describeBarLength(timeframe: Timeframe): string {
  const { count, unit } = barLength(timeframe);
  return `${count}-${unit}`;
}

/** "next 3 bars (12 hours)": the forecast horizon as the decision record states it. */
export function describeHorizon(timeframe: Timeframe, bars: number): string {
  return `next ${bars} bar${bars === 1 ? "" : "s"} (${describeBarSpan(timeframe, bars)})`;
}
