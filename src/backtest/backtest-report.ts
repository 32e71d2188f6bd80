// The backtest's report as blocks (src/reports/): what was run, every line's figures side by side, the equity and
// drawdown figures, the paired tests against always-LONG with a sentence saying whether the model beats it at 5%,
// whether any line beats buy-and-hold by more than luck (block bootstrap) and the deflated Sharpe ratio, with mirror
// every line again on the mirror image (side by side with the real series first), and the decisions whose analysis
// failed. Markdown, HTML and the notebook view are written from these; a run on the demo provider says first that its
// model line is a fixed rule's. Pure.
import { DEMO_LABEL } from "../config/providers";
import { describeStages, hasStages } from "../config/stages-schema";
import { isDemoRun } from "../pipeline/analysis-result";
import type { ReportTable } from "../reports/report-blocks";
import { markdownReport } from "../reports/report-markdown";
import {
  type BacktestFigureBlock,
  type BacktestFigureId,
  type BacktestReportBlock,
  lineLabel,
} from "./backtest-figures";
import type { BacktestLine } from "./backtest-lines";
import type { BacktestResult } from "./backtest-result";
import {
  deflatedSharpeVerdict,
  linesTable,
  pairedTable,
  pairedVerdict,
  significanceTable,
  significanceVerdict,
} from "./backtest-tables";

export function backtestTitle(result: BacktestResult): string {
  return `Walk-forward backtest: ${result.settings.series.name}, ${result.settings.series.timeframe}`;
}

export function backtestSummary(result: BacktestResult): string[] {
  const { settings, usage } = result;
  const { series } = settings;
  const models = settings.models
    ? `Model: ${settings.models.graph.provider} ${settings.models.graph.model} (graph) and ${settings.models.agent.model} (agent), temperature ${settings.models.graph.temperature}, prompts version ${settings.promptVersion}.` +
      (settings.plugins.length > 0
        ? ` Plugins: ${settings.plugins.map((plugin) => `${plugin.name} ${plugin.version}`).join(", ")}.`
        : "") +
      (settings.stages && hasStages(settings.stages) ? ` Stages: ${describeStages(settings.stages)}.` : "")
    : "Baselines only (no model).";
  const tokens = usage.freshTokens.inputTokens + usage.freshTokens.outputTokens;
  const perYear = settings.barsPerYear === null ? "unknown" : settings.barsPerYear.toFixed(1);
  const demo =
    settings.models && isDemoRun(settings.models)
      ? [
          `${DEMO_LABEL}: the model line's decisions come from the demo provider's fixed rule on the indicators (RSI extremes, then the MACD histogram's sign), not from a language model. Its figures show how that rule traded; they say nothing about a model.`,
        ]
      : [];
  return [
    ...demo,
    models,
    `Series: ${series.name}, ${series.bars} ${series.timeframe} bars from ${series.start} to ${series.end}. ` +
      `A decision every ${settings.step} bars from bar ${settings.windowBars} on (${result.decisions.length} decisions), each seeing the ${settings.windowBars} bars up to its decision bar and nothing after; ` +
      `the position is entered at that bar's close and held ${settings.horizon} bars or to the next decision. Cost: ${settings.costBps} bps a side (open, close, flip; none to keep a side). Random: seed ${settings.seed}.`,
    ...(settings.stages?.risk ? [riskSummary(result)] : []),
    ...(settings.models
      ? [
          `Analyses failed: ${result.errors} of ${result.decisions.length}. Model calls: ${usage.freshCalls} sent (${tokens} tokens), ${usage.cachedCalls} from the cache; ` +
            `${result.decisions.filter((decision) => decision.cached).length} decisions from the decision cache. Cost: $${usage.estimatedCostUsd.toFixed(4)} (${usage.costLabel}).`,
        ]
      : []),
    "Equity starts at 1 and compounds; each point is the equity after the trading at that bar's close. Returns and drawdowns are in percent here " +
      "(fractions in the JSON). Buy and hold: the asset held from the first decision bar's close to the last close, without costs. " +
      `Sharpe: mean over standard deviation of the bar-to-bar returns, times √(bars a year); ${perYear} bars a year, read from the series' own span. ` +
      "Hit rate: share of decisions whose side matched the move over the horizon. Exposure: share of bars in a position.",
  ];
}

/** How the risk stage's levels traded: how many decisions had them, and why the others had none. */
function riskSummary(result: BacktestResult): string {
  const answered = result.decisions.filter((decision) => decision.risk);
  const levels = answered.filter((decision) => decision.risk?.stopLoss !== null);
  const reasons = new Map<string, number>();
  for (const decision of answered)
    if (decision.risk && decision.risk.stopLoss === null)
      reasons.set(decision.risk.reason, (reasons.get(decision.risk.reason) ?? 0) + 1);
  const none = [...reasons].map(([reason, count]) => `${count} × ${reason}`).join("; ");
  return (
    `Risk: ${levels.length} of ${answered.length} decisions had a stop-loss and a take-profit; the model's position left at the stop or the target when a later bar's range reached it ` +
    `(the stop first when one bar reached both; filled at the level, or at the open when the bar gapped past it), sized as the risk stage said (a fraction of equity). ` +
    (none ? `Without levels (held at full size to the horizon or the next decision): ${none}.` : "")
  ).trim();
}

export function backtestReportBlocks(result: BacktestResult): BacktestReportBlock[] {
  const model = result.lines.find((line) => line.kind === "model");
  const modelTest = model && result.paired.find((test) => test.a === model.name);
  const figure = (id: BacktestFigureId, title: string): BacktestFigureBlock => ({
    kind: "figure",
    figure: id,
    slug: id,
    title,
  });
  const failed = result.decisions.filter((decision) => decision.error !== undefined);
  return [
    { kind: "heading", level: 1, text: backtestTitle(result) },
    ...backtestSummary(result).map((text): BacktestReportBlock => ({ kind: "paragraph", text })),
    { kind: "heading", level: 2, text: "Lines on the same bars" },
    { kind: "table", table: linesTable(result) },
    figure("equity", "Equity of every line"),
    figure("drawdown", "Drawdown of every line"),
    { kind: "heading", level: 2, text: "Against always-LONG (paired, exact McNemar test)" },
    ...(modelTest && model ? [{ kind: "paragraph" as const, text: pairedVerdict(modelTest, lineLabel(model)) }] : []),
    { kind: "table", table: pairedTable(result) },
    ...(result.significance.length > 0
      ? [
          { kind: "heading" as const, level: 2 as const, text: "More than luck? (block bootstrap of the returns)" },
          { kind: "paragraph" as const, text: significanceVerdict(result) },
          { kind: "table" as const, table: significanceTable(result) },
        ]
      : []),
    ...(result.deflatedSharpe
      ? [
          { kind: "heading" as const, level: 2 as const, text: "Deflated Sharpe ratio" },
          { kind: "paragraph" as const, text: deflatedSharpeVerdict(result, result.deflatedSharpe) },
        ]
      : []),
    ...mirrorReportBlocks(result),
    ...(failed.length > 0
      ? [
          {
            kind: "heading" as const,
            level: 2 as const,
            text: "Failed analyses (no decision; the position ran its course)",
          },
          { kind: "list" as const, items: failed.map((decision) => `${decision.time}: ${decision.error}`) },
        ]
      : []),
  ];
}

export function backtestMarkdown(result: BacktestResult, options: { figureFilePrefix?: string } = {}): string {
  return markdownReport(backtestReportBlocks(result), options);
}

const percent = (value: number | null, digits: number) => (value === null ? "–" : (value * 100).toFixed(digits));

/** Each line's return and hit rate on the real series and on its mirror image, in one row. */
export function bothSeriesTable(result: BacktestResult, mirrored: readonly BacktestLine[]): ReportTable {
  const byName = new Map(mirrored.map((line) => [line.name, line]));
  return {
    header: ["Line", "Return %", "Mirrored return %", "Hit rate %", "Mirrored hit rate %"],
    rows: result.lines.map((line) => {
      const mirror = byName.get(line.name);
      return [
        lineLabel(line),
        percent(line.totalReturn, 2),
        percent(mirror?.totalReturn ?? null, 2),
        percent(line.hitRate, 1),
        percent(mirror?.hitRate ?? null, 1),
      ];
    }),
    summaryRows: result.lines.flatMap((line, index) => (line.kind === "model" ? [index] : [])),
  };
}

export function mirrorReportBlocks(result: BacktestResult): BacktestReportBlock[] {
  const mirror = result.mirror;
  if (!mirror) return [];
  const model = mirror.lines.find((line) => line.kind === "model");
  const modelTest = model && mirror.paired.find((test) => test.a === model.name);
  return [
    { kind: "heading", level: 2, text: "On the mirrored series" },
    {
      kind: "paragraph",
      text:
        "Every line played again, on the same schedule and with the same costs, on the series' mirror image: each price p becomes c²/p around the last close c, so every rise becomes a fall of the same size in log terms (high and low swapped, volume kept). " +
        "A line that reads the charts earns on both series; a line that only rode the drift earns on one and gives it back on the other.",
    },
    { kind: "table", table: bothSeriesTable(result, mirror.lines) },
    ...(modelTest && model
      ? [{ kind: "paragraph" as const, text: `Mirrored: ${pairedVerdict(modelTest, lineLabel(model))}` }]
      : []),
    { kind: "table", table: linesTable(result, mirror.lines) },
    { kind: "table", table: pairedTable(result, mirror.paired) },
    ...(mirror.errors > 0
      ? [
          {
            kind: "paragraph" as const,
            text: `Mirrored analyses failed: ${mirror.errors} (no decision; the position ran its course).`,
          },
        ]
      : []),
  ];
}
