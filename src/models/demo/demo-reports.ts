// The demo provider's three analyst reports: fixed sentences with the numbers of the analysis at hand filled in, so a
// first run without a key still shows real values of its window. Pure functions of the text the agents send.
//
// Indicator: the five indicator tools' latest values (the demo calls every tool, the agent runs them, and the report
// reads their results). Trend: the fitted lines' values and slopes the Trend agent's prompt states. Pattern: the demo
// cannot see the chart image, and says so rather than name a pattern.
import { DEMO_LABEL } from "../../config/providers";
import { DEMO_RULE_TEXT, demoRuling, formatNumber } from "./demo-rule";

/** A number as the tools and prompts print it: 56.21, -0.0012, 1.5e-7, 63120.5. */
const NUMBER = String.raw`-?\d+(?:\.\d+)?(?:e[-+]?\d+)?`;

/** "RSI(14)" -> 56.21, from tool results such as "RSI(14): latest 56.21; last 12 values, ...". */
export function latestToolValues(toolResults: readonly string[]): Map<string, number> {
  const values = new Map<string, number>();
  const pattern = new RegExp(`^([^\\n:]+): latest (${NUMBER})`, "gm");
  for (const result of toolResults) {
    for (const match of result.matchAll(pattern)) {
      const [, name, value] = match;
      if (name !== undefined && value !== undefined) values.set(name.trim(), Number(value));
    }
  }
  return values;
}

function find(values: Map<string, number>, test: (name: string) => boolean): [string, number] | undefined {
  return [...values.entries()].find(([name]) => test(name));
}

/** A reading's meaning in a few words, for the indicators that have overbought and oversold levels. */
function zone(value: number, low: number, high: number): string {
  if (value >= high) return `overbought (${high} or more)`;
  if (value <= low) return `oversold (${low} or less)`;
  return `between ${low} and ${high}`;
}

export function demoIndicatorReport(toolResults: readonly string[]): string {
  const values = latestToolValues(toolResults);
  const rsi = find(values, (name) => /^RSI\(/.test(name));
  const histogram = find(values, (name) => /^MACD\(.*\) histogram$/.test(name));
  const macdLine = find(values, (name) => /^MACD\(.*\) line$/.test(name));
  const signal = find(values, (name) => /^MACD\(.*\) signal$/.test(name));
  const stochasticK = find(values, (name) => /^Stochastic\(.*\) %K$/.test(name));
  const stochasticD = find(values, (name) => /^Stochastic\(.*\) %D$/.test(name));
  const roc = find(values, (name) => /^ROC\(/.test(name));
  const williams = find(values, (name) => /^Williams %R/.test(name));

  const lines: string[] = [];
  if (rsi) lines.push(`${rsi[0]}: ${formatNumber(rsi[1])}, ${zone(rsi[1], 30, 70)}.`);
  if (histogram) {
    const side = histogram[1] > 0 ? "above zero" : histogram[1] < 0 ? "below zero" : "at zero";
    const detail = macdLine && signal ? ` (line ${formatNumber(macdLine[1])}, signal ${formatNumber(signal[1])})` : "";
    lines.push(`${histogram[0]}: ${formatNumber(histogram[1])}${detail}, ${side}.`);
  }
  if (stochasticK && stochasticD)
    lines.push(
      `Stochastic %K ${formatNumber(stochasticK[1])} and %D ${formatNumber(stochasticD[1])}: %K ${zone(stochasticK[1], 20, 80)}.`,
    );
  if (roc)
    lines.push(`${roc[0]}: ${formatNumber(roc[1])}, the close ${roc[1] >= 0 ? "rose" : "fell"} over the look-back.`);
  if (williams) lines.push(`${williams[0]}: ${formatNumber(williams[1])}, ${zone(williams[1], -80, -20)}.`);

  const momentum =
    rsi && histogram
      ? (() => {
          const ruling = demoRuling({ rsi: rsi[1], macdHistogram: histogram[1] });
          return `Momentum: ${ruling.directive === "LONG" ? "bullish" : "bearish"} by the demo's rule (${ruling.reason}).`;
        })()
      : "Momentum: mixed (the tools gave no RSI or MACD value to apply the demo's rule to).";
  return [
    `${DEMO_LABEL}. No language model wrote this report: the demo provider fills a fixed text with the values the indicator tools computed for this window.`,
    lines.join("\n"),
    `The demo's rule: ${DEMO_RULE_TEXT}.`,
    momentum,
  ]
    .filter((paragraph) => paragraph !== "")
    .join("\n\n");
}

/** The numbers after `label` on the prompt's line that starts with it, in order. */
function numbersAfter(prompt: string, label: string): number[] {
  const line = prompt.split("\n").find((candidate) => candidate.startsWith(label));
  if (line === undefined) return [];
  return [...line.slice(label.length).matchAll(new RegExp(NUMBER, "g"))].map((match) => Number(match[0]));
}

export function demoTrendReport(prompt: string): string {
  const [supportSlope, resistanceSlope] = numbersAfter(prompt, "Slopes in price per bar:");
  const [closeSupport, closeResistance, , , lastClose] = numbersAfter(prompt, "Values at the latest bar:");
  if (supportSlope === undefined || resistanceSlope === undefined) {
    return `${DEMO_LABEL}. Trend: sideways\n\nThe demo provider found no trendline slopes in the request, so it states no direction.`;
  }
  const direction =
    supportSlope > 0 && resistanceSlope > 0
      ? "upward"
      : supportSlope < 0 && resistanceSlope < 0
        ? "downward"
        : "sideways";
  const spacing =
    Math.abs(supportSlope - resistanceSlope) < 1e-12
      ? "parallel"
      : resistanceSlope > supportSlope
        ? "diverging"
        : "converging";
  const position =
    closeSupport !== undefined && closeResistance !== undefined && lastClose !== undefined
      ? `The latest close, ${formatNumber(lastClose)}, sits between support at ${formatNumber(closeSupport)} and resistance at ${formatNumber(closeResistance)}.`
      : "";
  return [
    `Trend: ${direction}`,
    `${DEMO_LABEL}. No language model read the chart: the demo provider states the fitted lines' numbers and calls the trend from the signs of their slopes (both rising: upward; both falling: downward; otherwise sideways).`,
    `The close-based support line moves ${formatNumber(supportSlope)} per bar and the resistance line ${formatNumber(resistanceSlope)} per bar: the lines are ${spacing}. ${position}`.trim(),
  ].join("\n\n");
}

export function demoPatternReport(prompt: string): string {
  const bars = /the last (\d+) /.exec(prompt)?.[1];
  return [
    `${DEMO_LABEL}. No clear pattern.`,
    `The demo provider does not look at images, so it cannot tell which classic pattern the chart${bars ? ` of the last ${bars} bars` : ""} shows, and names none. A provider with a vision model (OpenAI, Anthropic or Qwen) reads the chart.`,
  ].join("\n\n");
}

/** For any request the demo has no script for (a plugin analyst's own question, a key check). */
export function demoOtherAnswer(): string {
  return `${DEMO_LABEL}. The demo provider answers with fixed text and has no script for this question. Choose a real provider in Settings for a model's answer.`;
}
