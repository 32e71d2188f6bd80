// The Pattern agent's prompts: the dispatch step (ask for the chart, with chart_dispatch "tool-call") and the vision
// step (read it against the sixteen classic patterns of the replaced system, each described by what it looks like).
import { chartColors, colorName } from "../../charts/chart-style";
import type { AnalysisContext } from "../analysis-context";

/** The sixteen patterns the chart is compared with, each with the shape that identifies it on a chart. */
export const classicPatterns = [
  {
    name: "Inverse Head and Shoulders",
    looks:
      "three troughs, the middle one the deepest and the outer two near one level, under a neckline; bullish once price closes above the neckline",
  },
  {
    name: "Double Bottom",
    looks: "two troughs at about the same price with a peak between them, a W; bullish once price clears that peak",
  },
  { name: "Rounded Bottom", looks: "a slow, even decline that flattens out and turns into a slow rise, a bowl or U" },
  { name: "Hidden Base", looks: "a flat, narrow sideways stretch that price suddenly leaves with a strong move up" },
  {
    name: "Falling Wedge",
    looks: "highs and lows both falling while the range between them narrows; usually resolves upwards",
  },
  {
    name: "Rising Wedge",
    looks: "highs and lows both rising while the range between them narrows; usually resolves downwards",
  },
  {
    name: "Ascending Triangle",
    looks: "a flat ceiling of equal highs above a floor of rising lows; usually breaks upwards",
  },
  {
    name: "Descending Triangle",
    looks: "a flat floor of equal lows below a ceiling of falling highs; usually breaks downwards",
  },
  {
    name: "Bullish Flag",
    looks: "a steep rise (the pole), then a short, shallow drift down in a narrow channel before the rise resumes",
  },
  {
    name: "Bearish Flag",
    looks: "a steep fall (the pole), then a short, shallow drift up in a narrow channel before the fall resumes",
  },
  { name: "Rectangle", looks: "price swinging back and forth between a flat ceiling and a flat floor" },
  {
    name: "Island Reversal",
    looks: "a group of bars cut off from the bars on both sides by price gaps, one gap each way",
  },
  {
    name: "V-shaped Reversal",
    looks: "a sharp fall that turns at once into a sharp rise, or the reverse, with no base in between",
  },
  {
    name: "Rounded Top or Rounded Bottom",
    looks: "a gradual arc as the trend slowly turns: a dome at a top, a bowl at a bottom",
  },
  {
    name: "Expanding Triangle",
    looks: "each high higher and each low lower than the last, the range widening; swings without direction",
  },
  {
    name: "Symmetrical Triangle",
    looks: "falling highs and rising lows converging towards an apex; a breakout usually follows, in either direction",
  },
] as const;

export function patternDispatchPrompt(context: AnalysisContext): string {
  return `You are the chart-pattern analyst of a high-frequency trading desk, covering ${context.assetName} on the ${context.timeframe} timeframe.
To see the price action, call the tool generate_pattern_chart, which draws a candlestick chart of the last
${context.patternBars} bars. Call it now.`;
}

/** The pattern chart as its reader is told of it: the bars and the candles' colours. */
export function patternChartDescription(context: AnalysisContext): string {
  const up = colorName(chartColors.upCandle);
  const down = colorName(chartColors.downCandle);
  return `This candlestick chart shows the last ${context.patternBars} ${context.timeframe} bars of ${context.assetLabel}: ${up} candles closed higher than they opened, ${down} ones lower.`;
}

export function patternVisionPrompt(context: AnalysisContext): string {
  return `You are the chart-pattern analyst of a high-frequency trading desk.
${patternChartDescription(context)}
Compare it with these classic patterns:
${classicPatterns.map((pattern, index) => `${index + 1}. ${pattern.name}: ${pattern.looks}.`).join("\n")}

Write a pattern report in plain text:
- each pattern the chart clearly matches: where it sits on the chart (which bars), how complete it is, and the
  price level whose break would confirm it;
- whether that breakout or breakdown is already under way, or the pattern is still forming;
- what the patterns together imply for the next few bars: bullish, bearish or neutral.
Name a pattern only when its shape is clearly formed. When no pattern is clearly formed, say so plainly
("No clear pattern") rather than forcing a match; a half-formed shape may be mentioned as forming, no more.`;
}
