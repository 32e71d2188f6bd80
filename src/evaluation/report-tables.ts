// The report's tables, built from an evaluation result (pure): accuracy of every method side by side with the
// market's drift and the published figures, the mean return of following each method, and the comparison of this
// run's summary with the published one.
import { baselineIds, baselineLabels } from "../scoring/baselines";
import type { Interval } from "../scoring/confidence-intervals";
import type { ScoreHorizon } from "./evaluation-protocol";
import type { EvaluationResult } from "./evaluation-result";
import { findDrift } from "./market-drift";
import { PUBLISHED_4H_ACCURACY, type PublishedSummary } from "./published/figures";
import type { ReportTable } from "./report-blocks";
import { ALL_ASSETS, findScore, type MethodId, type ScoreRow } from "./score-evaluation";

export const methodLabels: Record<MethodId, string> = { agents: "Agents", ...baselineLabels };

export const percent = (value: number | null | undefined, digits = 1) =>
  value === null || value === undefined ? "–" : (value * 100).toFixed(digits);
/** The column of the agents' accuracy against random's: (accuracy − random) / random, in percent of random's. */
export const AGENTS_VS_RANDOM_HEADER = "Agents vs random, relative change";

export const signedPercent = (value: number | null | undefined, digits = 1) =>
  value === null || value === undefined ? "–" : `${value >= 0 ? "+" : "−"}${Math.abs(value * 100).toFixed(digits)}`;
const withInterval = (value: number | null | undefined, interval: Interval | null | undefined) =>
  value === null || value === undefined
    ? "–"
    : `${percent(value)} [${interval ? `${percent(interval.low)}–${percent(interval.high)}` : "–"}]`;
const summaryCell = (summary: { mean: number | null; low: number | null; high: number | null }) =>
  summary.mean === null ? "–" : `${percent(summary.mean)} (${percent(summary.low)}–${percent(summary.high)})`;
const publishedCell = (entry: PublishedSummary) =>
  entry.low === null
    ? entry.mean.toFixed(1)
    : `${entry.mean.toFixed(1)} (${entry.low.toFixed(1)}–${entry.high!.toFixed(1)})`;

/** The methods a result scored: the agents when models ran, then the baselines. */
export function methodsOf(result: EvaluationResult): MethodId[] {
  return result.settings.models ? ["agents", ...baselineIds] : [...baselineIds];
}

/** The assets a result scored, then the row over all points. */
export function assetRows(result: EvaluationResult): string[] {
  return [...new Set(result.scores.map((row) => row.asset))].filter((asset) => asset !== ALL_ASSETS).concat(ALL_ASSETS);
}

/** Mean and range over assets of a per-asset value: the form the published table summarises with. */
export function acrossAssets(
  rows: readonly ScoreRow[],
  method: MethodId,
  horizon: ScoreHorizon,
  pick: (row: ScoreRow) => number | null = (row) => row.accuracy,
): { mean: number | null; low: number | null; high: number | null } {
  const values = rows
    .filter((row) => row.asset !== ALL_ASSETS && row.method === method && row.horizon === horizon)
    .map(pick)
    .filter((value): value is number => value !== null);
  if (values.length === 0) return { mean: null, low: null, high: null };
  return {
    mean: values.reduce((sum, value) => sum + value, 0) / values.length,
    low: Math.min(...values),
    high: Math.max(...values),
  };
}

const publishedOf = (method: MethodId): PublishedSummary | undefined =>
  method === "agents"
    ? PUBLISHED_4H_ACCURACY.agents
    : method === "random"
      ? PUBLISHED_4H_ACCURACY.random
      : method === "linear_regression"
        ? PUBLISHED_4H_ACCURACY.linear_regression
        : undefined;

/**
 * Accuracy of every method per asset with Wilson 95% intervals, the up-move share, and the published summary. The
 * agents' column is always there, "not run" without a model, so the published agents sit beside the baselines.
 */
export function sideBySideTable(result: EvaluationResult, horizon: ScoreHorizon): ReportTable {
  const withAgents = result.settings.models !== null;
  const methods: MethodId[] = ["agents", ...baselineIds];
  const header = [
    "Asset",
    "Samples",
    "Up-moves %",
    ...methods.map((method) => `${methodLabels[method]} %`),
    // A relative change, not a difference in points: said in the header, since both read as "%".
    ...(withAgents ? [AGENTS_VS_RANDOM_HEADER] : []),
  ];
  const accuracyCell = (asset: string, method: MethodId) => {
    if (method === "agents" && !withAgents) return "not run";
    const row = findScore(result.scores, { asset, method, horizon });
    return withInterval(row?.accuracy, row?.interval);
  };
  const rows = assetRows(result).map((asset) => {
    const drift = findDrift(result.drift, { asset, horizon });
    const gain = withAgents
      ? [`${signedPercent(findScore(result.scores, { asset, method: "agents", horizon })?.relativeGain)}%`]
      : [];
    const name = asset === ALL_ASSETS ? "All samples" : asset;
    return [
      name,
      String(drift?.samples ?? 0),
      withInterval(drift?.upShare, drift?.interval),
      ...methods.map((method) => accuracyCell(asset, method)),
      ...gain,
    ];
  });
  const driftShares = result.drift
    .filter((row) => row.asset !== ALL_ASSETS && row.horizon === horizon && row.upShare !== null)
    .map((row) => row.upShare as number);
  const driftSummary =
    driftShares.length === 0
      ? { mean: null, low: null, high: null }
      : {
          mean: driftShares.reduce((sum, value) => sum + value, 0) / driftShares.length,
          low: Math.min(...driftShares),
          high: Math.max(...driftShares),
        };
  const tail = withAgents ? [""] : [];
  rows.push([
    "Mean over assets (lowest–highest)",
    "",
    summaryCell(driftSummary),
    ...methods.map((method) =>
      method === "agents" && !withAgents ? "not run" : summaryCell(acrossAssets(result.scores, method, horizon)),
    ),
    ...tail,
  ]);
  rows.push([
    "Published, 4h (lowest–highest)",
    "",
    "",
    ...methods.map((method) => (publishedOf(method) ? publishedCell(publishedOf(method)!) : "")),
    ...tail,
  ]);
  return { header, rows, summaryRows: [rows.length - 3, rows.length - 2, rows.length - 1] };
}

const returnCell = (row: ScoreRow | undefined) =>
  row?.meanReturn === null || row?.meanReturn === undefined
    ? "–"
    : `${signedPercent(row.meanReturn, 3)} [${row.meanReturnInterval ? `${signedPercent(row.meanReturnInterval.low, 3)}, ${signedPercent(row.meanReturnInterval.high, 3)}` : "–"}]`;

/** Mean return per decision (%) with its 95% interval; the pooled mean over every decision; the equal-weight mean over assets. */
export function returnsTable(result: EvaluationResult, horizon: ScoreHorizon): ReportTable {
  const methods = methodsOf(result);
  const header = ["Asset", "Decisions", ...methods.map((method) => `${methodLabels[method]} %`)];
  const [firstMethod] = methods;
  const rows = assetRows(result).map((asset) => {
    const first = firstMethod && findScore(result.scores, { asset, method: firstMethod, horizon });
    const name = asset === ALL_ASSETS ? "All decisions (pooled)" : asset;
    return [
      name,
      String(first?.decisions ?? 0),
      ...methods.map((method) => returnCell(findScore(result.scores, { asset, method, horizon }))),
    ];
  });
  rows.push([
    "Mean over assets (equal weight)",
    "",
    ...methods.map((method) =>
      signedPercent(acrossAssets(result.scores, method, horizon, (row) => row.meanReturn).mean, 3),
    ),
  ]);
  return { header, rows, summaryRows: [rows.length - 2, rows.length - 1] };
}

/** This run's mean and range over assets next to the published ones, per horizon scored. */
export function publishedComparisonTable(
  result: EvaluationResult,
  horizons: readonly ScoreHorizon[],
  horizonLabel: (horizon: ScoreHorizon) => string,
): ReportTable {
  const rows = [
    [
      "Published, 4h",
      publishedCell(PUBLISHED_4H_ACCURACY.agents),
      publishedCell(PUBLISHED_4H_ACCURACY.random),
      publishedCell(PUBLISHED_4H_ACCURACY.linear_regression),
      "not published",
    ],
  ];
  for (const horizon of horizons) {
    const summary = (method: MethodId) => summaryCell(acrossAssets(result.scores, method, horizon));
    rows.push([
      `This run, ${horizonLabel(horizon)}`,
      result.settings.models ? summary("agents") : "not run",
      summary("random"),
      summary("linear_regression"),
      summary("always_long"),
    ]);
  }
  return { header: ["Source", "Agents", "Random", "Linear regression", "Always long"], rows };
}
