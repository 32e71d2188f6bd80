// The evaluation report's figure blocks: which figure (accuracy or mean return) at which horizon. The blocks
// themselves, and their markdown and HTML forms, are shared with the backtest (src/reports/).
import type { FigureBlock, ReportBlock } from "../reports/report-blocks";
import type { ScoreHorizon } from "./evaluation-protocol";

export type { ReportTable } from "../reports/report-blocks";

export type FigureId = "accuracy" | "mean-return" | "mirror" | "reliability";

export interface EvaluationFigureBlock extends FigureBlock {
  figure: FigureId;
  horizon: ScoreHorizon;
}

export type EvaluationReportBlock = ReportBlock<EvaluationFigureBlock>;

/** The file-name part of a figure: "accuracy-k1", "mean-return-pooled". */
export function figureSlug(block: { figure: FigureId; horizon: ScoreHorizon }): string {
  return `${block.figure}-${block.horizon === "pooled" ? "pooled" : `k${block.horizon}`}`;
}

/** An evaluation figure block, its slug made from the figure and the horizon. */
export function evaluationFigureBlock(figure: FigureId, horizon: ScoreHorizon, title: string): EvaluationFigureBlock {
  return { kind: "figure", slug: figureSlug({ figure, horizon }), figure, horizon, title };
}
