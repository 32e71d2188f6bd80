// An ablation: two evaluation runs on the same decision points, one with a change (a plugin) and one without, put
// side by side. Per point the two directives and whether they agree; per horizon the agents' accuracy in each run
// with its Wilson interval. Pure: built from the two results, shown as markdown in a notebook.
import { InputError } from "../common/input-error";
import { markdownTable } from "../reports/report-markdown";
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
  const compared = baseline.points.filter(
    (point) => point.decision !== undefined && variantPoints.get(point.id)?.decision !== undefined,
  ).length;
  return {
    points,
    compared,
    agreements: points.filter((point) => point.agree).length,
    accuracy: scoredHorizons(baseline.settings.protocol, baseline.settings.horizons).map((horizon) => ({
      horizon: horizonLabel(horizon, baseline.settings.horizons),
      baseline: accuracyCell(baseline, horizon),
      variant: accuracyCell(variant, horizon),
    })),
  };
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
  const points = markdownTable({
    header: ["Decision point", without, withChange, "Same"],
    rows: ablation.points.map((point) => [point.id, point.baseline, point.variant, point.agree ? "yes" : "no"]),
  });
  return [
    `The same directive on ${ablation.agreements} of ${ablation.compared} points analysed by both runs.`,
    accuracy,
    points,
  ].join("\n\n");
}
