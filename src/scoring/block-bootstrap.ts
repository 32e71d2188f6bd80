// Whether the money a line made beside another could be luck: a circular block bootstrap of the two lines' per-bar
// returns, resampled together (the same bars for both, so their shared market moves cancel), in blocks of
// `blockBars` consecutive bars (a position held over several bars makes neighbouring returns depend on each other;
// blocks keep that), wrapping around the end of the series (so every bar is as likely to be drawn). Pure and seeded.
//
// For the observed series and each of `resamples` resampled ones, with R(x) = Σ x_t the line's total return summed
// over its bars (not compounded: the sum of the per-bar differences is then exactly the difference of the totals;
// for small per-bar returns it is close to the difference of the compounded totals a report's lines show) and
// S(x) = mean(x) / sd(x) the per-bar Sharpe ratio:
//   excess = R(a) − R(b) = Σ (a_t − b_t), sharpe difference = S(a) − S(b);
// the 95% intervals are the 2.5th and 97.5th percentiles of the resampled values, and the two-sided p-value of "no
// excess" is (1 + #{|excess* − excess| ≥ |excess|}) / (resamples + 1): how often resampling alone moves the excess
// as far from itself as the excess is from zero.
import { perBarSharpe } from "./return-moments";
import { mulberry32 } from "./seeded-random";

export interface BootstrapComparison {
  excessReturn: number;
  ciLow: number;
  ciHigh: number;
  pValue: number;
  /** Null when either line's returns do not vary. */
  sharpeDifference: number | null;
  sharpeCiLow: number | null;
  sharpeCiHigh: number | null;
  blockBars: number;
  resamples: number;
}

export interface BootstrapOptions {
  /** Bars per block (a backtest's step); at least 1, at most the series' length. */
  blockBars: number;
  /** @default 10000 */
  resamples?: number;
  /** @default 1 */
  seed?: number;
}

/** `a` against `b`: per-bar returns of the two lines over the same bars. */
export function blockBootstrapComparison(
  a: readonly number[],
  b: readonly number[],
  options: BootstrapOptions,
): BootstrapComparison {
  const bars = a.length;
  if (bars !== b.length) throw new RangeError(`The two lines must cover the same bars (${bars} and ${b.length})`);
  if (bars < 2) throw new RangeError(`A bootstrap needs at least 2 bars (got ${bars})`);
  const blockBars = Math.min(bars, Math.max(1, Math.round(options.blockBars)));
  const resamples = options.resamples ?? 10_000;
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError(`resamples must be a positive integer`);
  const random = mulberry32(options.seed ?? 1);

  const excessReturn = totalReturn(a) - totalReturn(b);
  const sharpeDifference = difference(perBarSharpe(a), perBarSharpe(b));
  // One pass a resample, nothing copied: each drawn bar adds its returns and their squares to four running sums,
  // from which the total returns and both Sharpe ratios follow (the sums of squares kept beside the returns).
  const valuesA = Float64Array.from(a);
  const valuesB = Float64Array.from(b);
  const squaresA = valuesA.map((value) => value * value);
  const squaresB = valuesB.map((value) => value * value);
  const excesses = new Float64Array(resamples);
  const sharpes: number[] = [];
  let farther = 0;
  for (let resample = 0; resample < resamples; resample += 1) {
    let sumA = 0;
    let sumB = 0;
    let squareSumA = 0;
    let squareSumB = 0;
    for (let filled = 0; filled < bars;) {
      let bar = Math.floor(random() * bars);
      const take = Math.min(blockBars, bars - filled);
      for (let offset = 0; offset < take; offset += 1) {
        sumA += valuesA[bar]!;
        sumB += valuesB[bar]!;
        squareSumA += squaresA[bar]!;
        squareSumB += squaresB[bar]!;
        bar = bar + 1 === bars ? 0 : bar + 1;
      }
      filled += take;
    }
    const excess = sumA - sumB;
    excesses[resample] = excess;
    if (Math.abs(excess - excessReturn) >= Math.abs(excessReturn) - 1e-12) farther += 1;
    const sharpe = difference(sharpeOfSums(sumA, squareSumA, bars), sharpeOfSums(sumB, squareSumB, bars));
    if (sharpe !== null) sharpes.push(sharpe);
  }
  excesses.sort();
  const sortedSharpes = Float64Array.from(sharpes).sort();
  return {
    excessReturn,
    ciLow: percentile(excesses, 0.025),
    ciHigh: percentile(excesses, 0.975),
    pValue: (1 + farther) / (resamples + 1),
    sharpeDifference,
    sharpeCiLow: sharpeDifference === null || sortedSharpes.length === 0 ? null : percentile(sortedSharpes, 0.025),
    sharpeCiHigh: sharpeDifference === null || sortedSharpes.length === 0 ? null : percentile(sortedSharpes, 0.975),
    blockBars,
    resamples,
  };
}

function totalReturn(returns: ArrayLike<number>): number {
  let total = 0;
  for (let index = 0; index < returns.length; index += 1) total += returns[index]!;
  return total;
}

/** Mean over sample standard deviation from the sums; null when the returns do not vary (to rounding). */
function sharpeOfSums(sum: number, squareSum: number, count: number): number | null {
  const mean = sum / count;
  const variance = (squareSum - sum * mean) / (count - 1);
  return variance > 1e-12 * (squareSum / count) ? mean / Math.sqrt(variance) : null;
}

function difference(left: number | null, right: number | null): number | null {
  return left === null || right === null ? null : left - right;
}

/** Linear interpolation between the two nearest ranks of sorted values. */
function percentile(sorted: Float64Array, share: number): number {
  const position = share * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}
