// The Trend agent's prompts: the dispatch step (ask for the trendline chart, with chart_dispatch "tool-call") and the
// vision step (read it). Which line is which comes from the trend chart's own line table and palette, so the words
// always match the image; the fitted values at the latest bar are given as numbers, which a model reads more surely
// than a line's height on a picture.
import { colorName } from "../../charts/chart-style";
import { TREND_LINE_STYLES, type TrendLineStyle } from "../../charts/trend-figure";
import type { AnalysisContext } from "../analysis-context";
import type { TrendlineSummary } from "../trend-summary";

export function trendDispatchPrompt(context: AnalysisContext): string {
  return `You are the trend analyst of a high-frequency trading desk, covering ${context.assetName} on the ${context.timeframe} timeframe.
To see the trend, call the tool generate_trend_chart, which draws a candlestick chart of the last ${context.barCount}
bars with fitted support and resistance trendlines. Call it now.`;
}

/** "blue solid line (legend "Support (close)"): support fitted to the closes". */
export function describeTrendLine(style: TrendLineStyle): string {
  const dash = style.dash === "solid" ? "solid" : "dashed";
  return `${colorName(style.color)} ${dash} line (legend "${style.legend}"): ${style.kind} fitted to the ${style.fittedTo}`;
}

/** The trend chart as its reader is told of it: the bars, the four lines and their values at the latest bar. */
export function trendChartDescription(context: AnalysisContext, lines: TrendlineSummary): string {
  const styles = TREND_LINE_STYLES;
  return `This candlestick chart shows the last ${context.barCount} ${context.timeframe} bars of ${context.assetLabel}, the candles drawn faint so the lines stand out. The lines:
${Object.values(styles)
  .map((style) => `- ${describeTrendLine(style)}`)
  .join("\n")}
A support line runs under every close (or low) it is fitted to and a resistance line over every close (or high).
Values at the latest bar: ${styles.closeSupport.legend} ${lines.closeSupport}, ${styles.closeResistance.legend} ${lines.closeResistance}, ${styles.lowSupport.legend} ${lines.lowSupport}, ${styles.highResistance.legend} ${lines.highResistance}; latest close ${lines.lastClose}.
Slopes in price per bar: ${styles.closeSupport.legend} ${lines.supportSlope}, ${styles.closeResistance.legend} ${lines.resistanceSlope}.`;
}

export function trendVisionPrompt(context: AnalysisContext, lines: TrendlineSummary): string {
  return `You are the trend analyst of a high-frequency trading desk.
${trendChartDescription(context, lines)}

Study how price interacts with the lines: do the candles bounce off a line, break through it, or compress between
the lines as they converge? Then write a trend report in plain text:
- begin with one line: "Trend: upward", "Trend: downward" or "Trend: sideways";
- the slope of each line and the spacing between them (converging, diverging, parallel), and where price sits;
- whether price is bouncing off, breaking through or compressing between the lines, and at which bars;
- the likely direction over the next few bars, with the signals behind it.`;
}
