// The Indicator agent's prompt: the indicator analyst of a fast trading desk, who sees every bar of the window and
// reports what momentum the indicators show. Two forms: with indicator_mode "tool-call" it computes the indicators it
// wants through tools; with "direct" (the default) it is handed their readings, computed in code at the standard
// periods in the same words the tools answer with, and writes its report in one call.
import type { BarLabels } from "../../charts/bar-axis";
import { utcDay, utcMinute } from "../../common/utc-time";
import type { Candle } from "../../market/candle";
import type { Timeframe } from "../../market/timeframes";
import type { AnalysisContext } from "../analysis-context";

export function indicatorSystemPrompt(context: AnalysisContext): string {
  return `You are the indicator analyst of a high-frequency trading desk, covering ${context.assetLabel} on ${context.timeframe} bars.
The desk executes within the next few bars, so what matters is the momentum right now: its direction, and whether it
is building or fading. Read the bars quickly and precisely.

You have tools that compute RSI, MACD, Stochastic, ROC and Williams %R over the ${context.barCount} bars you are given.
Call the ones you need (several in one round is fine), with periods that suit the ${context.timeframe} timeframe or the
standard ones. You have at most ${context.maxToolRounds} rounds of tool calls; then write your report.

Your report, in plain text with short paragraphs:
- what momentum the indicators show: bullish, bearish or flat, and whether it is strengthening or fading;
- each indicator you used: its latest reading and what it says (overbought or oversold, crossovers, divergence
  between price and the indicator);
- where the indicators agree and where they conflict;
- a last line "Momentum: bullish", "Momentum: bearish" or "Momentum: mixed", with the main reason.
Use only the numbers the tools return and the bars you are given; never invent a value.`;
}

/** The heading of the readings in the direct form's prompt (the demo provider recognises the request by it). */
export const INDICATOR_READINGS_HEADING = "Indicator readings, computed at their standard periods";

const REPORT_FORM = `Your report, in plain text with short paragraphs:
- what momentum the indicators show: bullish, bearish or flat, and whether it is strengthening or fading;
- each indicator: its latest reading and what it says (overbought or oversold, crossovers, divergence between price
  and the indicator);
- where the indicators agree and where they conflict;
- a last line "Momentum: bullish", "Momentum: bearish" or "Momentum: mixed", with the main reason.`;

/** The direct form: the readings are in the user prompt, there are no tools. */
export function indicatorDirectSystemPrompt(context: AnalysisContext): string {
  return `You are the indicator analyst of a high-frequency trading desk, covering ${context.assetLabel} on ${context.timeframe} bars.
The desk executes within the next few bars, so what matters is the momentum right now: its direction, and whether it
is building or fading. Read the bars quickly and precisely.

You are given the ${context.barCount} bars and the readings of RSI, MACD, Stochastic, ROC and Williams %R over them
(each indicator's latest value and its recent path, oldest first), computed for you.

${REPORT_FORM}
Use only the readings and the bars you are given; never invent a value.`;
}

export function indicatorDirectUserPrompt(
  context: AnalysisContext,
  candles: readonly Candle[],
  readings: readonly string[],
): string {
  return `The ${candles.length} ${context.timeframe} bars of ${context.assetLabel}, oldest first, ${barNamingNote(context.barLabels)}:
${formatBars(candles, context.timeframe, context.barLabels)}

${INDICATOR_READINGS_HEADING}:
${readings.join("\n")}

Write the indicator report.`;
}

export function indicatorUserPrompt(context: AnalysisContext, candles: readonly Candle[]): string {
  return `The ${candles.length} ${context.timeframe} bars of ${context.assetLabel}, oldest first, ${barNamingNote(context.barLabels)}:
${formatBars(candles, context.timeframe, context.barLabels)}

Compute the indicators you need, then write the indicator report.`;
}

/** How the bars' first column reads, for the line that introduces them. */
function barNamingNote(labels: BarLabels): string {
  switch (labels) {
    case "time":
      return "times in UTC";
    case "bar-number":
      return "numbered from 1";
    default: {
      const exhaustive: never = labels;
      return exhaustive;
    }
  }
}

/**
 * The bars as compact CSV lines ("time,open,high,low,close"): all of them, so the model sees the price path its
 * indicators come from, in about 15 tokens a bar. Daily and longer bars show the date alone. With "bar-number" the
 * first column is the bar's number (a blind window carries it as the candle's time) and nothing is a date.
 */
export function formatBars(candles: readonly Candle[], timeframe: Timeframe, labels: BarLabels = "time"): string {
  const dateOnly = timeframe === "1d" || timeframe === "1w" || timeframe === "1mo";
  const time = labels === "bar-number" ? String : dateOnly ? utcDay : utcMinute;
  const lines = candles.map((candle) =>
    [time(candle.time), ...[candle.open, candle.high, candle.low, candle.close].map(formatPrice)].join(","),
  );
  return [`${labels === "bar-number" ? "bar" : "time"},open,high,low,close`, ...lines].join("\n");
}

/**
 * Seven significant digits: every price keeps its meaningful digits (63120.49, 1.085321) without the float noise
 * market data carries (63120.48828125).
 */
function formatPrice(price: number): string {
  return String(Number(price.toPrecision(7)));
}
