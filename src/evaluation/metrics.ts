// Scoring of LONG/SHORT directives against realised moves: directional accuracy, its Wilson 95% interval, relative
// gain over the random baseline, and the return of following the directives. Pure functions.
//
// How to read a score: `correct / scored` is the accuracy; a move of exactly zero is neither up nor down, so it is
// left out of accuracy and returns alike and counted in `flat`. Returns are per directive, without costs:
// LONG earns the k-bar simple return r = close[t+k] / close[t] - 1, SHORT earns -r. The mean is arithmetic; the
// cumulative return compounds the directives in order, prod(1 + r_i) - 1, as if each were taken with the whole
// stake one after another. Benchmark windows may overlap in time, so this is a score, not a backtest.
export type Directive = "LONG" | "SHORT";

/** z for a two-sided 95% interval: the 97.5th percentile of the standard normal. */
export const Z_95 = 1.959964;

export interface Interval {
  low: number;
  high: number;
}

/**
 * Wilson score interval for a binomial proportion. Unlike the normal approximation it stays inside [0, 1] and is
 * sensible for small samples and accuracies near 0 or 1. `successes` may be fractional (a baseline averaged over
 * seeds). No trials: the whole range [0, 1].
 */
export function wilsonInterval(successes: number, trials: number, z: number = Z_95): Interval {
  if (trials <= 0) return { low: 0, high: 1 };
  const proportion = successes / trials;
  const zSquared = z * z;
  const denominator = 1 + zSquared / trials;
  const centre = (proportion + zSquared / (2 * trials)) / denominator;
  const halfWidth = (z / denominator) * Math.sqrt((proportion * (1 - proportion)) / trials + zSquared / (4 * trials * trials));
  return { low: Math.max(0, centre - halfWidth), high: Math.min(1, centre + halfWidth) };
}

/** (accuracy - random) / random, as the published table defines it; null when the random accuracy is 0 or unknown. */
export function relativeGain(accuracy: number | null, randomAccuracy: number | null): number | null {
  if (accuracy === null || randomAccuracy === null || randomAccuracy === 0) return null;
  return (accuracy - randomAccuracy) / randomAccuracy;
}

/** The realised simple return of holding from `entry` to `exit`. */
export function simpleReturn(entry: number, exit: number): number {
  return exit / entry - 1;
}

/** What following the directive earned over the move: the move for LONG, its negative for SHORT. */
export function directiveReturn(directive: Directive, move: number): number {
  switch (directive) {
    case "LONG":
      return move;
    case "SHORT":
      return -move;
    default: {
      const exhaustive: never = directive;
      return exhaustive;
    }
  }
}

/** Whether the directive called the sign of the move; undefined for a flat move (no direction to call). */
export function isCorrect(directive: Directive, move: number): boolean | undefined {
  if (move === 0) return undefined;
  return directive === "LONG" ? move > 0 : move < 0;
}

export interface ScoredDirective {
  directive: Directive;
  /** The realised simple return over the horizon. */
  move: number;
}

export interface DirectionalScore {
  /** Directives scored (flat moves excluded). */
  scored: number;
  /** Directives that called the sign; fractional for a baseline averaged over seeds. */
  correct: number;
  /** Moves of exactly zero, left out of everything else. */
  flat: number;
  /** correct / scored; null when nothing was scored. */
  accuracy: number | null;
  interval: Interval | null;
  meanReturn: number | null;
  cumulativeReturn: number | null;
}

/** Scores a list of directives; compounding commutes, so their order does not change the result. */
export function scoreDirectives(directives: readonly ScoredDirective[]): DirectionalScore {
  let scored = 0;
  let correct = 0;
  let flat = 0;
  let returnSum = 0;
  let growth = 1;
  for (const { directive, move } of directives) {
    const hit = isCorrect(directive, move);
    if (hit === undefined) {
      flat += 1;
      continue;
    }
    scored += 1;
    if (hit) correct += 1;
    const earned = directiveReturn(directive, move);
    returnSum += earned;
    growth *= 1 + earned;
  }
  if (scored === 0) return { scored, correct, flat, accuracy: null, interval: null, meanReturn: null, cumulativeReturn: null };
  return {
    scored,
    correct,
    flat,
    accuracy: correct / scored,
    interval: wilsonInterval(correct, scored),
    meanReturn: returnSum / scored,
    cumulativeReturn: growth - 1,
  };
}

/** The average of several scores of the same points (the random baseline over many seeds). */
export function averageScores(scores: readonly DirectionalScore[]): DirectionalScore {
  if (scores.length === 0) throw new RangeError("averageScores needs at least one score");
  const first = scores[0];
  const mean = (pick: (score: DirectionalScore) => number | null): number | null => {
    const values = scores.map(pick);
    return values.some((value) => value === null) ? null : (values as number[]).reduce((sum, value) => sum + value, 0) / values.length;
  };
  const correct = mean((score) => score.correct) ?? 0;
  return {
    scored: first.scored,
    correct,
    flat: first.flat,
    accuracy: mean((score) => score.accuracy),
    interval: first.scored > 0 ? wilsonInterval(correct, first.scored) : null,
    meanReturn: mean((score) => score.meanReturn),
    cumulativeReturn: mean((score) => score.cumulativeReturn),
  };
}
