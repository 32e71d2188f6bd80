// An evaluation report as a list of blocks (headings, paragraphs, tables, lists, figures): built once from the
// result by pure functions, then written as markdown, as HTML, or into a notebook, so every form says the same.
// Text in blocks is plain text (no markdown, no HTML): each renderer escapes it for its own format.
import type { ScoreHorizon } from "./evaluation-protocol";

export interface ReportTable {
  header: string[];
  rows: string[][];
  /** Rows drawn as summaries (bold in markdown, set apart in HTML). */
  summaryRows?: number[];
}

export type FigureId = "accuracy" | "mean-return" | "mirror";

export type ReportBlock =
  | { kind: "heading"; level: 1 | 2 | 3; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "code"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "table"; table: ReportTable }
  | { kind: "figure"; figure: FigureId; horizon: ScoreHorizon; title: string };

/** The file-name part of a figure: "accuracy-k1", "mean-return-pooled". */
export function figureSlug(block: { figure: FigureId; horizon: ScoreHorizon }): string {
  return `${block.figure}-${block.horizon === "pooled" ? "pooled" : `k${block.horizon}`}`;
}
