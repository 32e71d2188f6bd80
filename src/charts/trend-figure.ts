// The Trend agent's chart: translucent candlesticks of the window with the fitted trendlines: close-based support
// (blue, solid) and resistance (red, solid), low-based support (purple, dashed) and high-based resistance (amber,
// dashed), with a legend naming each line.
import type { Candle } from "../market/candle";
import { buildBarAxis } from "./bar-axis";
import { buildCandlestickTrace } from "./candlestick-trace";
import { baseLayout, CHART_FONT_SIZE, chartColors, chartOptionsSchema, chartSubject, TREND_CANDLE_OPACITY, type ChartOptions } from "./chart-style";
import type { LineTrace, PlotlyFigure } from "./figure-types";
import { buildPriceAxis } from "./price-axis";
import { lineValues, type StraightLine } from "./straight-line";
import { fitCandleTrendlines, resistanceLine, supportLine, type TrendlineFit } from "./trendlines";

export interface TrendFigureOptions extends ChartOptions {
  /** Fits already computed for these candles (the pipeline reports them too); fitted here when absent. */
  trendlines?: { close: TrendlineFit; highLow: TrendlineFit };
}

export function buildTrendFigure(candles: readonly Candle[], options: TrendFigureOptions = {}): PlotlyFigure {
  const { trendlines, ...chartOptions } = options;
  if (candles.length < 2) throw new RangeError(`A trend chart needs at least 2 candles (got ${candles.length})`);
  const resolved = chartOptionsSchema.parse(chartOptions);
  const fits = trendlines ?? fitCandleTrendlines(candles);
  const axis = buildBarAxis(candles.map((candle) => candle.time));
  const subject = chartSubject(resolved);
  const title = `${subject ? `${subject}: ` : ""}support and resistance trendlines, ${candles.length} bars`;

  const line = (name: string, fitted: StraightLine, color: string, dash: LineTrace["line"]["dash"]): LineTrace => ({
    type: "scatter",
    mode: "lines",
    name,
    x: axis.x,
    y: lineValues(fitted, candles.length),
    line: { color, width: dash === "solid" ? 2.5 : 2, dash },
    hoverinfo: "name+y",
    showlegend: true,
  });

  const candlesticks = buildCandlestickTrace(
    candles,
    axis,
    { up: { line: chartColors.upCandle, fill: chartColors.upCandle }, down: { line: chartColors.downCandle, fill: chartColors.downCandle } },
    "Price",
    TREND_CANDLE_OPACITY,
  );
  const lines = [
    line("Support (close)", supportLine(fits.close), chartColors.closeSupport, "solid"),
    line("Resistance (close)", resistanceLine(fits.close), chartColors.closeResistance, "solid"),
    line("Support (lows)", supportLine(fits.highLow), chartColors.lowSupport, "dash"),
    line("Resistance (highs)", resistanceLine(fits.highLow), chartColors.highResistance, "dash"),
  ];
  // The range holds the lines too: a support line can run below every low at the window's ends.
  const prices = buildPriceAxis([...candlesticks.low, ...candlesticks.high, ...lines.flatMap((trace) => trace.y)], { fontSize: CHART_FONT_SIZE });
  return { data: [candlesticks, ...lines], layout: baseLayout(resolved, axis, prices, title, true) };
}
