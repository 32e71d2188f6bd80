// The evaluation's report: the JSON record, and the blocks every other form (markdown, HTML, notebook) is written
// from. Accuracy is laid out like the published 4h table (assets as rows, methods as columns, percent), with the
// published figures and the market's drift beside it. Pure.
import { DEMO_LABEL } from "../config/providers";
import { describeStages, hasStages } from "../config/stages-schema";
import { isDemoRun } from "../pipeline/analysis-result";
import { markdownReport, markdownTable } from "../reports/report-markdown";
import { edgeJson } from "../wire/evaluation";
import { describeProtocol, horizonLabel, scoredHorizons, type ScoreHorizon } from "./evaluation-protocol";
import type { EvaluationResult } from "./evaluation-result";
import { findDrift } from "./market-drift";
import { PUBLISHED_4H_ACCURACY, PUBLISHED_SAMPLES_PER_ASSET } from "./published/figures";
import { conventionsBlocks } from "./published/report-section";
import { evaluationFigureBlock, type EvaluationReportBlock } from "./report-blocks";
import { assetRows, publishedComparisonTable, returnsTable, sideBySideTable } from "./report-tables";
import { ALL_ASSETS } from "./score-evaluation";
import { edgeReportBlocks, edgeSummaryBlocks } from "./skill-checks-report";

export const REPORT_TITLE = "Evaluation on the 4h benchmark";

/**
 * The run's record as JSON, with the published figures, and the edge sections (`mirror`, `paired`, `cutoff_split`)
 * under their documented snake_case names (src/wire/evaluation.ts).
 */
export function evaluationReportJson(result: EvaluationResult): string {
  const { mirror: _mirror, paired: _paired, cutoffSplit: _cutoffSplit, ...record } = result;
  return `${JSON.stringify({ ...record, ...edgeJson(result), published: PUBLISHED_4H_ACCURACY }, null, 2)}\n`;
}

/** The horizons a result has rows for, with their labels. */
export function reportHorizons(result: EvaluationResult): { horizon: ScoreHorizon; label: string }[] {
  return scoredHorizons(result.settings.protocol, result.settings.horizons).map((horizon) => ({
    horizon,
    label: horizonLabel(horizon, result.settings.horizons),
  }));
}

/** Settings, protocol, cost and the definitions a reader needs, as paragraphs. */
export function evaluationSummary(result: EvaluationResult): string[] {
  const { settings, usage } = result;
  const models = settings.models
    ? `Agents: ${settings.models.agent.provider} ${settings.models.agent.model} (agent) and ${settings.models.graph.model} (graph), temperature ${settings.models.graph.temperature}` +
      `${settings.promptVersion === null ? "" : `, prompts version ${settings.promptVersion}`}.`
    : "Baselines only (no model).";
  const analyses = result.points.length;
  const tokens = usage.freshTokens.inputTokens + usage.freshTokens.outputTokens;
  const plugins =
    (settings.plugins ?? []).length > 0
      ? ` Plugins: ${settings.plugins.map((plugin) => `${plugin.name} ${plugin.version}`).join(", ")}.`
      : "";
  const demo =
    settings.models && isDemoRun(settings.models)
      ? [
          `${DEMO_LABEL}: these directives come from the demo provider's fixed rule on the indicators (RSI extremes, then the MACD histogram's sign), not from a language model. The figures show how that rule did; they say nothing about a model.`,
        ]
      : [];
  // Results made before the stages existed have no `stages`.
  const stages = settings.stages && hasStages(settings.stages) ? ` Stages: ${describeStages(settings.stages)}.` : "";
  const views = [
    settings.blind
      ? "Blind: the agents saw no date, name or price level (prices rescaled to a last close of 100, bars numbered)."
      : "",
    settings.mirror
      ? "Mirrored: every point was also analysed on its mirror image (p → c² / p), the baselines too."
      : "",
  ].filter(Boolean);
  const paragraphs = [
    ...demo,
    [`${models}${plugins}${stages}`, ...views].join(" "),
    describeProtocol(settings.protocol),
    `${settings.assets.join(", ")}; ${settings.windows ?? "all"} windows per asset, ${settings.pointsPerWindow} decision point(s) per window, ` +
      `${settings.historyBars}-bar history, horizons ${settings.horizons.join(", ")} bars (4h each). Random: mean of ${settings.randomSeeds} seeds.`,
    settings.models
      ? `Analyses: ${analyses}, failed: ${result.errors}. Model calls: ${usage.freshCalls} sent (${tokens} tokens), ${usage.cachedCalls} from the cache. ` +
        `Cost: $${usage.estimatedCostUsd.toFixed(4)} (${usage.costLabel}${usage.unpricedModels.length ? `; no price for ${usage.unpricedModels.join(", ")}` : ""}).`
      : `Decision points: ${analyses}.`,
    "Accuracy: share of samples whose sign the directive called, with its Wilson 95% interval in brackets. Up-moves: share of samples whose close rose " +
      "(the market's drift; always-long scores exactly this). Agents vs random, relative change: (accuracy − random) / random on the same samples, " +
      "so −10.0% means a tenth fewer correct calls than random (45.0% against 50.0%), not 10 percentage points less. " +
      "Returns: what following a directive earned, LONG the move and SHORT its negative, without costs and without compounding.",
  ];
  if (settings.protocol === "published") {
    const short = assetRows(result)
      .filter((asset) => asset !== ALL_ASSETS)
      .filter(
        (asset) => findDrift(result.drift, { asset, horizon: "pooled" })?.samples !== PUBLISHED_SAMPLES_PER_ASSET,
      );
    if (short.length > 0) {
      paragraphs.push(
        `The published figures are on ${PUBLISHED_SAMPLES_PER_ASSET} samples per asset (100 windows); ${short.join(", ")} ha${short.length === 1 ? "s" : "ve"} a different count here, so compare with care.`,
      );
    }
  }
  return paragraphs;
}

export function evaluationReportBlocks(result: EvaluationResult): EvaluationReportBlock[] {
  const blocks: EvaluationReportBlock[] = [
    { kind: "heading", level: 1, text: REPORT_TITLE },
    ...evaluationSummary(result).map((text): EvaluationReportBlock => ({ kind: "paragraph", text })),
  ];
  for (const { horizon, label } of reportHorizons(result)) {
    blocks.push(
      { kind: "heading", level: 2, text: `Directional accuracy, ${label}` },
      { kind: "table", table: sideBySideTable(result, horizon) },
      evaluationFigureBlock("accuracy", horizon, `Directional accuracy, ${label}`),
      { kind: "heading", level: 2, text: `Mean return per decision, ${label}` },
      {
        kind: "paragraph",
        text:
          "Each cell: the mean over decisions of what following the method earned, % per decision, with its 95% interval in brackets " +
          "(normal approximation over decisions). A decision earns the mean of its samples' returns. The pooled row averages every decision " +
          "of every asset; the equal-weight row averages the per-asset means. Nothing is compounded: decisions of different windows and assets " +
          "overlap in time and were never one sequence of trades.",
      },
      { kind: "table", table: returnsTable(result, horizon) },
      evaluationFigureBlock("mean-return", horizon, `Mean return per decision, ${label}`),
    );
  }
  blocks.push(
    {
      kind: "heading",
      level: 2,
      text: "Compared with the published table (mean over assets, lowest–highest asset, %)",
    },
    {
      kind: "table",
      table: publishedComparisonTable(
        result,
        reportHorizons(result).map(({ horizon }) => horizon),
        (horizon) => horizonLabel(horizon, result.settings.horizons),
      ),
    },
    ...conventionsBlocks(result),
    ...edgeReportBlocks(result),
  );
  const failed = result.points.filter((point) => point.error);
  if (failed.length > 0) {
    blocks.push(
      { kind: "heading", level: 2, text: "Failed analyses" },
      { kind: "list", items: failed.map((point) => `${point.id}: ${point.error!.replace(/\s+/g, " ").slice(0, 300)}`) },
    );
  }
  return blocks;
}

export function evaluationMarkdown(result: EvaluationResult, options: { figureFilePrefix?: string } = {}): string {
  return markdownReport(evaluationReportBlocks(result), options);
}

export function evaluationSummaryMarkdown(result: EvaluationResult): string {
  return markdownReport(
    evaluationSummary(result).map((text): EvaluationReportBlock => ({ kind: "paragraph", text })),
  ).trimEnd();
}

/** The side-by-side accuracy table of one horizon ("pooled" under the published protocol). */
export function accuracyTableMarkdown(result: EvaluationResult, horizon: ScoreHorizon): string {
  return markdownTable(sideBySideTable(result, horizon));
}

export function returnsTableMarkdown(result: EvaluationResult, horizon: ScoreHorizon): string {
  return markdownTable(returnsTable(result, horizon));
}

/** Under the published protocol: the drift reading and the conventions tried; empty for a per-horizon result. */
export function conventionsMarkdown(result: EvaluationResult): string {
  const blocks = conventionsBlocks(result);
  return blocks.length === 0 ? "" : markdownReport(blocks).trimEnd();
}

export function publishedComparisonMarkdown(result: EvaluationResult): string {
  const horizons = reportHorizons(result);
  return markdownTable(
    publishedComparisonTable(
      result,
      horizons.map(({ horizon }) => horizon),
      (horizon) => horizonLabel(horizon, result.settings.horizons),
    ),
  );
}

/** The edge sections whole: the mirrored run, the paired tests and the split at the training cutoff. */
export function edgeMarkdown(result: EvaluationResult): string {
  return markdownReport(edgeReportBlocks(result)).trimEnd();
}

/** What the CLI prints of them: whether the model beats always-LONG, the pooled mirror tables, the cutoff split. */
export function edgeSummaryMarkdown(result: EvaluationResult): string {
  return markdownReport(edgeSummaryBlocks(result)).trimEnd();
}
