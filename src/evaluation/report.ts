// The evaluation's report: the JSON record and a markdown table laid out like the published 4h accuracy table
// quoted in SPEC 12 (assets as rows, methods as columns, accuracy in percent), with a comparison section. Pure.
import { baselineIds, baselineLabels } from "./baselines";
import type { EvaluationResult } from "./evaluation-result";
import { ALL_ASSETS, findScore, type MethodId, type ScoreRow } from "./score-evaluation";

/** SPEC 12: directional accuracy (%) on these benchmark windows, 4h, as published; per-asset range and mean. */
export const PUBLISHED_4H_ACCURACY = Object.freeze({
  agents: { low: 50.7, high: 63.7, mean: 55.8 },
  random: { low: 45.0, high: 51.0, mean: 46.1 },
  linear_regression: { low: null, high: null, mean: 51.1 },
});

export const methodLabels: Record<MethodId, string> = { agents: "Agents", ...baselineLabels };

export function evaluationReportJson(result: EvaluationResult): string {
  return `${JSON.stringify({ ...result, published: PUBLISHED_4H_ACCURACY }, null, 2)}\n`;
}

const percent = (value: number | null | undefined, digits = 1) => (value === null || value === undefined ? "–" : (value * 100).toFixed(digits));
const signedPercent = (value: number | null | undefined, digits = 1) =>
  value === null || value === undefined ? "–" : `${value >= 0 ? "+" : ""}${(value * 100).toFixed(digits)}%`;

/** The methods a result scored: the agents when models ran, then the baselines. */
export function methodsOf(result: EvaluationResult): MethodId[] {
  return result.settings.models ? ["agents", ...baselineIds] : [...baselineIds];
}

/** The assets a result scored, then the row over all points. */
export function assetRows(result: EvaluationResult): string[] {
  return [...new Set(result.scores.map((row) => row.asset))].filter((asset) => asset !== ALL_ASSETS).concat(ALL_ASSETS);
}

/** Mean and range over assets of a method's accuracy: the form the published table summarises with. */
export function acrossAssets(rows: readonly ScoreRow[], method: MethodId, horizon: number): { mean: number | null; low: number | null; high: number | null } {
  const accuracies = rows
    .filter((row) => row.asset !== ALL_ASSETS && row.method === method && row.horizon === horizon && row.accuracy !== null)
    .map((row) => row.accuracy as number);
  if (accuracies.length === 0) return { mean: null, low: null, high: null };
  return { mean: accuracies.reduce((sum, value) => sum + value, 0) / accuracies.length, low: Math.min(...accuracies), high: Math.max(...accuracies) };
}

/** Accuracy (%) per asset and method; with a model, also the agents' Wilson 95% interval and gain over random. */
export function accuracyTableMarkdown(result: EvaluationResult, horizon: number): string {
  const methods = methodsOf(result);
  const withAgents = methods[0] === "agents";
  const header = ["Asset", "n", ...methods.map((method) => `${methodLabels[method]} %`), ...(withAgents ? ["Agents 95% CI", "Agents gain vs random"] : [])];
  const lines = [`| ${header.join(" | ")} |`, `|${header.map((_, index) => (index === 0 ? "---" : "---:")).join("|")}|`];
  for (const asset of assetRows(result)) {
    const row = (method: MethodId) => findScore(result.scores, { asset, method, horizon });
    const lead = row(methods[0]);
    const interval = lead?.interval ? `${percent(lead.interval.low)}–${percent(lead.interval.high)}` : "–";
    const name = asset === ALL_ASSETS ? "**All points**" : asset;
    const agentColumns = withAgents ? [interval, signedPercent(lead?.relativeGain)] : [];
    lines.push(`| ${[name, String(lead?.scored ?? 0), ...methods.map((method) => percent(row(method)?.accuracy)), ...agentColumns].join(" | ")} |`);
  }
  const means = methods.map((method) => percent(acrossAssets(result.scores, method, horizon).mean));
  lines.push(`| ${["**Mean over assets**", "", ...means, ...(withAgents ? ["", ""] : [])].join(" | ")} |`);
  return lines.join("\n");
}

export function returnsTableMarkdown(result: EvaluationResult, horizon: number): string {
  const methods = methodsOf(result);
  const header = ["Asset", ...methods.flatMap((method) => [`${methodLabels[method]} mean`, `${methodLabels[method]} cumulative`])];
  const lines = [`| ${header.join(" | ")} |`, `|${header.map((_, index) => (index === 0 ? "---" : "---:")).join("|")}|`];
  for (const asset of assetRows(result)) {
    const cells = methods.flatMap((method) => {
      const row = findScore(result.scores, { asset, method, horizon });
      // 4h moves are a fraction of a percent, so the mean needs more digits than the compounded total.
      return [signedPercent(row?.meanReturn, 3), signedPercent(row?.cumulativeReturn)];
    });
    lines.push(`| ${[asset === ALL_ASSETS ? "**All points**" : asset, ...cells].join(" | ")} |`);
  }
  return lines.join("\n");
}

export function publishedComparisonMarkdown(result: EvaluationResult): string {
  const range = (summary: { mean: number | null; low: number | null; high: number | null }) =>
    summary.mean === null ? "–" : `${percent(summary.mean)} (${percent(summary.low)}–${percent(summary.high)})`;
  const published = (entry: { mean: number; low: number | null; high: number | null }) =>
    entry.low === null ? entry.mean.toFixed(1) : `${entry.mean.toFixed(1)} (${entry.low.toFixed(1)}–${entry.high!.toFixed(1)})`;
  const lines = [
    "| Source | Agents | Random | Linear regression |",
    "|---|---:|---:|---:|",
    `| Published (SPEC 12), 4h | ${published(PUBLISHED_4H_ACCURACY.agents)} | ${published(PUBLISHED_4H_ACCURACY.random)} | ${published(PUBLISHED_4H_ACCURACY.linear_regression)} |`,
  ];
  for (const horizon of result.settings.horizons) {
    const agents = result.settings.models ? range(acrossAssets(result.scores, "agents", horizon)) : "not run";
    lines.push(
      `| This run, k = ${horizon} | ${agents} | ${range(acrossAssets(result.scores, "random", horizon))} | ${range(acrossAssets(result.scores, "linear_regression", horizon))} |`,
    );
  }
  return lines.join("\n");
}

export function evaluationSummaryMarkdown(result: EvaluationResult): string {
  const { settings, usage } = result;
  const models = settings.models
    ? `Agents: ${settings.models.agent.provider} \`${settings.models.agent.model}\` (agent) and \`${settings.models.graph.model}\` (graph), temperature ${settings.models.graph.temperature}.`
    : "Baselines only (no model).";
  const analyses = result.points.length;
  const tokens = usage.freshTokens.inputTokens + usage.freshTokens.outputTokens;
  return [
    models,
    `${settings.assets.join(", ")}; ${settings.windows ?? "all"} windows per asset, ${settings.pointsPerWindow} decision point(s) per window, ` +
      `${settings.historyBars}-bar history, horizons ${settings.horizons.join(", ")} bars (4h each). Random: mean of ${settings.randomSeeds} seeds.`,
    settings.models
      ? `Analyses: ${analyses}, failed: ${result.errors}. Model calls: ${usage.freshCalls} sent (${tokens} tokens), ${usage.cachedCalls} from the cache. ` +
        `Cost: $${usage.estimatedCostUsd.toFixed(4)} (${usage.costLabel}${usage.unpricedModels.length ? `; no price for ${usage.unpricedModels.join(", ")}` : ""}).`
      : `Decision points: ${analyses}.`,
    "Accuracy: share of directives that called the sign of the close-to-close move over k bars (flat moves left out). " +
      "Gain vs random: (accuracy − random) / random on the same points. Returns: LONG earns the k-bar move, SHORT its negative; " +
      "cumulative compounds the directives in order, without costs.",
  ].join("\n\n");
}

export function evaluationMarkdown(result: EvaluationResult): string {
  const sections = [`# Evaluation on the 4h benchmark`, evaluationSummaryMarkdown(result)];
  for (const horizon of result.settings.horizons) {
    sections.push(`## Directional accuracy, k = ${horizon} bar${horizon === 1 ? "" : "s"}`, accuracyTableMarkdown(result, horizon));
    sections.push(`## Returns of following the directives, k = ${horizon}`, returnsTableMarkdown(result, horizon));
  }
  sections.push("## Compared with the published table (mean over assets, range in brackets, %)", publishedComparisonMarkdown(result));
  const failed = result.points.filter((point) => point.error);
  if (failed.length > 0) {
    sections.push("## Failed analyses", failed.map((point) => `- ${point.id}: ${point.error!.replace(/\s+/g, " ").slice(0, 300)}`).join("\n"));
  }
  return `${sections.join("\n\n")}\n`;
}
