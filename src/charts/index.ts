// The charts' public surface: trendline fitting and Plotly figure builders (pure), and the PNG renderer (I/O).
export { leastSquaresLine, lineValueAt, lineValues, type StraightLine } from "./straight-line";
export { fitTrendline, type TrendlineSide } from "./trendline-fit";
export {
  fitCandleTrendlines,
  fitHighLowTrendlines,
  fitTrendlines,
  resistanceLine,
  supportLine,
  TrendlineInputError,
  type TrendlineFit,
} from "./trendlines";
export type { CandlestickTrace, LineTrace, PlotlyFigure, PlotlyLayout, PlotlyTrace } from "./figure-types";
export { buildBarAxis, formatBarLabels, type BarAxis, type BarAxisOptions } from "./bar-axis";
export { chartColors, chartOptionsSchema, colorName, type ChartColor, type ChartOptions } from "./chart-style";
export { buildCandlestickTrace, type CandleColors } from "./candlestick-trace";
export { buildPatternFigure, PATTERN_CHART_BAR_COUNT, type PatternFigureOptions } from "./pattern-figure";
export { buildTrendFigure, TREND_LINE_STYLES, type TrendFigureOptions, type TrendLineStyle } from "./trend-figure";
export {
  chartRendererOptionsSchema,
  ChartRenderError,
  ChartRendererClosedError,
  createChartRenderer,
  type ChartRenderer,
  type ChartRendererOptions,
  type ChartRendererStatus,
  type RenderableFigure,
  type RenderOptions,
} from "./png-renderer";
export { readPngSize } from "./png-size";
