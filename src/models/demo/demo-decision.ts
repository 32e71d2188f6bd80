// The demo provider's decision: the stated rule (demo-rule.ts) applied to the RSI and MACD histogram values that its
// own indicator report carries, answered as the decision record the Decision agent asks for. When the reports hold
// no such values (another analyst wrote them), the demo answers that it cannot decide: the agent's schema check then
// fails the analysis, as a decision is never made up.
import { DEMO_LABEL } from "../../config/providers";
import { DEMO_RULE_TEXT, demoRuling } from "./demo-rule";

const NUMBER = String.raw`-?\d+(?:\.\d+)?(?:e[-+]?\d+)?`;

/** The middle of the allowed 1.2 to 1.8: the demo reads no structure to set it from. */
export const DEMO_RISK_REWARD = 1.5;

/** A coin flip's: a scripted rule claims no knowledge of whether it is right. */
export const DEMO_CONFIDENCE = 0.5;

function valueOf(text: string, pattern: RegExp): number | undefined {
  const match = pattern.exec(text)?.[1];
  return match === undefined ? undefined : Number(match);
}

/** The horizon the Decision agent's system prompt asks for ("forecast_horizon": "next 3 bars (12 hours)"). */
function horizonOf(systemPrompt: string): string {
  return /"forecast_horizon": "([^"\n]+)"/.exec(systemPrompt)?.[1] ?? "the next few bars";
}

export function demoDecisionAnswer(systemPrompt: string, reports: string): string {
  const rsi = valueOf(reports, new RegExp(`^RSI\\(\\d+\\): (${NUMBER})`, "m"));
  const macdHistogram = valueOf(reports, new RegExp(`^MACD\\([^)\\n]*\\) histogram: (${NUMBER})`, "m"));
  if (rsi === undefined || macdHistogram === undefined) {
    return `${DEMO_LABEL}: the reports carry no RSI and MACD histogram values from the demo's indicator report, so the demo takes no decision.`;
  }
  const ruling = demoRuling({ rsi, macdHistogram });
  return JSON.stringify({
    forecast_horizon: horizonOf(systemPrompt),
    decision: ruling.directive,
    justification: `${DEMO_LABEL}. ${ruling.reason}, so ${ruling.directive}. The demo's rule: ${DEMO_RULE_TEXT}.`,
    risk_reward_ratio: DEMO_RISK_REWARD,
    confidence: DEMO_CONFIDENCE,
  });
}
