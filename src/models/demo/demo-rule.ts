// The demo provider's one stated rule, shared by its indicator report (the "Momentum:" line) and its decision, so the
// two always agree: RSI(14) at an extreme decides against the move (70 or more: SHORT, 30 or less: LONG); otherwise
// the sign of the MACD histogram decides (above zero: LONG, below: SHORT); a histogram of exactly zero leaves it to
// RSI's side of 50. Pure: the same numbers always give the same directive.
import type { Directive } from "../../agents/decision-record";

export interface DemoRuleInput {
  rsi: number;
  macdHistogram: number;
}

export interface DemoRuling {
  directive: Directive;
  /** One sentence naming the numbers that decided, for the report and the justification. */
  reason: string;
}

export const RSI_OVERBOUGHT = 70;
export const RSI_OVERSOLD = 30;

/** The rule in words, as the README and the demo's justification state it. */
export const DEMO_RULE_TEXT =
  `RSI(14) at ${RSI_OVERBOUGHT} or above means SHORT and at ${RSI_OVERSOLD} or below means LONG; ` +
  "otherwise the MACD histogram decides: above zero LONG, below zero SHORT";

export function demoRuling(input: DemoRuleInput): DemoRuling {
  const rsi = formatNumber(input.rsi);
  const histogram = formatNumber(input.macdHistogram);
  if (input.rsi >= RSI_OVERBOUGHT)
    return { directive: "SHORT", reason: `RSI(14) is ${rsi}, overbought (${RSI_OVERBOUGHT} or more)` };
  if (input.rsi <= RSI_OVERSOLD)
    return { directive: "LONG", reason: `RSI(14) is ${rsi}, oversold (${RSI_OVERSOLD} or less)` };
  const neutral = `RSI(14) is ${rsi}, between ${RSI_OVERSOLD} and ${RSI_OVERBOUGHT}, so the MACD histogram decides`;
  if (input.macdHistogram > 0) return { directive: "LONG", reason: `${neutral}: ${histogram} is above zero` };
  if (input.macdHistogram < 0) return { directive: "SHORT", reason: `${neutral}: ${histogram} is below zero` };
  return {
    directive: input.rsi > 50 ? "LONG" : "SHORT",
    reason: `${neutral}, but it is exactly zero, so RSI's side of 50 does`,
  };
}

/** Four significant digits, as the indicator tools print them. */
export function formatNumber(value: number): string {
  return Math.abs(value) >= 1000 ? value.toFixed(1) : String(Number(value.toPrecision(4)));
}
