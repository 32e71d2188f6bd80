// What the mirrored run says, per method, asset (and all pooled) and horizon. Pure.
//
// How to read it. Each point was analysed twice: on its chart, and on the mirror image of it (every rise a fall of
// the same log size), each directive scored against its own future. `flipRate` is the share of points whose mirrored
// directive is the opposite of the original: a pure chart reader flips every time, a constant answer never does.
// `longRate` is the share of LONG over both runs: 0.5 means no lean to either side. `balancedAccuracy` is the hits
// over both runs divided by the samples scored over both: the market's drift cancels (what rose falls in the mirror),
// so always-LONG scores exactly 50% when no move is flat, and a method scores above 50% only by reading the charts.
//
// The baselines are run on the mirrored closes the same way (momentum and regression flip, the constant ones do not);
// random averages its seeds, its mirrored coins drawn from seeds after the originals' so the two runs are independent.
import { itemAt } from "../common/item-at";
import { baselineIds, deterministicBaselineDirective, randomDirectives } from "../scoring/baselines";
import { scoreDirectives } from "../scoring/directional-score";
import type { Directive } from "../scoring/directive";
import type { DecisionPoint } from "./decision-points";
import { type EvaluationProtocol, flatMovesOf, scoredHorizons, type ScoreHorizon } from "./evaluation-protocol";
import { assetGroups, type MethodId, movesAt } from "./score-evaluation";

export interface MirrorRow {
  /** An asset code, or "ALL". */
  asset: string;
  method: MethodId;
  horizon: ScoreHorizon;
  /** Points with a directive in both runs. */
  points: number;
  /** Share of points whose mirrored directive is the opposite of the original. */
  flipRate: number | null;
  /** Share of LONG among both runs' directives. */
  longRate: number | null;
  /** Hits over both runs / samples scored over both runs. */
  balancedAccuracy: number | null;
  /** Accuracy on the original points, and on the mirrored ones (the two halves of the balanced accuracy). */
  originalAccuracy: number | null;
  mirroredAccuracy: number | null;
  /** Samples scored over both runs. */
  scored: number;
}

export interface MirrorScoringOptions {
  horizons: readonly number[];
  protocol?: EvaluationProtocol;
  /** The agents' directives on the original and on the mirrored points, by point id; omit both for baselines alone. */
  directives?: { original: ReadonlyMap<string, Directive>; mirrored: ReadonlyMap<string, Directive> };
  randomSeeds?: number;
  firstSeed?: number;
}

interface Figures {
  points: number;
  flips: number;
  longs: number;
  original: { correct: number; scored: number };
  mirrored: { correct: number; scored: number };
}

/**
 * Mirror rows for every method. `mirroredPoints[i]` is the mirror of `points[i]` (mirrorDecisionPoint). With the
 * agents' directives, only points both of their runs answered are scored, for every method alike.
 */
export function scoreMirror(
  points: readonly DecisionPoint[],
  mirroredPoints: readonly DecisionPoint[],
  options: MirrorScoringOptions,
): MirrorRow[] {
  const protocol = options.protocol ?? "per-horizon";
  const randomSeeds = options.randomSeeds ?? 1000;
  const firstSeed = options.firstSeed ?? 1;
  const flatMoves = flatMovesOf(protocol);
  const agents = options.directives;
  const used = points.flatMap((point, index) =>
    !agents || (agents.original.has(point.id) && agents.mirrored.has(point.id))
      ? [{ point, mirror: itemAt(mirroredPoints, index) }]
      : [],
  );
  const methods: MethodId[] = agents ? ["agents", ...baselineIds] : [...baselineIds];
  const groups = assetGroups(used.map(({ point }) => point));
  const closes = (point: DecisionPoint) => point.history.map((candle) => candle.close);
  const seeds = Array.from({ length: randomSeeds }, (_, offset) => ({
    original: randomDirectives(used.length, firstSeed + offset),
    mirrored: randomDirectives(used.length, firstSeed + randomSeeds + offset),
  }));

  const rows: MirrorRow[] = [];
  for (const horizon of scoredHorizons(protocol, options.horizons)) {
    const lookback = horizon === "pooled" ? Math.max(...options.horizons) : horizon;
    for (const group of groups) {
      const figuresOf = (pick: (index: number) => { original: Directive; mirrored: Directive }): Figures => {
        const pairs = group.indexes.map((index) => ({ index, ...pick(index) }));
        const score = (side: "original" | "mirrored") =>
          scoreDirectives(
            pairs.map((pair) => {
              const entry = itemAt(used, pair.index);
              return {
                directive: pair[side],
                moves: movesAt(side === "original" ? entry.point : entry.mirror, horizon),
              };
            }),
            { flatMoves },
          );
        const original = score("original");
        const mirrored = score("mirrored");
        return {
          points: pairs.length,
          flips: pairs.filter((pair) => pair.original !== pair.mirrored).length,
          longs: pairs.reduce(
            (sum, pair) => sum + (pair.original === "LONG" ? 1 : 0) + (pair.mirrored === "LONG" ? 1 : 0),
            0,
          ),
          original: { correct: original.correct, scored: original.scored },
          mirrored: { correct: mirrored.correct, scored: mirrored.scored },
        };
      };
      for (const method of methods) {
        // Random averages its seeds; the other baselines decide on each side's own closes.
        const figures =
          method === "agents"
            ? [
                figuresOf((index) => {
                  const id = itemAt(used, index).point.id;
                  return { original: agents!.original.get(id)!, mirrored: agents!.mirrored.get(id)! };
                }),
              ]
            : method === "random"
              ? seeds.map((seed) =>
                  figuresOf((index) => ({
                    original: itemAt(seed.original, index),
                    mirrored: itemAt(seed.mirrored, index),
                  })),
                )
              : [
                  figuresOf((index) => ({
                    original: deterministicBaselineDirective(method, closes(itemAt(used, index).point), lookback),
                    mirrored: deterministicBaselineDirective(method, closes(itemAt(used, index).mirror), lookback),
                  })),
                ];
        rows.push({ asset: group.asset, method, horizon, ...averageRow(figures) });
      }
    }
  }
  return rows;
}

/** The row's figures, averaged over runs (several only for random's seeds). */
function averageRow(runs: readonly Figures[]): Omit<MirrorRow, "asset" | "method" | "horizon"> {
  const mean = (value: (figures: Figures) => number | null): number | null => {
    const values = runs.map(value);
    return values.some((entry) => entry === null)
      ? null
      : (values as number[]).reduce((sum, entry) => sum + entry, 0) / values.length;
  };
  const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);
  const first = runs[0];
  return {
    points: first?.points ?? 0,
    flipRate: mean((figures) => share(figures.flips, figures.points)),
    longRate: mean((figures) => share(figures.longs, 2 * figures.points)),
    balancedAccuracy: mean((figures) =>
      share(figures.original.correct + figures.mirrored.correct, figures.original.scored + figures.mirrored.scored),
    ),
    originalAccuracy: mean((figures) => share(figures.original.correct, figures.original.scored)),
    mirroredAccuracy: mean((figures) => share(figures.mirrored.correct, figures.mirrored.scored)),
    scored: first ? first.original.scored + first.mirrored.scored : 0,
  };
}

export function findMirrorRow(
  rows: readonly MirrorRow[],
  query: { asset: string; method: MethodId; horizon: ScoreHorizon },
): MirrorRow | undefined {
  return rows.find((row) => row.asset === query.asset && row.method === query.method && row.horizon === query.horizon);
}
