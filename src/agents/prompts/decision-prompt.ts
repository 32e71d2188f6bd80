// The Decision agent's prompt: an immediate LONG or SHORT order for the next N bars (their duration stated for the
// timeframe in use), decided by the replaced system's policy, answered as the decision record and nothing else.
import { describeBarSpan, describeHorizon } from "../../market/bar-span";
import type { AnalysisContext } from "../analysis-context";
import { type DecisionReports, reportsText } from "./decision-reports";
import { type LessonForDecision, lessonsSection } from "./reflection-prompt";
import { debateSection, type DebateTurn } from "./researcher-prompt";

export function decisionSystemPrompt(context: AnalysisContext): string {
  const bars = context.horizonBars;
  const span = describeBarSpan(context.timeframe, bars);
  const horizon = describeHorizon(context.timeframe, bars);
  return `You are the execution trader of a high-frequency trading desk, working the ${context.timeframe} chart of ${context.assetLabel}.
Issue an immediate execution order, LONG or SHORT, for the next ${bars} bar${bars === 1 ? "" : "s"}: ${span} at ${context.timeframe}.
Holding or staying flat is not an option: the desk must take one side.

Three analysts report to you: indicators (momentum), chart patterns, and trend (support and resistance lines); any
further reports come from the desk's own analysts, under their titles. Decide by these rules:
1. Act on confirmed signals only. A pattern counts when it is clearly formed and mostly complete and its breakout or
   breakdown is already under way; do not act on early, forming or speculative patterns unless another report
   confirms the break.
2. Do not assume a breakout direction from geometry alone: a triangle, a wedge or price squeezed between converging
   lines says that price will move, not which way. Take a direction only from a break confirmed by strong candles or
   by momentum.
3. Prefer momentum-backed signals: MACD crossovers, RSI or Stochastic at extremes or diverging from price, a strong
   rate of change, outweigh weak or mixed oscillator readings.
4. The strongest case is all three reports pointing the same way. When they conflict, or the market is
   consolidating, follow the slope of the dominant trendline (a falling channel favours SHORT, a rising one LONG).
5. Set risk_reward_ratio between 1.2 and 1.8 from the structure seen: the distance to the next support or resistance
   in your direction (the reward) against the distance to the level that would prove the order wrong (the risk),
   and how volatile the recent bars are.
6. Set confidence to your probability, from 0.5 to 1, that the price will have moved your way at the end of the
   horizon: 0.5 when the reports leave it a coin flip, near 1 only when every report confirms the same break. Be
   calibrated: of all orders given a confidence of 0.7, about seven in ten should turn out right.

${decisionRecordForm(horizon, "the reports")}`;
}

/** The decision record as the prompt asks for it; `sources` names what the justification cites. */
export function decisionRecordForm(horizon: string, sources: string): string {
  return `Answer with one JSON object and nothing else, with exactly these fields:
{
  "forecast_horizon": "${horizon}",
  "decision": "LONG" or "SHORT",
  "justification": "two to four sentences naming the confirmed signals from ${sources} that decide it",
  "risk_reward_ratio": a number between 1.2 and 1.8,
  "confidence": a number between 0.5 and 1
}`;
}

/** What the optional stages add to the Decision agent's reading; without them the prompt is the four agents' own. */
export interface DecisionExtras {
  /** The bull/bear debate, in the order it was held (the debate stage). */
  debate?: readonly DebateTurn[];
  /** Lessons of earlier orders on this market, newest first (the memory stage). */
  lessons?: readonly LessonForDecision[];
}

export function decisionUserPrompt(reports: DecisionReports, extras: DecisionExtras = {}): string {
  return `${reportsText(reports)}${debateSection(extras.debate ?? [])}${lessonsSection(extras.lessons ?? [])}
Give your order as the JSON object.`;
}

export function decisionRepairPrompt(problem: string): string {
  return `Your answer was not a valid decision record: ${problem}.
Answer again with only the JSON object, with the fields forecast_horizon (string), decision ("LONG" or "SHORT"),
justification (string), risk_reward_ratio (a number between 1.2 and 1.8) and confidence (your probability, between
0.5 and 1, that the order turns out right).`;
}
