// The x axis of every chart: bar index 0..n-1 on a linear axis, labelled with the bars' UTC dates at a few ticks.
//
// Why not a date axis: markets close overnight and at weekends, and a date axis draws those closures as empty
// stretches that squeeze the candles and that a vision model can mistake for price gaps. A category axis would also
// avoid holes, but it labels ticks with the raw category strings at spacings Plotly picks, and every line would need
// a category per point. A linear bar-index axis keeps the fitted lines in the x of their fit (slope = price per bar),
// and the tick labels, chosen here, say when each bar opened.
//
// A blind window's bars carry their number instead of a time (market/blind-candles.ts): with `labels: "bar-number"`
// the ticks show those numbers and nothing on the axis is a date.
import { isUtcMidnight, utcDay, utcMinute } from "../common/utc-time";

/** What the x axis labels bars with: their open time in UTC, or their number (the `time` of a blind window's bars). */
export type BarLabels = "time" | "bar-number";

export interface BarAxis {
  /** Bar indexes 0..n-1, the x of every trace. */
  x: number[];
  /** The date label of every bar (for hover text). */
  labels: string[];
  tickvals: number[];
  ticktext: string[];
  range: [number, number];
}

export interface BarAxisOptions {
  /** About how many labelled ticks to show; 8 fits 1280 px with full date-time labels. */
  targetTickCount?: number;
  /** @default "time" */
  labels?: BarLabels;
}

export function buildBarAxis(times: readonly number[], options: BarAxisOptions = {}): BarAxis {
  const targetTickCount = options.targetTickCount ?? 8;
  const labels = options.labels === "bar-number" ? times.map((time) => String(time)) : formatBarLabels(times);
  const every = Math.max(1, Math.ceil(times.length / targetTickCount));
  const tickvals: number[] = [];
  const ticktext: string[] = [];
  labels.forEach((label, index) => {
    if (index % every !== 0) return;
    tickvals.push(index);
    ticktext.push(label);
  });
  return {
    x: times.map((_, index) => index),
    labels,
    tickvals,
    ticktext,
    // Half a bar of room on each side so the first and last candle bodies are whole.
    range: [-0.5, times.length - 0.5],
  };
}

/** "2024-05-01 13:30" in UTC; just "2024-05-01" when every bar opens at midnight (daily and longer bars). */
export function formatBarLabels(times: readonly number[]): string[] {
  return times.map(times.every(isUtcMidnight) ? utcDay : utcMinute);
}
