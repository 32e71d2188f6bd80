// The dashed line at 50% that accuracy charts draw across the plot: what a coin flip scores, for reading an
// accuracy against it (the evaluation report's figures and the journal's accuracy over time).

import { RULE_COLOR } from "./report-figure-style";

/** A Plotly layout shape: a horizontal dashed line at y = 50 spanning the plot's width. */
export const COIN_FLIP_LINE = {
  type: "line",
  xref: "paper",
  x0: 0,
  x1: 1,
  y0: 50,
  y1: 50,
  line: { color: RULE_COLOR, width: 1, dash: "dash" },
} as const;
