// The Trend agent's chart: translucent candlesticks of the window with the fitted trendlines: close-based support
// (blue, solid) and resistance (red, solid), low-based support (purple, dashed) and high-based resistance (amber,
// dashed), with a legend naming each line.
import { InputError } from "../common/input-error";
import type { Candle } from "../market/candle";
import { buildBarAxis } from "./bar-axis";
import { buildCandlestickTrace } from "./candlestick-trace";
import {
  baseLayout,
  CHART_FONT_SIZE,
  type ChartColor,
  chartColors,
  type ChartOptions,
  chartOptionsSchema,
  chartSubject,
  TREND_CANDLE_OPACITY,
} from "./chart-style";
import type { LineTrace, PlotlyFigure } from "./figure-types";
import { buildPriceAxis } from "./price-axis";
import { lineValues, type StraightLine } from "./straight-line";
import { fitCandleTrendlines, resistanceLine, supportLine, type TrendlineFit } from "./trendlines";

/** One of the four trendlines: how it is fitted and how it is drawn. */
export interface TrendLineStyle {
  /** The name in the chart's legend. */
  legend: string;
  kind: "support" | "resistance";
  /** The series it is fitted to. */
  fittedTo: "closes" | "lows" | "highs";
  color: ChartColor;
  dash: "solid" | "dash";
}

/**
 * The trend chart's lines, in legend order. The figure draws them from this table and the Trend agent's prompt
 * describes them from it, so what the model is told about a line is what the image shows.
 */
export const TREND_LINE_STYLES = {
  closeSupport: {
    legend: "Support (close)",
    kind: "support",
    fittedTo: "closes",
    color: chartColors.closeSupport,
    dash: "solid",
  },
  closeResistance: {
    legend: "Resistance (close)",
    kind: "resistance",
    fittedTo: "closes",
    color: chartColors.closeResistance,
    dash: "solid",
  },
  lowSupport: {
    legend: "Support (lows)",
    kind: "support",
    fittedTo: "lows",
    color: chartColors.lowSupport,
    dash: "dash",
  },
  highResistance: {
    legend: "Resistance (highs)",
    kind: "resistance",
    fittedTo: "highs",
    color: chartColors.highResistance,
    dash: "dash",
  },
} as const satisfies Record<string, TrendLineStyle>;

export interface TrendFigureOptions extends ChartOptions {
  /** Fits already computed for these candles (the pipeline reports them too); fitted here when absent. */
  trendlines?: { close: TrendlineFit; highLow: TrendlineFit };
}

export function buildTrendFigure(candles: readonly Candle[], options: TrendFigureOptions = {}): PlotlyFigure {
  const { trendlines, ...chartOptions } = options;
  if (candles.length < 2)
    throw new InputError({
      code: "invalid_argument",
      message: `A trend chart needs at least 2 candles (got ${candles.length})`,
    });
  const resolved = chartOptionsSchema.parse(chartOptions);
  const fits = trendlines ?? fitCandleTrendlines(candles);
  const axis = buildBarAxis(
    candles.map((candle) => candle.time),
    { labels: resolved.barLabels },
  );
  const subject = chartSubject(resolved);
  const title = `${subject ? `${subject}: ` : ""}support and resistance trendlines, ${candles.length} bars`;

  const line = (style: TrendLineStyle, fitted: StraightLine): LineTrace => ({
    type: "scatter",
    mode: "lines",
    name: style.legend,
    x: axis.x,
    y: lineValues(fitted, candles.length),
    line: { color: style.color, width: style.dash === "solid" ? 2.5 : 2, dash: style.dash },
    hoverinfo: "name+y",
    showlegend: true,
  });

  const candlesticks = buildCandlestickTrace(
    candles,
    axis,
    {
      up: { line: chartColors.upCandle, fill: chartColors.upCandle },
      down: { line: chartColors.downCandle, fill: chartColors.downCandle },
    },
    "Price",
    TREND_CANDLE_OPACITY,
  );
  const lines = [
    line(TREND_LINE_STYLES.closeSupport, supportLine(fits.close)),
    line(TREND_LINE_STYLES.closeResistance, resistanceLine(fits.close)),
    line(TREND_LINE_STYLES.lowSupport, supportLine(fits.highLow)),
    line(TREND_LINE_STYLES.highResistance, resistanceLine(fits.highLow)),
  ];
  // The range holds the lines too: a support line can run below every low at the window's ends.
  const prices = buildPriceAxis([...candlesticks.low, ...candlesticks.high, ...lines.flatMap((trace) => trace.y)], {
    fontSize: CHART_FONT_SIZE,
  });
  return { data: [candlesticks, ...lines], layout: baseLayout(resolved, axis, prices, title, true) };
}
