// quantagent-ts/scoring: the scoring core the evaluation and the backtest share. A directive against a move, its
// accuracy and return with 95% intervals, the baselines (from plain closes, so any series will do), the exact
// paired test between two methods on the same points, the cost of trading, and what a result is worth: the
// calibration of a stated probability, the block bootstrap of two lines' returns, and the probabilistic and deflated
// Sharpe ratios. Pure functions, no I/O.
export {
  alwaysLongDirective,
  alwaysShortDirective,
  type BaselineId,
  baselineIds,
  baselineLabels,
  deterministicBaselineDirective,
  linearRegressionDirective,
  momentumDirective,
  olsSlope,
  randomDirectives,
} from "./baselines";
export { binomialLowerTail, type BinomialTest, binomialTest, binomialUpperTail } from "./binomial-test";
export { blockBootstrapComparison, type BootstrapComparison, type BootstrapOptions } from "./block-bootstrap";
export {
  type Calibration,
  calibration,
  type ProbabilitySample,
  type ReliabilityBin,
  reliabilityBins,
  rocAuc,
} from "./calibration";
export { type Interval, meanWithInterval, wilsonInterval, Z_95 } from "./confidence-intervals";
export { type DeflatedSharpe, deflatedSharpe, probabilisticSharpeRatio, sharpeThreshold } from "./deflated-sharpe";
export {
  averageScores,
  type DirectionalScore,
  relativeGain,
  type ScoredDecision,
  scoreDirectives,
  type ScoreOptions,
} from "./directional-score";
export { type Directive, directiveReturn, type FlatMoves, isCorrect, simpleReturn } from "./directive";
export { normalCdf, normalQuantile } from "./normal-distribution";
export { mcnemarExactPValue, type PairedTest, pairedTest, type PointHit } from "./paired-test";
export { perBarSharpe, type ReturnMoments, returnMoments } from "./return-moments";
export { mulberry32 } from "./seeded-random";
export {
  costBpsSchema,
  DEFAULT_COST_BPS,
  MAX_COST_BPS,
  type Position,
  sidesTraded,
  type TradingCost,
  tradingCost,
} from "./trading-cost";
