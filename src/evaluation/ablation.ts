// An ablation: two evaluation runs on the same decision points, one with a change (a plugin, an optional stage) and
// one without, put side by side. Per point the two directives and whether they agree; per horizon the agents'
// accuracy in each run with its Wilson interval, and the exact paired test of the two runs on the points both scored
// (ablation-paired.ts). Pure: built from the two results, shown as markdown in a notebook or written by the CLI.
import { InputError } from "../common/input-error";
import { markdownTable } from "../reports/report-markdown";
import { type AblationPairedTest, ablationPairedTests } from "./ablation-paired";
import { horizonLabel, scoredHorizons } from "./evaluation-protocol";
import type { EvaluationResult } from "./evaluation-result";
import { ALL_ASSETS, findScore } from "./score-evaluation";

export interface AblationLabels {
  /** The run without the change; default "without". */
  baseline?: string;
  /** The run with it; default "with". */
  variant?: string;
}

export interface Ablation {
  points: { id: string; baseline: string; variant: string; agree: boolean }[];
  /** Points where both runs have a directive. */
  compared: number;
  agreements: number;
  accuracy: { horizon: string; baseline: string; variant: string }[];
  /** Per scored horizon, the exact McNemar test of baseline (a) against variant (b). */
  paired: (AblationPairedTest & { label: string })[];
}

function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? "n/a" : `${(value * 100).toFixed(1)}%`;
}

function accuracyCell(result: EvaluationResult, horizon: ReturnType<typeof scoredHorizons>[number]): string {
  const row = findScore(result.scores, { asset: ALL_ASSETS, method: "agents", horizon });
  if (!row) return "n/a";
  return `${percent(row.accuracy)} [${percent(row.interval?.low)}–${percent(row.interval?.high)}] (${row.scored})`;
}

export function compareEvaluations(baseline: EvaluationResult, variant: EvaluationResult): Ablation {
  const variantPoints = new Map(variant.points.map((point) => [point.id, point]));
  if (
    baseline.points.length !== variant.points.length ||
    baseline.points.some((point) => !variantPoints.has(point.id))
  ) {
    throw new InputError({
      message: "An ablation needs two runs on the same decision points (same assets, windows and protocol)",
    });
  }
  const points = baseline.points.map((point) => {
    const other = variantPoints.get(point.id);
    const left = point.decision ?? (point.error ? "failed" : "none");
    const right = other?.decision ?? (other?.error ? "failed" : "none");
    return {
      id: point.id,
      baseline: left,
      variant: right,
      agree: point.decision !== undefined && point.decision === other?.decision,
    };
  });
  const horizons = scoredHorizons(baseline.settings.protocol, baseline.settings.horizons);
  const compared = baseline.points.filter(
    (point) => point.decision !== undefined && variantPoints.get(point.id)?.decision !== undefined,
  ).length;
  return {
    points,
    compared,
    agreements: points.filter((point) => point.agree).length,
    accuracy: horizons.map((horizon) => ({
      horizon: horizonLabel(horizon, baseline.settings.horizons),
      baseline: accuracyCell(baseline, horizon),
      variant: accuracyCell(variant, horizon),
    })),
    paired: ablationPairedTests(baseline, variant, horizons).map((test) => ({
      ...test,
      label: horizonLabel(test.horizon, baseline.settings.horizons),
    })),
  };
}

/** "0.0312", or "< 0.0001": enough digits to read against 5%. */
function formatPValue(value: number): string {
  return value < 0.0001 ? "< 0.0001" : value.toFixed(4);
}

/** The ablation as two markdown tables: accuracy per horizon, then the directives point by point. */
export function ablationMarkdown(
  baseline: EvaluationResult,
  variant: EvaluationResult,
  labels: AblationLabels = {},
): string {
  const without = labels.baseline ?? "without";
  const withChange = labels.variant ?? "with";
  const ablation = compareEvaluations(baseline, variant);
  const accuracy = markdownTable({
    header: ["Horizon", `Agents ${without}`, `Agents ${withChange}`],
    rows: ablation.accuracy.map((row) => [row.horizon, row.baseline, row.variant]),
  });
  const paired = markdownTable({
    header: [
      "Horizon",
      "Samples both scored",
      `Hits ${without}`,
      `Hits ${withChange}`,
      `Only ${without} right`,
      `Only ${withChange} right`,
      "p (exact McNemar)",
    ],
    rows: ablation.paired.map((test) => [
      test.label,
      String(test.n),
      String(test.aHits),
      String(test.bHits),
      String(test.aOnly),
      String(test.bOnly),
      formatPValue(test.pValue),
    ]),
  });
  const verdicts = ablation.paired.map((test) => {
    if (test.aOnly + test.bOnly === 0) return `${test.label}: no sample tells the two runs apart.`;
    const better = test.bOnly > test.aOnly ? withChange : test.aOnly > test.bOnly ? without : undefined;
    const significance = test.pValue < 0.05 ? "significant at 5%" : "not significant at 5%";
    return better === undefined
      ? `${test.label}: as many samples go each way (p = ${formatPValue(test.pValue)}).`
      : `${test.label}: ${better} is right more often on the samples where the runs differ (${Math.max(test.aOnly, test.bOnly)} to ${Math.min(test.aOnly, test.bOnly)}), ${significance} (p = ${formatPValue(test.pValue)}).`;
  });
  const points = markdownTable({
    header: ["Decision point", without, withChange, "Same"],
    rows: ablation.points.map((point) => [point.id, point.baseline, point.variant, point.agree ? "yes" : "no"]),
  });
  return [
    `The same directive on ${ablation.agreements} of ${ablation.compared} points analysed by both runs.`,
    accuracy,
    `Paired test on the same samples (exact McNemar: only the samples where one run was right and the other wrong count):`,
    paired,
    verdicts.join(" "),
    points,
  ].join("\n\n");
}
