// A report as a list of blocks (headings, paragraphs, tables, lists, figures): built once from a run's result by pure
// functions, then written as markdown, as HTML, or into a notebook, so every form says the same. The evaluation and
// the backtest both build their reports from these blocks. Text in blocks is plain text (no markdown, no HTML): each
// renderer escapes it for its own format.

export interface ReportTable {
  header: string[];
  rows: string[][];
  /** Rows drawn as summaries (bold in markdown, set apart in HTML). */
  summaryRows?: number[];
}

/** A figure's place in a report: `slug` names its PNG (<report name>.<slug>.png) and its entry in the HTML. */
export interface FigureBlock {
  kind: "figure";
  slug: string;
  title: string;
}

/** The blocks of a report; a report's own figure blocks may carry more (what to draw) beside the slug. */
export type ReportBlock<Figure extends FigureBlock = FigureBlock> =
  | { kind: "heading"; level: 1 | 2 | 3; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "code"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "table"; table: ReportTable }
  | Figure;
