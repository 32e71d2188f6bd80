// An ablation is any two runs on the same points: a, the run without a change (a plugin, a stage, the team), and b,
// the run with it. Each point's two directives side by side, and the exact paired test of the scoring core (McNemar)
// of their hits on the points both scored, as a markdown table with a sentence saying which run was right more often
// where they differ. The evaluation's and the backtest's ablations are this on their own points. Pure.
import { markdownTable } from "../reports/report-markdown";
import type { Directive } from "../scoring/directive";
import type { PairedTest } from "../scoring/paired-test";

/** A point of one run as an ablation reads it: its directive, or the error that left it without one. */
type AblationSide = { directive?: Directive | undefined; error?: string | undefined } | undefined;

/** Each point's two directives ("failed" or "none" without one), whether they agree, and how many both have. */
export function pairDirectives(a: readonly AblationSide[], b: readonly AblationSide[]) {
  const label = (side: AblationSide) => side?.directive ?? (side?.error ? "failed" : "none");
  const pairs = a.map((side, index) => ({
    a: label(side),
    b: label(b[index]),
    agree: side?.directive !== undefined && side.directive === b[index]?.directive,
  }));
  return {
    pairs,
    compared: a.filter((side, index) => side?.directive !== undefined && b[index]?.directive !== undefined).length,
    agreements: pairs.filter((pair) => pair.agree).length,
  };
}

/** "0.0312", or "< 0.0001": enough digits to read against 5%. */
export const pValueText = (value: number) => (value < 0.0001 ? "< 0.0001" : value.toFixed(4));

/** The paired tests as one table (a test's label first when it has one): both runs' hits and the p-value. */
export function pairedTestTable(
  first: readonly string[],
  tests: readonly (PairedTest & { label?: string })[],
  names: { a: string; b: string },
): string {
  return markdownTable({
    header: [
      ...first,
      `Hits ${names.a}`,
      `Hits ${names.b}`,
      `Only ${names.a} right`,
      `Only ${names.b} right`,
      "p (exact McNemar)",
    ],
    rows: tests.map((test) =>
      [
        ...(test.label === undefined ? [] : [test.label]),
        ...[test.n, test.aHits, test.bHits, test.aOnly, test.bOnly].map(String),
      ].concat(pValueText(test.pValue)),
    ),
  });
}

/**
 * Which run was right more often on the points where they differ, and whether that is significant at 5%:
 * "with is right more often on the samples where the runs differ (8 to 2), not significant at 5% (p = 0.1094)."
 */
export function pairedVerdict(test: PairedTest, names: { a: string; b: string }, unit: string): string {
  if (test.aOnly + test.bOnly === 0) return `no ${unit} tells the two runs apart.`;
  const better = test.bOnly > test.aOnly ? names.b : test.aOnly > test.bOnly ? names.a : undefined;
  const p = `(p = ${pValueText(test.pValue)})`;
  return better === undefined
    ? `as many ${unit}s go each way ${p}.`
    : `${better} is right more often on the ${unit}s where the runs differ (${Math.max(test.aOnly, test.bOnly)} to ${Math.min(test.aOnly, test.bOnly)}), ${test.pValue < 0.05 ? "significant" : "not significant"} at 5% ${p}.`;
}
