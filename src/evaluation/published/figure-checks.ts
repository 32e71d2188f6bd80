// Two checks on the published figures that no single convention answers: how far one seed of the random baseline
// strays (the published random figures are multiples of 1/300, so they were one draw, not an average), and how many
// of the plausible linear-regression variants print the published 51.1% by chance. Pure.
import { randomDirectives } from "../../scoring/baselines";
import { type BenchmarkWindow, windowBar } from "../decision-points";
import { PUBLISHED_PROTOCOL } from "../evaluation-protocol";
import { PUBLISHED_4H_ACCURACY, roundsTo } from "./figures";
import { type ConventionSpec, scoreConvention, summarise } from "./score-convention";

export interface RandomSeedSpread {
  seeds: number;
  firstSeed: number;
  /** The mean over assets of one seed's accuracy: its average over seeds and its 2.5% and 97.5% quantiles. */
  mean: number;
  low: number;
  high: number;
  /** Seeds whose mean over assets prints at or below the published 46.1. */
  atOrBelowPublishedMean: number;
  /** Seeds whose lowest and highest asset print as the published 45.0 and 51.0. */
  matchingRange: number;
  /** Seeds matching the mean, the lowest and the highest asset at once. */
  matchingAll: number;
}

export interface RegressionForkScan {
  /** Variants scored: fitted bars 5..45 × slope or forecast × entry bar 45 or 46 × flat moves kept or left out. */
  forks: number;
  /** Variants whose mean over assets prints as the published 51.1. */
  matching: string[];
  lowestMean: number;
  highestMean: number;
}

/** The published protocol with one coin per window per seed (the seeds of the evaluation's random baseline). */
export function randomSeedSpread(
  windowsByAsset: ReadonlyMap<string, readonly BenchmarkWindow[]>,
  options: { seeds: number; firstSeed: number },
): RandomSeedSpread {
  // Per window: how many of its three later closes are above and below the entry close.
  const counts = [...windowsByAsset.values()].map((windows) =>
    windows.map((window) => {
      const entry = PUBLISHED_PROTOCOL.historyBars - 1;
      const closeAt = (bar: number) => windowBar(window, bar).close;
      const moves = PUBLISHED_PROTOCOL.horizons.map((horizon) => closeAt(entry + horizon) - closeAt(entry));
      return {
        up: moves.filter((move) => move > 0).length,
        down: moves.filter((move) => move < 0).length,
        samples: moves.length,
      };
    }),
  );
  const published = PUBLISHED_4H_ACCURACY.random;
  const means: number[] = [];
  let matchingRange = 0;
  let matchingAll = 0;
  for (let seed = options.firstSeed; seed < options.firstSeed + options.seeds; seed++) {
    const total = counts.reduce((sum, windows) => sum + windows.length, 0);
    const coins = randomDirectives(total, seed);
    let next = 0;
    const perAsset = counts.map((windows) => {
      let correct = 0;
      let samples = 0;
      for (const window of windows) {
        correct += coins[next++] === "LONG" ? window.up : window.down;
        samples += window.samples;
      }
      return correct / samples;
    });
    const mean = perAsset.reduce((sum, value) => sum + value, 0) / perAsset.length;
    const range = roundsTo(Math.min(...perAsset), published.low) && roundsTo(Math.max(...perAsset), published.high);
    means.push(mean);
    if (range) matchingRange += 1;
    if (range && roundsTo(mean, published.mean)) matchingAll += 1;
  }
  const sorted = [...means].sort((left, right) => left - right);
  const quantile = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
  return {
    seeds: options.seeds,
    firstSeed: options.firstSeed,
    mean: means.reduce((sum, value) => sum + value, 0) / means.length,
    low: quantile(0.025),
    high: quantile(0.975),
    atOrBelowPublishedMean: means.filter((mean) => Math.round(mean * 1000) <= Math.round(published.mean * 10)).length,
    matchingRange,
    matchingAll,
  };
}

export function regressionForkScan(
  windowsByAsset: ReadonlyMap<string, readonly BenchmarkWindow[]>,
): RegressionForkScan {
  const means: { label: string; mean: number }[] = [];
  for (let bars = 5; bars <= 45; bars++) {
    for (const rule of ["slope", "forecast"] as const) {
      for (const entryIndex of [44, 45]) {
        for (const neutral of ["kept", "excluded"] as const) {
          const spec: ConventionSpec = {
            entryIndex,
            entryPrice: "close",
            horizons: [1, 2, 3],
            neutralBand: 0,
            neutral,
            classes: 2,
            regression: { bars, rule },
            ties: "LONG",
          };
          const mean = summarise(scoreConvention(windowsByAsset, spec).linearRegression).mean;
          means.push({
            label: `${bars} bars, ${rule}, entry bar ${entryIndex + 1}, flat moves ${neutral === "kept" ? "missed" : "left out"}`,
            mean,
          });
        }
      }
    }
  }
  return {
    forks: means.length,
    matching: means
      .filter((fork) => roundsTo(fork.mean, PUBLISHED_4H_ACCURACY.linear_regression.mean))
      .map((fork) => fork.label),
    lowestMean: Math.min(...means.map((fork) => fork.mean)),
    highestMean: Math.max(...means.map((fork) => fork.mean)),
  };
}
