// The demo provider's answers to the optional stages' agents: the bull and bear researchers of the debate and the
// memory stage's reviewer. Like its reports they are scripted from numbers the request carries (the RSI and MACD
// histogram of the demo's own indicator report, whether the order was right), so a demo with stages runs end to end
// with no key and no network, and says on every answer that no model wrote it. Pure.
import { DEMO_LABEL } from "../../config/providers";
import { demoRuling, formatNumber } from "./demo-rule";

const NUMBER = String.raw`-?\d+(?:\.\d+)?(?:e[-+]?\d+)?`;

function valueOf(text: string, pattern: RegExp): number | undefined {
  const match = pattern.exec(text)?.[1];
  return match === undefined ? undefined : Number(match);
}

/** The RSI and MACD histogram the demo's indicator report printed, when the text holds that report. */
function indicatorsIn(text: string): { rsi: number; macdHistogram: number } | undefined {
  const rsi = valueOf(text, new RegExp(`^RSI\\(\\d+\\): (${NUMBER})`, "m"));
  const macdHistogram = valueOf(text, new RegExp(`^MACD\\([^)\\n]*\\) histogram: (${NUMBER})`, "m"));
  return rsi === undefined || macdHistogram === undefined ? undefined : { rsi, macdHistogram };
}

/** Which side a researcher's system prompt asks for, or undefined when it is no researcher's. */
export function demoResearcherSide(systemPrompt: string): "bull" | "bear" | undefined {
  const side = /^You are the (bull|bear) researcher\b/.exec(systemPrompt)?.[1];
  return side === "bull" || side === "bear" ? side : undefined;
}

/** A researcher's turn: the demo's rule read for one side, ending with the line the prompt asks for. */
export function demoResearcherTurn(side: "bull" | "bear", reports: string): string {
  const direction = side === "bull" ? "LONG" : "SHORT";
  const closing = side === "bull" ? "Bull case:" : "Bear case:";
  const values = indicatorsIn(reports);
  if (values === undefined) {
    return `${DEMO_LABEL}. The reports carry no RSI or MACD histogram from the demo's indicator report, so this ${side} argument has nothing to stand on.\n${closing} none the demo can state.`;
  }
  const ruling = demoRuling(values);
  const agrees = ruling.directive === direction;
  const histogram = formatNumber(values.macdHistogram);
  return [
    `${DEMO_LABEL}. The ${side} side reads the same two numbers as the demo's rule: ${ruling.reason}.`,
    agrees
      ? `That favours ${direction}, and the MACD histogram at ${histogram} is the momentum behind it.`
      : `That points to ${ruling.directive}, against this side; the ${side} case rests only on the move turning before the horizon.`,
    `${closing} ${agrees ? `the rule itself says ${direction}.` : `a reversal the numbers do not show yet.`}`,
  ].join("\n");
}

/** Whether a JSON request is the memory stage's reviewer asking for a lesson. */
export function isLessonRequest(systemPrompt: string): boolean {
  return systemPrompt.includes('{"lesson":');
}

/** The reviewer's lesson, as the JSON object it asks for: right or wrong, said of the demo's rule. */
export function demoLessonAnswer(prompt: string): string {
  const right = /\((right|wrong)\)/.exec(prompt)?.[1];
  const verdict =
    right === "right"
      ? "The demo's rule called this one right"
      : right === "wrong"
        ? "The demo's rule called this one wrong"
        : "The outcome of this order is not in the prompt";
  return JSON.stringify({
    lesson: `${DEMO_LABEL}. ${verdict}; its RSI extremes and MACD histogram sign are a fixed rule, not a reading, so this lesson says nothing about a model.`,
  });
}
