// Whether a stated probability that a directive is right means anything: the Brier score, the expected calibration
// error over ten equal bins from 0.5 to 1 with the bins themselves (a reliability diagram's points), and the area
// under the ROC curve of the probability for telling hits from misses, with its 95% interval. Read for a model's
// stated confidence and for its samples' agreement. Pure.
//
// Formulas, for n decisions with probability p_i (0.5 to 1) that directive i is right and hit h_i (1 or 0):
//   Brier = (1/n) Σ (p_i − h_i)²: 0 is perfect; always saying 0.5 scores 0.25.
//   ECE = Σ_b (n_b / n) |acc_b − conf_b| over the bins [0.5, 0.55), ..., [0.95, 1]: the gap between how often a
//         bin's decisions were right (acc_b) and how sure they were on average (conf_b), weighted by the bin's share.
//   AUC = P(p of a hit > p of a miss) + ½ P(equal), over every hit-miss pair (the Mann-Whitney statistic): 0.5 is
//         no information; its standard error is Hanley and McNeil's (1982):
//         SE² = (A(1 − A) + (n₁ − 1)(Q₁ − A²) + (n₂ − 1)(Q₂ − A²)) / (n₁ n₂), Q₁ = A / (2 − A), Q₂ = 2A² / (1 + A),
//         with n₁ hits and n₂ misses; the interval is A ± 1.96 SE, kept within [0, 1].
// The probability "carries information" when that interval lies wholly above 0.5.
import { Z_95 } from "./confidence-intervals";

export interface ProbabilitySample {
  /** The stated probability that the directive is right, 0.5 to 1. */
  probability: number;
  hit: boolean;
}

export interface ReliabilityBin {
  low: number;
  high: number;
  count: number;
  /** Mean probability in the bin; null when empty. */
  meanProbability: number | null;
  /** Share of hits in the bin; null when empty. */
  accuracy: number | null;
}

export interface Calibration {
  samples: number;
  brier: number | null;
  ece: number | null;
  bins: ReliabilityBin[];
  /** Null without at least one hit and one miss. */
  auc: { value: number; ciLow: number; ciHigh: number } | null;
  /** The AUC's interval lies wholly above 0.5. */
  informative: boolean;
}

export const CALIBRATION_BINS = 10;

export function calibration(samples: readonly ProbabilitySample[]): Calibration {
  for (const sample of samples)
    if (!(sample.probability >= 0.5 && sample.probability <= 1))
      throw new RangeError(`A probability that a directive is right lies from 0.5 to 1 (got ${sample.probability})`);
  const bins = reliabilityBins(samples);
  const auc = rocAuc(samples);
  if (samples.length === 0) return { samples: 0, brier: null, ece: null, bins, auc, informative: false };
  const brier =
    samples.reduce((sum, { probability, hit }) => sum + (probability - (hit ? 1 : 0)) ** 2, 0) / samples.length;
  const ece = bins.reduce(
    (sum, bin) =>
      bin.count === 0 ? sum : sum + (bin.count / samples.length) * Math.abs(bin.accuracy! - bin.meanProbability!),
    0,
  );
  return { samples: samples.length, brier, ece, bins, auc, informative: auc !== null && auc.ciLow > 0.5 };
}

/** Ten bins of width 0.05 from 0.5; a probability of exactly 1 falls in the last. */
export function reliabilityBins(samples: readonly ProbabilitySample[]): ReliabilityBin[] {
  const width = 0.5 / CALIBRATION_BINS;
  const bins = Array.from({ length: CALIBRATION_BINS }, (_, index) => ({
    low: 0.5 + index * width,
    high: 0.5 + (index + 1) * width,
    members: [] as ProbabilitySample[],
  }));
  for (const sample of samples) {
    const index = Math.min(CALIBRATION_BINS - 1, Math.floor((sample.probability - 0.5) / width + 1e-9));
    bins[index]!.members.push(sample);
  }
  return bins.map(({ low, high, members }) => ({
    low: round(low),
    high: round(high),
    count: members.length,
    meanProbability: members.length === 0 ? null : members.reduce((sum, m) => sum + m.probability, 0) / members.length,
    accuracy: members.length === 0 ? null : members.filter((m) => m.hit).length / members.length,
  }));
}

/** The AUC of the probability for hits against misses, with Hanley and McNeil's 95% interval. */
export function rocAuc(samples: readonly ProbabilitySample[]): Calibration["auc"] {
  const hits = samples.filter((sample) => sample.hit).map((sample) => sample.probability);
  const misses = samples.filter((sample) => !sample.hit).map((sample) => sample.probability);
  if (hits.length === 0 || misses.length === 0) return null;
  let wins = 0;
  for (const hit of hits) for (const miss of misses) wins += hit > miss ? 1 : hit === miss ? 0.5 : 0;
  const value = wins / (hits.length * misses.length);
  const q1 = value / (2 - value);
  const q2 = (2 * value * value) / (1 + value);
  const variance =
    (value * (1 - value) + (hits.length - 1) * (q1 - value * value) + (misses.length - 1) * (q2 - value * value)) /
    (hits.length * misses.length);
  const halfWidth = Z_95 * Math.sqrt(Math.max(0, variance));
  return { value, ciLow: Math.max(0, value - halfWidth), ciHigh: Math.min(1, value + halfWidth) };
}

/** Bin edges as decimals (0.55, not 0.5499999999999999). */
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
