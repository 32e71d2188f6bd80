// Scoring of LONG/SHORT directives against realised moves: directional accuracy, its Wilson 95% interval, relative
// gain over the random baseline, and the return of following the directives. Pure functions.
//
// How to read a score. A decision is one directive scored against one or more realised moves (its samples): one
// move per horizon under per-horizon scoring, three under the published protocol. `correct / scored` counts
// samples. A move of exactly zero is neither up nor down: by default it is left out of accuracy and returns alike
// and counted in `flat`; with `flatMoves: "miss"` it stays in the sample and counts as wrong for either side (the
// published protocol's 300 samples per asset include the few flat ones).
//
// Returns, without costs: following a directive earns the simple move r = close[t+k] / close[t] - 1 when LONG and
// -r when SHORT; a decision earns the mean of what its samples earned. `meanReturn` is the mean over decisions and
// `meanReturnInterval` its 95% interval from the spread between decisions (normal approximation: fair for the tens
// to hundreds of decisions an evaluation has, too narrow below about 30). Nothing is compounded: decisions of
// different windows and assets overlap in time and were never one sequence of trades.
import { InputError } from "../common/input-error";
import { type Interval, meanWithInterval, wilsonInterval } from "./confidence-intervals";
import { type Directive, directiveReturn, type FlatMoves, isCorrect } from "./directive";

/** (accuracy - random) / random, as the published table defines it; null when the random accuracy is 0 or unknown. */
export function relativeGain(accuracy: number | null, randomAccuracy: number | null): number | null {
  if (accuracy === null || randomAccuracy === null || randomAccuracy === 0) return null;
  return (accuracy - randomAccuracy) / randomAccuracy;
}

export interface ScoredDecision {
  directive: Directive;
  /** The realised simple returns it is scored against (one per horizon scored). */
  moves: readonly number[];
}

export interface DirectionalScore {
  /** Samples scored (decisions × their moves, flat moves excluded unless they count as misses). */
  scored: number;
  /** Samples whose sign the directive called; fractional for a baseline averaged over seeds. */
  correct: number;
  /** Moves of exactly zero among the samples (in `scored` only when they count as misses). */
  flat: number;
  /** correct / scored; null when nothing was scored. */
  accuracy: number | null;
  interval: Interval | null;
  /** Decisions with at least one scored sample: the count `meanReturn` averages over. */
  decisions: number;
  /** Mean over decisions of what following each earned (the mean over its samples); see the header. */
  meanReturn: number | null;
  /** 95% interval of `meanReturn`; null below two decisions. */
  meanReturnInterval: Interval | null;
}

export interface ScoreOptions {
  /** Default "excluded". */
  flatMoves?: FlatMoves;
}

export function scoreDirectives(decisions: readonly ScoredDecision[], options: ScoreOptions = {}): DirectionalScore {
  const flatMoves = options.flatMoves ?? "excluded";
  let scored = 0;
  let correct = 0;
  let flat = 0;
  const decisionReturns: number[] = [];
  for (const { directive, moves } of decisions) {
    let earned = 0;
    let samples = 0;
    for (const move of moves) {
      const hit = isCorrect(directive, move);
      if (hit === undefined) {
        flat += 1;
        if (flatMoves === "excluded") continue;
      }
      scored += 1;
      samples += 1;
      if (hit === true) correct += 1;
      earned += directiveReturn(directive, move);
    }
    if (samples > 0) decisionReturns.push(earned / samples);
  }
  const returns = meanWithInterval(decisionReturns);
  return {
    scored,
    correct,
    flat,
    accuracy: scored === 0 ? null : correct / scored,
    interval: scored === 0 ? null : wilsonInterval(correct, scored),
    decisions: decisionReturns.length,
    meanReturn: returns.mean,
    meanReturnInterval: returns.interval,
  };
}

/**
 * The average of several scores of the same samples (the random baseline over many seeds). The accuracy interval
 * is Wilson's on the averaged count; the return interval keeps the average half-width of one seed's interval,
 * centred on the averaged mean: the uncertainty one run of the baseline would carry.
 */
export function averageScores(scores: readonly DirectionalScore[]): DirectionalScore {
  const [first] = scores;
  if (first === undefined)
    throw new InputError({ code: "invalid_argument", message: "averageScores needs at least one score" });
  const mean = (pick: (score: DirectionalScore) => number | null): number | null => {
    const values = scores.map(pick);
    return values.some((value) => value === null)
      ? null
      : (values as number[]).reduce((sum, value) => sum + value, 0) / values.length;
  };
  const correct = mean((score) => score.correct) ?? 0;
  const meanReturn = mean((score) => score.meanReturn);
  const halfWidth = mean((score) =>
    score.meanReturnInterval ? (score.meanReturnInterval.high - score.meanReturnInterval.low) / 2 : null,
  );
  return {
    scored: first.scored,
    correct,
    flat: first.flat,
    accuracy: mean((score) => score.accuracy),
    interval: first.scored > 0 ? wilsonInterval(correct, first.scored) : null,
    decisions: first.decisions,
    meanReturn,
    meanReturnInterval:
      meanReturn === null || halfWidth === null ? null : { low: meanReturn - halfWidth, high: meanReturn + halfWidth },
  };
}
