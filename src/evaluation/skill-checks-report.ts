// The report's answer to "is there an edge?": the mirrored run, the paired tests (with one sentence saying whether any
// model beats always-LONG at 5%), and the split at the graph model's training cutoff, as report blocks. Pure.
import { baselineLabels } from "../scoring/baselines";
import type { CutoffSide } from "./cutoff-split";
import { horizonLabel, type ScoreHorizon } from "./evaluation-protocol";
import type { EvaluationResult } from "./evaluation-result";
import { findMirrorRow } from "./mirror-scores";
import { beats, type PairedRow } from "./paired-comparisons";
import { evaluationFigureBlock, type EvaluationReportBlock, type ReportTable } from "./report-blocks";
import { assetRows, methodLabels, methodsOf, percent } from "./report-tables";
import { ALL_ASSETS, type MethodId } from "./score-evaluation";

/** Two significant digits, in scientific notation below 0.001: "0.012", "3.2e-8" (no "<", which markdown escapes). */
export function formatPValueNumber(pValue: number): string {
  return pValue < 0.001 ? pValue.toExponential(1) : pValue.toPrecision(2);
}

/** "p = 0.012", "p = 3.2e-8". */
export function formatPValue(pValue: number): string {
  return `p = ${formatPValueNumber(pValue)}`;
}

const horizonsOf = (result: EvaluationResult): ScoreHorizon[] => [...new Set(result.scores.map((row) => row.horizon))];
const labelOf = (name: string) => baselineLabels[name as keyof typeof baselineLabels] ?? name;
const cell = (value: number | null | undefined) => (value === null || value === undefined ? "–" : percent(value));

/** Whether any model beats always-LONG at 5%, in one sentence per model. */
export function beatsAlwaysLongSentence(result: EvaluationResult): string {
  const model = result.settings.models?.graph.model;
  if (!model) return "No model was run: the paired tests compare each other baseline with always-LONG.";
  const rows = result.paired.filter((row) => row.a === model && row.b === "always_long");
  const label = (row: PairedRow) => horizonLabel(row.horizon, result.settings.horizons);
  const counts = (row: PairedRow) =>
    `${formatPValue(row.pValue)}; right on ${row.aOnly} sample${row.aOnly === 1 ? "" : "s"} where always-LONG was wrong, wrong on ${row.bOnly} where it was right`;
  const winning = rows.filter(beats);
  if (winning.length > 0)
    return `Yes: ${model} beats always-LONG at the 5% level at ${winning.map((row) => `${label(row)} (${counts(row)})`).join(" and ")}.`;
  const losing = rows.filter((row) => row.pValue < 0.05 && row.bOnly > row.aOnly);
  return (
    `No: ${model} does not beat always-LONG at the 5% level at any horizon (${rows.map((row) => `${label(row)}: ${counts(row)}`).join("; ")}).` +
    (losing.length > 0 ? ` Always-LONG does better than ${model} at ${losing.map(label).join(" and ")}.` : "")
  );
}

function pairedTable(result: EvaluationResult, horizon: ScoreHorizon): ReportTable {
  return {
    header: ["A", "B", "Samples", "A right", "B right", "A only", "B only", "p-value (exact McNemar)"],
    rows: result.paired
      .filter((row) => row.horizon === horizon)
      .map((row) => [
        labelOf(row.a),
        labelOf(row.b),
        String(row.n),
        String(row.aHits),
        String(row.bHits),
        String(row.aOnly),
        String(row.bOnly),
        formatPValueNumber(row.pValue),
      ]),
  };
}

function mirrorPooledTable(result: EvaluationResult, horizon: ScoreHorizon): ReportTable {
  return {
    header: ["Method", "Points", "Flip rate %", "Long rate %", "Balanced accuracy %", "Original %", "Mirrored %"],
    rows: methodsOf(result).map((method) => {
      const row = findMirrorRow(result.mirror ?? [], { asset: ALL_ASSETS, method, horizon });
      return [
        methodLabels[method],
        String(row?.points ?? 0),
        cell(row?.flipRate),
        cell(row?.longRate),
        cell(row?.balancedAccuracy),
        cell(row?.originalAccuracy),
        cell(row?.mirroredAccuracy),
      ];
    }),
  };
}

function mirrorAssetTable(result: EvaluationResult, horizon: ScoreHorizon): ReportTable {
  const methods = methodsOf(result);
  const rows = assetRows(result).map((asset) => [
    asset === ALL_ASSETS ? "All points" : asset,
    ...methods.map((method) => cell(findMirrorRow(result.mirror ?? [], { asset, method, horizon })?.balancedAccuracy)),
  ]);
  return {
    header: ["Asset", ...methods.map((method) => `${methodLabels[method]} %`)],
    rows,
    summaryRows: [rows.length - 1],
  };
}

function cutoffTable(
  result: EvaluationResult,
  before: CutoffSide,
  after: CutoffSide,
  horizon: ScoreHorizon,
): ReportTable {
  const figure = (side: CutoffSide, method: MethodId) => {
    const row = side.scores.find((score) => score.method === method && score.horizon === horizon);
    return row?.accuracy === null || row?.accuracy === undefined
      ? "–"
      : `${percent(row.accuracy)} [${percent(row.interval?.low)}–${percent(row.interval?.high)}] (${row.scored})`;
  };
  const drift = (side: CutoffSide) => {
    const row = side.drift.find((entry) => entry.horizon === horizon);
    return row?.upShare === null || row?.upShare === undefined ? "–" : `${percent(row.upShare)} (${row.samples})`;
  };
  const paired = (side: CutoffSide) => {
    const row = side.paired.find((entry) => entry.horizon === horizon);
    return row ? `${formatPValue(row.pValue)} (${row.aOnly} vs ${row.bOnly})` : "–";
  };
  return {
    header: ["", "Before the cutoff", "After the cutoff"],
    rows: [
      ...methodsOf(result).map((method) => [
        `${methodLabels[method]} %`,
        figure(before, method),
        figure(after, method),
      ]),
      ["Up-moves %", drift(before), drift(after)],
      ["Agents vs always-LONG", paired(before), paired(after)],
    ],
  };
}

/** The split at the graph model's training cutoff (nothing for a baselines-only run). */
export function cutoffReportBlocks(result: EvaluationResult): EvaluationReportBlock[] {
  const split = result.cutoffSplit;
  if (!split) return [];
  const heading: EvaluationReportBlock = { kind: "heading", level: 2, text: "Before and after the training cutoff" };
  if (!split.known)
    return [
      heading,
      {
        kind: "paragraph",
        text: `Not split: the training cutoff of ${split.model} is unknown (${split.reason}). The points above are reported together.`,
      },
    ];
  const span = (side: CutoffSide) =>
    side.points === 0 ? "none" : `${side.points} (${side.from?.slice(0, 10)} to ${side.to?.slice(0, 10)})`;
  return [
    heading,
    {
      kind: "paragraph",
      text:
        `${split.model}'s training data ends in ${split.cutoff} (${split.source}). Decision points up to the end of that month: ${span(split.before)}; ` +
        `after it: ${span(split.after)}. Before the cutoff the model may have seen the chart and what followed it, so a score there can be memory; ` +
        "after it, it cannot. Each cell: accuracy [Wilson 95% interval] (samples).",
    },
    ...horizonsOf(result).flatMap((horizon): EvaluationReportBlock[] => [
      { kind: "heading", level: 3, text: horizonLabel(horizon, result.settings.horizons) },
      { kind: "table", table: cutoffTable(result, split.before, split.after, horizon) },
    ]),
  ];
}

/** The mirrored run: what it is, the pooled table, balanced accuracy per asset and the figure (nothing without mirror). */
export function mirrorReportBlocks(result: EvaluationResult): EvaluationReportBlock[] {
  if (!result.mirror) return [];
  const failed =
    result.mirrorErrors > 0 ? ` ${result.mirrorErrors} mirrored analyses failed; their points are left out here.` : "";
  return [
    { kind: "heading", level: 2, text: "Mirrored charts" },
    {
      kind: "paragraph",
      text:
        "Each point was analysed again on its mirror image (every price p becomes c² / p around the decision's close, so every rise is a fall " +
        "of the same size) and scored against the mirrored future. Flip rate: share of points whose mirrored directive is the opposite; a pure " +
        "chart reader flips every time, a constant answer never. Long rate: share of LONG over both runs (50% is no lean). Balanced accuracy: " +
        "hits over both runs; the market's drift cancels, so always-LONG scores 50% when no move is flat, and only reading the charts scores " +
        `above it.${failed}`,
    },
    ...horizonsOf(result).flatMap((horizon): EvaluationReportBlock[] => {
      const label = horizonLabel(horizon, result.settings.horizons);
      return [
        { kind: "heading", level: 3, text: `All points, ${label}` },
        { kind: "table", table: mirrorPooledTable(result, horizon) },
        { kind: "heading", level: 3, text: `Balanced accuracy per asset, ${label}` },
        { kind: "table", table: mirrorAssetTable(result, horizon) },
        evaluationFigureBlock("mirror", horizon, `Original vs mirrored accuracy per asset, ${label}`),
      ];
    }),
  ];
}

/** The paired tests: the sentence on always-LONG, how to read them, a table per horizon. */
export function pairedReportBlocks(result: EvaluationResult): EvaluationReportBlock[] {
  return [
    { kind: "heading", level: 2, text: "Paired tests (exact McNemar)" },
    { kind: "paragraph", text: beatsAlwaysLongSentence(result) },
    {
      kind: "paragraph",
      text:
        "On the samples both methods scored: A only counts samples A called right and B wrong, B only the reverse. Only those carry evidence; " +
        "the p-value is the chance of a split at least this uneven if the two were equally good. Random is its first seed's run.",
    },
    ...horizonsOf(result).flatMap((horizon): EvaluationReportBlock[] => [
      { kind: "heading", level: 3, text: horizonLabel(horizon, result.settings.horizons) },
      { kind: "table", table: pairedTable(result, horizon) },
    ]),
  ];
}

/** The edge sections, in report order: mirror, paired tests, cutoff split. */
export function edgeReportBlocks(result: EvaluationResult): EvaluationReportBlock[] {
  return [...mirrorReportBlocks(result), ...pairedReportBlocks(result), ...cutoffReportBlocks(result)];
}

/** The short form the CLI prints: the sentence on always-LONG, the pooled mirror tables, the cutoff split. */
export function edgeSummaryBlocks(result: EvaluationResult): EvaluationReportBlock[] {
  const mirror = result.mirror
    ? horizonsOf(result).flatMap((horizon): EvaluationReportBlock[] => [
        { kind: "paragraph", text: `Mirrored, ${horizonLabel(horizon, result.settings.horizons)}, all points (%):` },
        { kind: "table", table: mirrorPooledTable(result, horizon) },
      ])
    : [];
  return [{ kind: "paragraph", text: beatsAlwaysLongSentence(result) }, ...mirror, ...cutoffReportBlocks(result)];
}
