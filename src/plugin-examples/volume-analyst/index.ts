// An example plugin: a volume analyst beside the built-in three. It reads On-Balance Volume against price and the
// window's volume-weighted average price (VWAP), writes a short report from the numbers (no model call, so it costs
// nothing), and the Decision agent weighs it with the other reports. Not on by default: pass it to createPipeline
// ({ plugins: [volumeAnalyst] }) or name it in QUANTAGENT_PLUGINS ("quantagent-ts/plugins/volume-analyst").
//
// How to read it: OBV adds a bar's volume when it closes up and subtracts it when it closes down, so OBV rising
// while price falls (a bullish divergence) suggests accumulation, and the reverse distribution. Indices report no
// volume; the analyst then says it cannot judge rather than invent a reading.
import { leastSquaresLine } from "../../common/least-squares";
import type { Candle } from "../../market/candle";
import { definePlugin } from "../../plugins/define-plugin";

/** On-Balance Volume at each bar, starting at 0. */
export function onBalanceVolume(candles: readonly Candle[]): number[] {
  const values: number[] = [];
  let total = 0;
  candles.forEach((candle, index) => {
    const previous = candles[index - 1];
    if (previous)
      total += candle.close > previous.close ? candle.volume : candle.close < previous.close ? -candle.volume : 0;
    values.push(total);
  });
  return values;
}

/** The window's VWAP, from each bar's typical price (high + low + close) / 3. */
export function volumeWeightedAveragePrice(candles: readonly Candle[]): number | undefined {
  const volume = candles.reduce((sum, candle) => sum + candle.volume, 0);
  if (volume === 0) return undefined;
  return (
    candles.reduce((sum, candle) => sum + ((candle.high + candle.low + candle.close) / 3) * candle.volume, 0) / volume
  );
}

/** The least-squares slope of values over their index, per bar, relative to their mean absolute size. */
function relativeSlope(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const scale = values.reduce((sum, value) => sum + Math.abs(value), 0) / values.length || 1;
  return leastSquaresLine(values).slope / scale;
}

function direction(slope: number): "rising" | "falling" | "flat" {
  if (Math.abs(slope) < 1e-4) return "flat";
  return slope > 0 ? "rising" : "falling";
}

/** The report the analyst writes for a window of candles. */
export function volumeReport(candles: readonly Candle[]): string {
  const last = candles[candles.length - 1];
  if (!last || candles.every((candle) => candle.volume === 0)) {
    return "No volume data for this instrument (indices report none): volume cannot confirm or contradict the price action.";
  }
  const obv = onBalanceVolume(candles);
  const obvTrend = direction(relativeSlope(obv));
  const priceTrend = direction(relativeSlope(candles.map((candle) => candle.close)));
  const vwap = volumeWeightedAveragePrice(candles) ?? last.close;
  const vwapGap = ((last.close - vwap) / vwap) * 100;
  const reading =
    obvTrend === "rising" && priceTrend === "falling"
      ? "a bullish divergence: volume is accumulating while price falls"
      : obvTrend === "falling" && priceTrend === "rising"
        ? "a bearish divergence: volume is leaving while price rises"
        : obvTrend === priceTrend
          ? `volume confirms the ${priceTrend} price`
          : `volume is ${obvTrend} while price is ${priceTrend}: no clear signal`;
  return [
    `On-Balance Volume is ${obvTrend} over the ${candles.length} bars while the close is ${priceTrend}: ${reading}.`,
    `The last close (${last.close}) is ${Math.abs(vwapGap).toFixed(2)}% ${vwapGap >= 0 ? "above" : "below"} the window's VWAP (${vwap.toPrecision(6)}), so buyers ${vwapGap >= 0 ? "hold" : "do not hold"} the volume-weighted average.`,
  ].join("\n");
}

export const volumeAnalystPlugin = definePlugin({
  name: "volume-analyst",
  version: "1.0.0",
  analysts: [
    { name: "volume", title: "Volume report (OBV and VWAP)", run: async ({ candles }) => volumeReport(candles) },
  ],
});

export default volumeAnalystPlugin;
