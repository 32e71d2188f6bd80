// The chart-reading probe's three scores, each against its chance rate with an exact binomial p-value. Pure.
//
// - Pattern: the Pattern agent's pick (pattern-pick.ts) against the planted pattern's name, on the planted patterns;
//   on the plain trends, where none was planted, how often it named one anyway (false alarms); and the confusion
//   matrix of every planted shape against every pick. Not scored with the demo provider, whose scripted report never
//   names a pattern: a score there would measure the script.
// - Trend: the Trend agent's direction against the direction of the planted slope, on the series whose slope has one
//   (probe-series.ts); a report without a "Trend:" line is a miss.
// - Directive: LONG or SHORT against the textbook direction, on the series that have one.
//
// The chance rate is the accuracy of the best constant answer on the same series: the share of the most common right
// answer (always "V-shaped Reversal", which is right on both V shapes; always "upward"; always LONG), the first in
// alphabetical order when several are equally common. A reader that
// ignores the chart can do no better, so a p-value under 5% says the answers followed the charts. Failed analyses
// are left out of every score.
import { binomialTest } from "../scoring/binomial-test";
import { RECOGNISED_PATTERN_NAMES } from "./pattern-pick";
import type { ConfusionMatrix, PatternScores, ProbePoint, ProbeScore, ProbeScores, ShapeScore } from "./probe-result";
import { type ProbeShape, SHAPE_CATALOG } from "./shapes/shape-catalog";

/** A point's answer and the right one, or undefined when the point is not scored. */
type Judge = (point: ProbePoint) => { answer: string | null; right: string } | undefined;

export const NO_PATTERN = "none";

export function scoreAgainstChance(pairs: readonly { answer: string | null; right: string }[]): ProbeScore {
  const counts = new Map<string, number>();
  for (const { right } of pairs) counts.set(right, (counts.get(right) ?? 0) + 1);
  // The most common right answer; between equally common ones the first in alphabetical order ("LONG" before
  // "SHORT"), so the tie does not depend on the order the series were run in.
  let chanceAnswer: string | null = null;
  let most = 0;
  for (const [answer, count] of [...counts].sort(([left], [right]) => (left < right ? -1 : 1)))
    if (count > most) {
      most = count;
      chanceAnswer = answer;
    }
  const n = pairs.length;
  const hits = pairs.filter((pair) => pair.answer === pair.right).length;
  const chance = n === 0 ? 0 : most / n;
  const test = binomialTest(hits, n, chance);
  return {
    n,
    hits,
    accuracy: n === 0 ? null : hits / n,
    chance,
    chanceAnswer,
    pValue: test.above,
    pValueBelow: test.below,
  };
}

function scoreBy(points: readonly ProbePoint[], shapes: readonly ProbeShape[], judge: Judge) {
  // A failed analysis has no answers, so every judge leaves it out.
  const judged = points.flatMap((point) => {
    const verdict = judge(point);
    return verdict ? [{ shape: point.label.shape, ...verdict }] : [];
  });
  const perShape: ShapeScore[] = shapes.map((shape) => {
    const own = judged.filter((entry) => entry.shape === shape);
    const hits = own.filter((entry) => entry.answer === entry.right).length;
    return { shape, n: own.length, hits, accuracy: own.length === 0 ? null : hits / own.length };
  });
  return { overall: scoreAgainstChance(judged), perShape };
}

function confusionMatrix(points: readonly ProbePoint[], shapes: readonly ProbeShape[]): ConfusionMatrix {
  const analysed = points.filter((point) => point.pick !== undefined);
  const planted = [...new Set(shapes.flatMap((shape) => SHAPE_CATALOG[shape].patternName ?? []))];
  const picked = new Set(analysed.flatMap((point) => point.pick?.pattern ?? []));
  const others = RECOGNISED_PATTERN_NAMES.filter((name) => picked.has(name) && !planted.includes(name));
  const columns = [...planted, ...others, NO_PATTERN];
  const counts = shapes.map((shape) => {
    const row = columns.map(() => 0);
    for (const point of analysed.filter((candidate) => candidate.label.shape === shape))
      row[columns.indexOf(point.pick?.pattern ?? NO_PATTERN)]! += 1;
    return row;
  });
  return { rows: [...shapes], columns, counts };
}

function patternScores(points: readonly ProbePoint[], shapes: readonly ProbeShape[], demo: boolean): PatternScores {
  if (demo)
    return {
      scored: false,
      reason:
        "The demo provider does not look at the charts: its scripted pattern report names no pattern on any series, " +
        "so the Pattern agent's pick is not scored. Run the probe with a vision model (OpenAI, Anthropic or Qwen) to " +
        "measure it.",
    };
  const patterns = shapes.filter((shape) => SHAPE_CATALOG[shape].kind === "pattern");
  const { overall, perShape } = scoreBy(points, patterns, (point) => {
    const right = point.label.patternName;
    return right === null || point.pick === undefined ? undefined : { answer: point.pick.pattern, right };
  });
  const trends = points.filter((point) => point.pick !== undefined && point.label.patternName === null);
  return {
    scored: true,
    overall,
    perShape,
    confusion: confusionMatrix(points, shapes),
    falseAlarms: { n: trends.length, named: trends.filter((point) => point.pick?.pattern !== null).length },
  };
}

export function scoreProbe(
  points: readonly ProbePoint[],
  options: { shapes: readonly ProbeShape[]; demo: boolean },
): ProbeScores {
  const { shapes, demo } = options;
  return {
    pattern: patternScores(points, shapes, demo),
    trend: scoreBy(points, shapes, (point) =>
      point.label.trend === null || point.trend === undefined
        ? undefined
        : { answer: point.trend, right: point.label.trend },
    ),
    directive: scoreBy(points, shapes, (point) =>
      point.label.direction === null || point.directive === undefined
        ? undefined
        : { answer: point.directive, right: point.label.direction },
    ),
  };
}
