// The backtest's report as blocks (src/reports/): what was run, every line's figures side by side, the equity and
// drawdown figures, the paired tests against always-LONG with a sentence saying whether the model beats it at 5%,
// and the decisions whose analysis failed. Markdown, HTML and the notebook view are written from these. Pure.
import type { FigureBlock, ReportBlock, ReportTable } from "../reports/report-blocks";
import { markdownReport } from "../reports/report-markdown";
import { type BacktestFigureId, lineLabel } from "./backtest-figures";
import type { LinePairedTest } from "./backtest-lines";
import type { BacktestResult } from "./backtest-result";

export interface BacktestFigureBlock extends FigureBlock {
  figure: BacktestFigureId;
}
export type BacktestReportBlock = ReportBlock<BacktestFigureBlock>;

export function backtestTitle(result: BacktestResult): string {
  return `Walk-forward backtest: ${result.settings.series.name}, ${result.settings.series.timeframe}`;
}

const percent = (value: number | null, digits = 2) => (value === null ? "–" : `${(value * 100).toFixed(digits)}`);
const plain = (value: number | null, digits = 2) => (value === null ? "–" : value.toFixed(digits));

export function linesTable(result: BacktestResult): ReportTable {
  return {
    header: ["Line", "Trades", "Total return %", "Sharpe", "Max drawdown %", "Hit rate %", "Exposure %"],
    rows: result.lines.map((line) => [
      lineLabel(line),
      String(line.trades),
      percent(line.totalReturn),
      plain(line.sharpe),
      percent(line.maxDrawdown),
      percent(line.hitRate, 1),
      percent(line.exposure, 1),
    ]),
    summaryRows: result.lines.flatMap((line, index) => (line.kind === "model" ? [index] : [])),
  };
}

export function pairedTable(result: BacktestResult): ReportTable {
  const names = new Map(result.lines.map((line) => [line.name, lineLabel(line)]));
  return {
    header: ["Line", "Decisions", "Line right", "Always long right", "Only the line", "Only always long", "p-value"],
    rows: result.paired.map((test) => [
      names.get(test.a) ?? test.a,
      String(test.n),
      String(test.aHits),
      String(test.bHits),
      String(test.aOnly),
      String(test.bOnly),
      test.pValue < 0.0001 ? test.pValue.toExponential(1) : test.pValue.toFixed(4),
    ]),
  };
}

/** Whether the line beats always-LONG at 5%, in words. */
export function pairedVerdict(test: LinePairedTest, label: string): string {
  const p = test.pValue < 0.0001 ? test.pValue.toExponential(1) : test.pValue.toFixed(3);
  const counts = `right on ${test.aOnly} decisions where always-LONG was wrong, wrong on ${test.bOnly} where it was right; n = ${test.n}`;
  if (test.pValue < 0.05 && test.aOnly > test.bOnly)
    return `${label} beats always-LONG at 5% (exact McNemar p = ${p}; ${counts}).`;
  if (test.pValue < 0.05) return `${label} does worse than always-LONG at 5% (exact McNemar p = ${p}; ${counts}).`;
  return `${label} does not beat always-LONG at 5% (exact McNemar p = ${p}; ${counts}): the difference could be luck.`;
}

export function backtestSummary(result: BacktestResult): string[] {
  const { settings, usage } = result;
  const { series } = settings;
  const models = settings.models
    ? `Model: ${settings.models.graph.provider} ${settings.models.graph.model} (graph) and ${settings.models.agent.model} (agent), temperature ${settings.models.graph.temperature}, prompts version ${settings.promptVersion}.` +
      (settings.plugins.length > 0
        ? ` Plugins: ${settings.plugins.map((plugin) => `${plugin.name} ${plugin.version}`).join(", ")}.`
        : "")
    : "Baselines only (no model).";
  const tokens = usage.freshTokens.inputTokens + usage.freshTokens.outputTokens;
  const perYear = settings.barsPerYear === null ? "unknown" : settings.barsPerYear.toFixed(1);
  return [
    models,
    `Series: ${series.name}, ${series.bars} ${series.timeframe} bars from ${series.start} to ${series.end}. ` +
      `A decision every ${settings.step} bars from bar ${settings.windowBars} on (${result.decisions.length} decisions), each seeing the ${settings.windowBars} bars up to its decision bar and nothing after; ` +
      `the position is entered at that bar's close and held ${settings.horizon} bars or to the next decision. Cost: ${settings.costBps} bps a side (open, close, flip; none to keep a side). Random: seed ${settings.seed}.`,
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
