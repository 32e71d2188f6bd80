// The two charts of an analysis, the Pattern agent's and the Trend agent's. Their Plotly figures are built by pure
// functions before anything is spent (a figure that cannot be built fails the analysis at no cost); drawing them to
// PNG in Chromium is the analysis's "charts" step, which reports each chart as it is rendered.
import type { ChartOptions } from "../charts/chart-style";
import type { PlotlyFigure } from "../charts/figure-types";
import { buildPatternFigure } from "../charts/pattern-figure";
import type { ChartRenderer } from "../charts/png-renderer";
import { buildTrendFigure, type TrendFigureOptions } from "../charts/trend-figure";
import type { Candle } from "../market/candle";
import { settleAll } from "./analysis-steps";
import type { ProgressListener } from "./progress-events";

export type AnalysisChart = "pattern" | "trend";
export type AnalysisFigures = Record<AnalysisChart, PlotlyFigure>;
export type DrawnCharts = Record<AnalysisChart, Buffer>;

export function buildAnalysisFigures(
  candles: readonly Candle[],
  options: ChartOptions,
  fits: NonNullable<TrendFigureOptions["trendlines"]>,
): AnalysisFigures {
  return {
    pattern: buildPatternFigure(candles, options),
    trend: buildTrendFigure(candles, { ...options, trendlines: fits }),
  };
}

/** Both charts at once (the renderer's warm pages draw them side by side), each announced as `chart-rendered`. */
export async function drawAnalysisCharts(
  figures: AnalysisFigures,
  options: { renderer: ChartRenderer; signal: AbortSignal; emit: ProgressListener },
): Promise<DrawnCharts> {
  const draw = async (chart: AnalysisChart): Promise<Buffer> => {
    const started = performance.now();
    const bytes = await options.renderer.render(figures[chart], { signal: options.signal });
    options.emit({
      type: "chart-rendered",
      chart,
      at: Date.now(),
      durationMs: performance.now() - started,
      bytes: bytes.length,
    });
    return bytes;
  };
  const [pattern, trend] = await settleAll([draw("pattern"), draw("trend")], options.signal);
  return { pattern, trend };
}
