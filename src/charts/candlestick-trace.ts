// The candlestick trace both charts draw, from candles and the bar axis (x = bar index, hover text = bar date).
import type { Candle } from "../market/candle";
import type { BarAxis } from "./bar-axis";
import type { CandlestickTrace } from "./figure-types";

export interface CandleColors {
  up: { line: string; fill: string };
  down: { line: string; fill: string };
}

export function buildCandlestickTrace(
  candles: readonly Candle[],
  axis: BarAxis,
  colors: CandleColors,
  name = "Price",
  opacity = 1,
): CandlestickTrace {
  return {
    type: "candlestick",
    name,
    x: axis.x,
    open: candles.map((candle) => candle.open),
    high: candles.map((candle) => candle.high),
    low: candles.map((candle) => candle.low),
    close: candles.map((candle) => candle.close),
    hovertext: axis.labels,
    hoverinfo: "text+y",
    increasing: { line: { color: colors.up.line, width: 1.5 }, fillcolor: colors.up.fill },
    decreasing: { line: { color: colors.down.line, width: 1.5 }, fillcolor: colors.down.fill },
    showlegend: false,
    opacity,
  };
}
