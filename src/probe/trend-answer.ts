// Which way a Trend agent's report says the trend runs: its prompt asks it to begin with one line, "Trend: upward",
// "Trend: downward" or "Trend: sideways", and the first such line is its answer (markdown emphasis and a dash for the
// colon allowed: "**Trend:** upward", "Trend - sideways"). A report without one gives no answer, which the probe
// scores as a miss: the agent was asked for it. Pure.
import type { TrendDirection } from "./shapes/probe-series";

const TREND_LINE = /trend\W{0,6}?\s*[:\-–—]\s*[*_\s]*(upward|downward|sideways)\b/i;

export function trendAnswer(report: string): TrendDirection | null {
  const found = TREND_LINE.exec(report);
  return found ? (found[1]!.toLowerCase() as TrendDirection) : null;
}
