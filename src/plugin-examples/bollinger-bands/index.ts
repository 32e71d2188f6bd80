// An example plugin: Bollinger Bands as two indicator tools for the Indicator agent (the replaced system's website
// says its agent uses them; the built-in five do not include them). Not on by default: pass it to createPipeline
// ({ plugins: [bollingerBands] }) or name it in QUANTAGENT_PLUGINS ("quantagent-ts/plugins/bollinger-bands").
//
// %B places the close within the bands (0 = lower band, 1 = upper band, outside 0..1 = beyond a band); bandwidth
// is the bands' width relative to their middle, which narrows before breakouts (the "squeeze").
import { z } from "zod";

import type { Candle } from "../../market/candle";
import { definePlugin } from "../../plugins/define-plugin";

const parameters = z.strictObject({
  period: z.int().min(2).max(200).default(20).describe("moving-average look-back in bars, standard 20"),
  deviations: z.number().min(0.5).max(4).default(2).describe("band distance in standard deviations, standard 2"),
});
type Parameters = z.output<typeof parameters>;

export interface Band {
  middle: number;
  upper: number;
  lower: number;
}

/** Middle (SMA), upper and lower band at each bar; undefined while the look-back is not yet full. Population deviation, as TA-Lib. */
export function bollingerBands(closes: readonly number[], options: Parameters): (Band | undefined)[] {
  return closes.map((_, index) => {
    if (index + 1 < options.period) return undefined;
    const window = closes.slice(index + 1 - options.period, index + 1);
    const middle = window.reduce((sum, value) => sum + value, 0) / window.length;
    const variance = window.reduce((sum, value) => sum + (value - middle) ** 2, 0) / window.length;
    const spread = options.deviations * Math.sqrt(variance);
    return { middle, upper: middle + spread, lower: middle - spread };
  });
}

function percentB(candles: readonly Candle[], options: Parameters): (number | null)[] {
  const closes = candles.map((candle) => candle.close);
  return bollingerBands(closes, options).map((band, index) => {
    if (!band) return null;
    const width = band.upper - band.lower;
    return width === 0 ? 0.5 : ((closes[index] ?? band.middle) - band.lower) / width;
  });
}

function bandwidth(candles: readonly Candle[], options: Parameters): (number | null)[] {
  return bollingerBands(
    candles.map((candle) => candle.close),
    options,
  ).map((band) => (band ? (band.upper - band.lower) / band.middle : null));
}

export const bollingerBandsPlugin = definePlugin({
  name: "bollinger-bands",
  version: "1.0.0",
  indicators: [
    {
      name: "compute_bollinger_percent_b",
      description:
        "Bollinger %B: where the close sits within the bands. 0 = lower band, 1 = upper band; above 1 or below 0 the close is outside the bands.",
      parameters,
      compute: percentB,
    },
    {
      name: "compute_bollinger_bandwidth",
      description:
        "Bollinger bandwidth: (upper - lower) / middle. Low and falling values are a squeeze that often precedes a breakout.",
      parameters,
      compute: bandwidth,
    },
  ],
});

export default bollingerBandsPlugin;
