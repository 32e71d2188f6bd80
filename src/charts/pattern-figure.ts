// The Pattern agent's chart: candlesticks of the last 40 bars, nothing else, for pattern recognition.
import { InputError } from "../common/input-error";
import type { Candle } from "../market/candle";
import { buildBarAxis } from "./bar-axis";
import { buildCandlestickTrace } from "./candlestick-trace";
import {
  baseLayout,
  CHART_FONT_SIZE,
  chartColors,
  type ChartOptions,
  chartOptionsSchema,
  chartSubject,
} from "./chart-style";
import type { PlotlyFigure } from "./figure-types";
import { buildPriceAxis } from "./price-axis";

export const PATTERN_CHART_BAR_COUNT = 40;

export interface PatternFigureOptions extends ChartOptions {
  /** Bars drawn, counted from the end (40 by default). */
  barCount?: number;
}

export function buildPatternFigure(candles: readonly Candle[], options: PatternFigureOptions = {}): PlotlyFigure {
  const { barCount = PATTERN_CHART_BAR_COUNT, ...chartOptions } = options;
  if (!Number.isInteger(barCount) || barCount < 1)
    throw new InputError({
      code: "invalid_argument",
      message: `barCount must be a positive integer (got ${barCount})`,
    });
  if (candles.length === 0)
    throw new InputError({ code: "invalid_argument", message: "A pattern chart needs at least one candle" });
  const resolved = chartOptionsSchema.parse(chartOptions);
  const shown = candles.slice(-barCount);
  const axis = buildBarAxis(
    shown.map((candle) => candle.time),
    { labels: resolved.barLabels },
  );
  const subject = chartSubject(resolved);
  const title = `${subject ? `${subject}: ` : ""}last ${shown.length} bars`;
  const trace = buildCandlestickTrace(shown, axis, {
    up: { line: chartColors.upCandle, fill: chartColors.upCandle },
    down: { line: chartColors.downCandle, fill: chartColors.downCandle },
  });
  const prices = buildPriceAxis([...trace.low, ...trace.high], { fontSize: CHART_FONT_SIZE });
  return { data: [trace], layout: baseLayout(resolved, axis, prices, title, false) };
}
