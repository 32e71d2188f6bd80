// Scores the model's directives and every baseline on the same decision points, per asset and overall, per horizon
// (or pooled over the horizons under the published protocol). Pure: the same points and directives give the same rows.
//
// "Same points": when model directives are given, only points with a directive are scored, for every method, so a
// failed window removes one point from every column alike. Rows of asset "ALL" pool every scored point.
import { LINE_COLORS } from "../charts/report-figure-style";
import { InputError } from "../common/input-error";
import { itemAt } from "../common/item-at";
import { type BaselineId, baselineIds, deterministicBaselineDirective, randomDirectives } from "../scoring/baselines";
import { averageScores, type DirectionalScore, relativeGain, scoreDirectives } from "../scoring/directional-score";
import type { Directive } from "../scoring/directive";
import { type DecisionPoint, outcomeAt } from "./decision-points";
import { type EvaluationProtocol, flatMovesOf, scoredHorizons, type ScoreHorizon } from "./evaluation-protocol";

export type MethodId = "agents" | BaselineId;

/** A method's colour in every figure: the agents' is the model's. */
export function methodColor(method: MethodId): string {
  return LINE_COLORS[method === "agents" ? "model" : method];
}
export const ALL_ASSETS = "ALL";

export interface ScoreRow extends DirectionalScore {
  /** An asset code, or "ALL" for every point pooled. */
  asset: string;
  method: MethodId;
  /** Bars ahead, or "pooled" (the published protocol). */
  horizon: ScoreHorizon;
  /** (accuracy - random accuracy) / random accuracy on the same points; 0 for random itself. */
  relativeGain: number | null;
}

export interface ScoringOptions {
  /** The horizons the points were made with. */
  horizons: readonly number[];
  /** Default "per-horizon". */
  protocol?: EvaluationProtocol;
  /** The model's directive per decision-point id; omit to score the baselines alone on every point. */
  directives?: ReadonlyMap<string, Directive>;
  /** Seeds the random baseline is averaged over; default 1000. */
  randomSeeds?: number;
  /** First seed; seeds are firstSeed, firstSeed + 1, ...; default 1. */
  firstSeed?: number;
}

/** Asset groups of the scored points, then the pooled group; shared by the scores and the drift rows. */
export function assetGroups(points: readonly DecisionPoint[]): { asset: string; indexes: number[] }[] {
  const assets = [...new Set(points.map((point) => point.asset))];
  return [
    ...assets.map((asset) => ({ asset, indexes: indexesOf(points, (point) => point.asset === asset) })),
    { asset: ALL_ASSETS, indexes: points.map((_, index) => index) },
  ];
}

/** The moves a point is scored against at one score horizon: one move, or every horizon's when pooled. */
export function movesAt(point: DecisionPoint, horizon: ScoreHorizon): number[] {
  return horizon === "pooled" ? point.outcomes.map((outcome) => outcome.move) : [outcomeAt(point, horizon).move];
}

export function scoreEvaluation(points: readonly DecisionPoint[], options: ScoringOptions): ScoreRow[] {
  const protocol = options.protocol ?? "per-horizon";
  const randomSeeds = options.randomSeeds ?? 1000;
  const firstSeed = options.firstSeed ?? 1;
  if (!Number.isInteger(randomSeeds) || randomSeeds < 1)
    throw new InputError({ code: "invalid_argument", message: "randomSeeds must be a positive integer" });
  const directives = options.directives;
  const scored = directives ? points.filter((point) => directives.has(point.id)) : [...points];
  const methods: MethodId[] = directives ? ["agents", ...baselineIds] : [...baselineIds];
  const groups = assetGroups(scored);
  const flatMoves = flatMovesOf(protocol);
  // One coin per point per seed, shared by every horizon and group, so per-asset and pooled rows agree.
  const coins = Array.from({ length: randomSeeds }, (_, offset) => randomDirectives(scored.length, firstSeed + offset));
  const closes = scored.map((point) => point.history.map((candle) => candle.close));

  const rows: ScoreRow[] = [];
  for (const horizon of scoredHorizons(protocol, options.horizons)) {
    const moves = scored.map((point) => movesAt(point, horizon));
    const lookback = horizon === "pooled" ? Math.max(...options.horizons) : horizon;
    for (const group of groups) {
      const scoreOf = (directiveAt: (index: number) => Directive) =>
        scoreDirectives(
          group.indexes.map((index) => ({ directive: directiveAt(index), moves: itemAt(moves, index) })),
          { flatMoves },
        );
      const byMethod = new Map<MethodId, DirectionalScore>();
      for (const method of methods)
        byMethod.set(method, scoreMethod(method, scoreOf, { scored, closes, lookback, coins, directives }));
      const randomAccuracy = byMethod.get("random")?.accuracy ?? null;
      for (const method of methods) {
        const score = byMethod.get(method)!;
        rows.push({
          asset: group.asset,
          method,
          horizon,
          ...score,
          relativeGain: relativeGain(score.accuracy, randomAccuracy),
        });
      }
    }
  }
  return rows;
}

function scoreMethod(
  method: MethodId,
  scoreOf: (directiveAt: (index: number) => Directive) => DirectionalScore,
  context: {
    scored: DecisionPoint[];
    /** The closes each scored point's analysis saw, in the order of `scored`. */
    closes: number[][];
    lookback: number;
    coins: Directive[][];
    directives: ReadonlyMap<string, Directive> | undefined;
  },
): DirectionalScore {
  switch (method) {
    case "agents":
      return scoreOf((index) => context.directives!.get(itemAt(context.scored, index).id)!);
    case "random":
      return averageScores(context.coins.map((coin) => scoreOf((index) => itemAt(coin, index))));
    case "always_long":
    case "always_short":
    case "momentum":
    case "linear_regression":
      return scoreOf((index) =>
        deterministicBaselineDirective(method, itemAt(context.closes, index), context.lookback),
      );
    default: {
      const exhaustive: never = method;
      return exhaustive;
    }
  }
}

function indexesOf<T>(items: readonly T[], keep: (item: T) => boolean): number[] {
  return items.flatMap((item, index) => (keep(item) ? [index] : []));
}

/** The row for one asset (or "ALL"), method and horizon. */
export function findScore(
  rows: readonly ScoreRow[],
  query: { asset: string; method: MethodId; horizon: ScoreHorizon },
): ScoreRow | undefined {
  return rows.find((row) => row.asset === query.asset && row.method === query.method && row.horizon === query.horizon);
}
