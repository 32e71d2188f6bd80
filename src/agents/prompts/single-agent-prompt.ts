// The single agent's prompt (agents "single"): one vision model reads what the four agents share out among them, the
// pattern chart, the trend chart with its lines and the indicator readings, and gives the order itself as the
// decision record. It is the baseline of the team: an ablation of the two says whether the team is worth its calls.
import type { UserContent } from "../../llm/chat-model";
import { describeBarSpan, describeHorizon } from "../../market/bar-span";
import type { AnalysisContext } from "../analysis-context";
import type { TrendlineSummary } from "../trend-summary";
import { decisionRecordForm } from "./decision-prompt";
import { INDICATOR_READINGS_HEADING } from "./indicator-prompt";
import { classicPatterns, patternChartDescription } from "./pattern-prompt";
import { trendChartDescription } from "./trend-prompt";

export function singleAgentSystemPrompt(context: AnalysisContext): string {
  const bars = context.horizonBars;
  const span = describeBarSpan(context.timeframe, bars);
  return `You are the trader of a high-frequency trading desk, working the ${context.timeframe} chart of ${context.assetLabel} alone.
Issue an immediate execution order, LONG or SHORT, for the next ${bars} bar${bars === 1 ? "" : "s"}: ${span} at ${context.timeframe}.
Holding or staying flat is not an option: the desk must take one side.

You are given two charts of the same bars and the momentum indicators' readings. Read all three, then decide:
1. Patterns (the first chart): act only on a classic pattern (${classicPatterns.map((pattern) => pattern.name).join(", ")}) that is clearly formed and whose breakout or breakdown is already under way.
2. Trend (the second chart): the slopes of the support and resistance lines, where price sits between them, and
   whether it bounces off a line, breaks through it or compresses between converging lines. Converging lines say that
   price will move, not which way: take a direction only from a confirmed break.
3. Momentum (the readings): MACD crossovers, RSI or Stochastic at extremes or diverging from price and a strong rate
   of change outweigh weak or mixed readings.
4. The strongest case is all three pointing the same way; when they conflict, or price consolidates, follow the slope
   of the dominant trendline.
5. Set risk_reward_ratio between 1.2 and 1.8 from the distance to the next support or resistance your way against the
   distance to the level that would prove the order wrong, and how volatile the recent bars are.
6. Set confidence to your probability, from 0.5 to 1, that the price will have moved your way at the end of the
   horizon, calibrated: of all orders given 0.7, about seven in ten should turn out right.

${decisionRecordForm(describeHorizon(context.timeframe, bars), "the charts and the readings")}`;
}

/** The user message: the readings and each chart, described, with its image. */
export function singleAgentUserContent(
  context: AnalysisContext,
  input: { readings: readonly string[]; lines: TrendlineSummary; charts: { pattern: Buffer; trend: Buffer } },
): UserContent {
  return [
    { type: "text", text: `First chart. ${patternChartDescription(context)}` },
    { type: "image", mediaType: "image/png", data: input.charts.pattern.toString("base64") },
    { type: "text", text: `Second chart. ${trendChartDescription(context, input.lines)}` },
    { type: "image", mediaType: "image/png", data: input.charts.trend.toString("base64") },
    {
      type: "text",
      text: `${INDICATOR_READINGS_HEADING}:\n${input.readings.join("\n")}\n\nGive your order as the JSON object.`,
    },
  ];
}
