// The chart-reading probe's report as blocks (src/reports/): the verdict in words first, what was planted and run, the
// three scores against their chance rates, every shape's row, the confusion matrix of the Pattern agent's picks (a
// figure, and the same counts as a table) and how to read each number. Markdown, HTML and the notebook view are
// written from these. Pure.
import { DEMO_LABEL } from "../config/providers";
import type { FigureBlock, ReportBlock, ReportTable } from "../reports/report-blocks";
import type { ProbeFigureId } from "./probe-figures";
import type { ProbeResult, ProbeScore, ShapeScore } from "./probe-result";
import { formatProbability, percent } from "./probe-verdict";
import { TREND_MOVE } from "./shapes/probe-series";
import { SHAPE_CATALOG } from "./shapes/shape-catalog";

export interface ProbeFigureBlock extends FigureBlock {
  figure: ProbeFigureId;
}
export type ProbeReportBlock = ReportBlock<ProbeFigureBlock>;

export function probeTitle(result: ProbeResult): string {
  return `Chart-reading probe: ${result.settings.models.graph.model}`;
}

function summary(result: ProbeResult): string[] {
  const { settings, usage } = result;
  const { graph, agent } = settings.models;
  const tokens = usage.freshTokens.inputTokens + usage.freshTokens.outputTokens;
  return [
    ...(result.demo
      ? [
          `${DEMO_LABEL}: the answers come from the demo provider's scripts (its trend from the fitted lines' slopes, its directive from a rule on the indicators), not from a model reading the charts.`,
        ]
      : []),
    `Model: ${graph.provider} ${graph.model} (graph) and ${agent.model} (agent), temperature ${graph.temperature}, prompts version ${settings.promptVersion}. Always blind: the agents saw bars numbered from 1, prices rescaled so the last close is 100, and "an asset".`,
    `Planted: ${settings.shapes.length} shape${settings.shapes.length === 1 ? "" : "s"} × ${settings.perShape} series = ${result.points.length} series of ${settings.bars} ${settings.timeframe} bars, noise ${settings.noise} (the standard deviation of each close around the planted outline, as a fraction of price), seed ${settings.seed}. Each series was drawn and prompted exactly as a real window.`,
    `Analyses failed: ${result.errors} of ${result.points.length}. Model calls: ${usage.freshCalls} sent (${tokens} tokens), ${usage.cachedCalls} from the cache; ${result.points.filter((point) => point.cached).length} decisions from the decision cache. Cost: $${usage.estimatedCostUsd.toFixed(4)} (${usage.costLabel}).`,
  ];
}

function scoreRow(name: string, score: ProbeScore): string[] {
  return [
    name,
    String(score.n),
    String(score.hits),
    percent(score.accuracy),
    score.n === 0 ? "–" : `${percent(score.chance)} (always "${score.chanceAnswer}")`,
    score.n === 0 ? "–" : formatProbability(score.pValue),
    score.n === 0 ? "–" : formatProbability(score.pValueBelow),
  ];
}

function scoresTable(result: ProbeResult): ReportTable {
  const { pattern, trend, directive } = result.scores;
  return {
    header: ["Score", "Series", "Hits", "Accuracy", "Chance (best constant answer)", "p (better)", "p (worse)"],
    rows: [
      pattern.scored
        ? scoreRow("Pattern named (Pattern agent)", pattern.overall)
        : ["Pattern named (Pattern agent)", "not scored", "–", "–", "–", "–", "–"],
      scoreRow("Trend direction (Trend agent)", trend.overall),
      scoreRow("Directive vs textbook direction", directive.overall),
    ],
  };
}

function hitsOf(rows: readonly ShapeScore[] | undefined, shape: string): string {
  const row = rows?.find((candidate) => candidate.shape === shape);
  return row && row.n > 0 ? `${row.hits}/${row.n}` : "–";
}

function shapesTable(result: ProbeResult): ReportTable {
  const { pattern, trend, directive } = result.scores;
  return {
    header: ["Shape", "Pattern", "Textbook direction", "Series", "Pattern named", "Trend called", "Directive right"],
    rows: result.settings.shapes.map((shape) => {
      const entry = SHAPE_CATALOG[shape];
      return [
        shape,
        entry.patternName ?? "none (a plain trend)",
        entry.direction ?? "either",
        String(result.points.filter((point) => point.label.shape === shape).length),
        pattern.scored ? hitsOf(pattern.perShape, shape) : "–",
        hitsOf(trend.perShape, shape),
        hitsOf(directive.perShape, shape),
      ];
    }),
  };
}

function confusionTable(result: ProbeResult): ReportTable | undefined {
  if (!result.scores.pattern.scored) return undefined;
  const { confusion } = result.scores.pattern;
  return {
    header: ["Planted \\ named", ...confusion.columns],
    rows: confusion.rows.map((shape, index) => [shape, ...confusion.counts[index]!.map(String)]),
  };
}

const HOW_TO_READ = [
  "Pattern named: the first of the recognised pattern names the Pattern agent's report writes (the sixteen its prompt lists, and Double Top and Head and Shoulders, which that list leaves out), against the planted pattern's name; \"No clear pattern\" first, or no name at all, is none. Scored on the planted patterns; on the plain trends, where none was planted, a name is a false alarm.",
  `Trend direction: the Trend agent's "Trend:" line against the direction of the planted slope (the least-squares line through the planted closes, before noise): upward when it rises ${TREND_MOVE.trend * 100}% or more over the series, downward when it falls as much, sideways within ${TREND_MOVE.sideways * 100}%; series in between are not scored. A report without a "Trend:" line is a miss. The Trend agent's prompt also states the fitted lines' slopes as numbers, so this score is not only chart reading.`,
  "Directive: LONG or SHORT against the textbook direction of the planted shape (a double top SHORT, a bullish flag LONG, an uptrend LONG); a symmetrical triangle and a sideways trend have none and are not scored.",
  "Chance: the accuracy of the best constant answer on the same series, the share of the most common right answer. A reader that ignores the chart can do no better.",
  "p (better): the exact binomial probability of at least this many hits if each series were right with the chance rate; under 0.05, better than chance at the 5% level. p (worse): the probability of at most this many; under 0.05, worse than chance.",
  'Confusion matrix: one row per planted shape, one column per name the agent gave ("none" last); each cell counts the series of that shape read as that name. A chart reader fills the cells where a shape meets its own name; a constant answer fills one column.',
];

export function probeReportBlocks(result: ProbeResult): ProbeReportBlock[] {
  const confusion = confusionTable(result);
  const failed = result.points.filter((point) => point.error !== undefined);
  return [
    { kind: "heading", level: 1, text: probeTitle(result) },
    ...result.verdict.map((text): ProbeReportBlock => ({ kind: "paragraph", text })),
    { kind: "heading", level: 2, text: "What was run" },
    ...summary(result).map((text): ProbeReportBlock => ({ kind: "paragraph", text })),
    { kind: "heading", level: 2, text: "Scores against chance" },
    { kind: "table", table: scoresTable(result) },
    { kind: "heading", level: 2, text: "Per shape" },
    { kind: "table", table: shapesTable(result) },
    ...(confusion
      ? ([
          { kind: "heading", level: 2, text: "What the Pattern agent named" },
          {
            kind: "figure",
            slug: "confusion",
            title: "Confusion matrix of the Pattern agent's picks",
            figure: "confusion",
          },
          { kind: "table", table: confusion },
        ] satisfies ProbeReportBlock[])
      : []),
    { kind: "heading", level: 2, text: "How to read it" },
    { kind: "list", items: HOW_TO_READ },
    ...(failed.length > 0
      ? ([
          { kind: "heading", level: 2, text: "Failed analyses" },
          { kind: "list", items: failed.map((point) => `${point.label.id}: ${point.error}`) },
        ] satisfies ProbeReportBlock[])
      : []),
  ];
}
