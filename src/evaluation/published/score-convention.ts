// Scores the baselines of the published table under one scoring convention, straight from benchmark windows, so
// conventions can be compared with the published random and linear-regression figures. Pure.
//
// A convention says where the entry is, which moves are neutral and what a neutral move does to the score. The
// random baseline is scored by its expectation (the limit of many seeds): with two classes a sample is won by
// LONG, by SHORT or by neither, so a fair coin expects (LONG's wins + SHORT's wins) / 2 of the samples; with a third
// class HOLD that wins the neutral samples, a fair three-sided die expects exactly 1/3.
import { InputError } from "../../common/input-error";
import { itemAt } from "../../common/item-at";
import { olsSlope } from "../../scoring/baselines";
import { type BenchmarkWindow, windowBar } from "../decision-points";

export interface ConventionSpec {
  /** 0-based index in the window of the entry bar (44: the 45th bar). */
  entryIndex: number;
  /** The entry price: the entry bar's close, or the next bar's open (the first price one could trade at). */
  entryPrice: "close" | "next-open";
  /** Bars after the entry bar whose closes are the samples. */
  horizons: readonly number[];
  /** A move r with |r| <= neutralBand is neutral; 0 makes only exact ties neutral. */
  neutralBand: number;
  /** Neutral samples are left out of the denominator, or kept (a miss for LONG and SHORT). */
  neutral: "excluded" | "kept";
  /** 3 adds HOLD, which wins the neutral samples (the random baseline draws from all three). */
  classes: 2 | 3;
  /** Linear regression: closes fitted (ending at the entry bar), and whether its slope or its next-bar forecast decides. */
  regression: { bars: number; rule: "slope" | "forecast" };
  /** What a slope of exactly zero answers. */
  ties: "LONG" | "SHORT";
}

/** Accuracy (0..1) per asset of each baseline under a convention, and their means over assets. */
export interface ConventionScores {
  alwaysLong: Record<string, number>;
  random: Record<string, number>;
  linearRegression: Record<string, number>;
}

/** +1 LONG, -1 SHORT: what linear regression answers on a window under the convention. */
export function regressionSign(
  closes: readonly number[],
  spec: Pick<ConventionSpec, "entryIndex" | "regression" | "ties">,
): 1 | -1 {
  const { bars, rule } = spec.regression;
  const fitted = closes.slice(spec.entryIndex - bars + 1, spec.entryIndex + 1);
  if (fitted.length !== bars)
    throw new InputError({
      code: "invalid_argument",
      message: `Linear regression over ${bars} bars needs ${bars} closes up to bar ${spec.entryIndex + 1}`,
    });
  const slope = olsSlope(fitted);
  // The fitted line's value one bar after the last close: mean + slope * (n - mean x), with mean x = (n - 1) / 2.
  const mean = fitted.reduce((sum, value) => sum + value, 0) / bars;
  const signal = rule === "slope" ? slope : mean + slope * ((bars + 1) / 2) - itemAt(fitted, bars - 1);
  if (signal === 0) return spec.ties === "LONG" ? 1 : -1;
  return signal > 0 ? 1 : -1;
}

export function scoreConvention(
  windowsByAsset: ReadonlyMap<string, readonly BenchmarkWindow[]>,
  spec: ConventionSpec,
): ConventionScores {
  const scores: ConventionScores = { alwaysLong: {}, random: {}, linearRegression: {} };
  for (const [asset, windows] of windowsByAsset) {
    let samples = 0;
    let longWins = 0;
    let shortWins = 0;
    let holdWins = 0;
    let regressionWins = 0;
    for (const window of windows) {
      const closes = window.candles.map((candle) => candle.close);
      const entry =
        spec.entryPrice === "close"
          ? windowBar(window, spec.entryIndex).close
          : windowBar(window, spec.entryIndex + 1).open;
      const regression = regressionSign(closes, spec);
      for (const horizon of spec.horizons) {
        const exit = windowBar(window, spec.entryIndex + horizon).close;
        const move = exit / entry - 1;
        const isNeutral = Math.abs(move) <= spec.neutralBand;
        if (isNeutral && spec.neutral === "excluded") continue;
        samples += 1;
        if (isNeutral) holdWins += 1;
        else if (move > 0) longWins += 1;
        else shortWins += 1;
        if (!isNeutral && Math.sign(move) === regression) regressionWins += 1;
      }
    }
    scores.alwaysLong[asset] = longWins / samples;
    scores.random[asset] =
      spec.classes === 2 ? (longWins + shortWins) / 2 / samples : (longWins + shortWins + holdWins) / 3 / samples;
    scores.linearRegression[asset] = regressionWins / samples;
  }
  return scores;
}

/** Mean, lowest and highest of per-asset values: the published table's summary. */
export function summarise(perAsset: Readonly<Record<string, number>>): { mean: number; low: number; high: number } {
  const values = Object.values(perAsset);
  if (values.length === 0) throw new InputError({ code: "invalid_argument", message: "Nothing to summarise" });
  return {
    mean: values.reduce((sum, value) => sum + value, 0) / values.length,
    low: Math.min(...values),
    high: Math.max(...values),
  };
}
