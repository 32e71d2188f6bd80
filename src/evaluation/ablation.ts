// An ablation: two evaluation runs on the same decision points, one with a change (a plugin, an optional stage) and
// one without, put side by side. Per point the two directives and whether they agree; per horizon the agents'
// accuracy in each run with its Wilson interval, and the exact paired test of the two runs on the samples both scored
// (ablationPairedTests: each point's hit per horizon, three when the published protocol pools them; none without a
// directive or on a flat move the protocol leaves out). Pure: built from the two results, shown as markdown in a
// notebook or written by the CLI.
import { InputError } from "../common/input-error";
import { pairDirectives, pairedTestTable, pairedVerdict } from "../experiment/ablation";
import { markdownTable } from "../reports/report-markdown";
import { type PairedTest, pairedTest, type PointHit } from "../scoring/paired-test";
import { directiveHits, flatMovesOf, horizonLabel, scoredHorizons, type ScoreHorizon } from "./evaluation-protocol";
import type { EvaluationResult, PointRecord } from "./evaluation-result";
import { ALL_ASSETS, findScore } from "./score-evaluation";

export interface AblationPairedTest extends PairedTest {
  horizon: ScoreHorizon;
}

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
  const side = (point?: PointRecord) => ({ directive: point?.decision, error: point?.error });
  const { pairs, compared, agreements } = pairDirectives(
    baseline.points.map((point) => side(point)),
    baseline.points.map((point) => side(variantPoints.get(point.id))),
  );
  const horizons = scoredHorizons(baseline.settings.protocol, baseline.settings.horizons);
  return {
    points: pairs.map((pair, index) => ({
      id: baseline.points[index]!.id,
      baseline: pair.a,
      variant: pair.b,
      agree: pair.agree,
    })),
    compared,
    agreements,
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

/** The ablation as two markdown tables: accuracy per horizon, then the directives point by point. */
export function ablationMarkdown(
  baseline: EvaluationResult,
  variant: EvaluationResult,
  labels: AblationLabels = {},
): string {
  const names = { a: labels.baseline ?? "without", b: labels.variant ?? "with" };
  const ablation = compareEvaluations(baseline, variant);
  const accuracy = markdownTable({
    header: ["Horizon", `Agents ${names.a}`, `Agents ${names.b}`],
    rows: ablation.accuracy.map((row) => [row.horizon, row.baseline, row.variant]),
  });
  const points = markdownTable({
    header: ["Decision point", names.a, names.b, "Same"],
    rows: ablation.points.map((point) => [point.id, point.baseline, point.variant, point.agree ? "yes" : "no"]),
  });
  return [
    `The same directive on ${ablation.agreements} of ${ablation.compared} points analysed by both runs.`,
    accuracy,
    `Paired test on the same samples (exact McNemar: only the samples where one run was right and the other wrong count):`,
    pairedTestTable(["Horizon", "Samples both scored"], ablation.paired, names),
    ablation.paired.map((test) => `${test.label}: ${pairedVerdict(test, names, "sample")}`).join(" "),
    points,
  ].join("\n\n");
}

/**
 * `baseline` is a (the run without the change), `variant` b. Both must hold the same points (compareEvaluations
 * checks it); the variant's points are matched by id.
 */
export function ablationPairedTests(
  baseline: EvaluationResult,
  variant: EvaluationResult,
  horizons: readonly ScoreHorizon[],
): AblationPairedTest[] {
  const flatIsMiss = flatMovesOf(baseline.settings.protocol) === "miss";
  const variantPoints = new Map(variant.points.map((point) => [point.id, point]));
  return horizons.map((horizon) => {
    const a: PointHit[] = [];
    const b: PointHit[] = [];
    for (const point of baseline.points) {
      const other = variantPoints.get(point.id);
      const left = directiveHits(point.decision, point.outcomes, horizon, flatIsMiss);
      const right = directiveHits(other?.decision, other?.outcomes ?? [], horizon, flatIsMiss);
      // Same point, same moves: the samples line up one for one.
      for (let index = 0; index < left.length; index++) {
        a.push(left[index] ?? null);
        b.push(right[index] ?? null);
      }
    }
    return { horizon, ...pairedTest(a, b) };
  });
}
