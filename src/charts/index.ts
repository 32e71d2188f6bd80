// The charts' public surface: trendline fitting and Plotly figure builders (pure), and the PNG renderer (I/O).
export { type BarAxis, type BarAxisOptions, type BarLabels, buildBarAxis, formatBarLabels } from "./bar-axis";
export { buildCandlestickTrace, type CandleColors } from "./candlestick-trace";
export { type ChartColor, chartColors, type ChartOptions, chartOptionsSchema, colorName } from "./chart-style";
export type { CandlestickTrace, LineTrace, PlotlyFigure, PlotlyLayout, PlotlyTrace } from "./figure-types";
export { buildPatternFigure, PATTERN_CHART_BAR_COUNT, type PatternFigureOptions } from "./pattern-figure";
export {
  type ChartRenderer,
  ChartRendererClosedError,
  type ChartRendererOptions,
  chartRendererOptionsSchema,
  ChartRenderError,
  type ChartRendererStatus,
  createChartRenderer,
  type RenderableFigure,
  type RenderOptions,
} from "./png-renderer";
export { readPngSize } from "./png-size";
export { leastSquaresLine, lineValueAt, lineValues, type StraightLine } from "./straight-line";
export { buildTrendFigure, TREND_LINE_STYLES, type TrendFigureOptions, type TrendLineStyle } from "./trend-figure";
export { fitTrendline, type TrendlineSide } from "./trendline-fit";
export {
  fitCandleTrendlines,
  fitHighLowTrendlines,
  fitTrendlines,
  resistanceLine,
  supportLine,
  type TrendlineFit,
  TrendlineInputError,
} from "./trendlines";
