// One synthetic series with a planted shape, and its label: what the chart-reading probe shows the agents and what
// it scores their answers against. Seeded, so a seed gives the same bars on every machine, and a series depends only
// on the run's seed, its shape and its number (adding a shape to a run changes no other series).
//
// How a series is made: the shape's outline (shape-outlines.ts) is laid over the last bars of the series, as many as
// the Pattern agent's chart shows (40; all of them when the series is shorter), and the bars before it lead in. The
// log closes follow the outline's straight segments, plus noise: each close off the outline by a normal draw of
// standard deviation `noise` (as a fraction of price; 0.004 is 0.4%), cut at 2.5 of them, except on the outline's
// landmark bars and the bars before them (whose closes are the landmarks' opens), which sit exactly on it so the
// turning points stay where the label says. Each bar opens at the
// previous close, and its wicks reach past the body by a small random amount. Times are evenly spaced on the
// timeframe; the price level is drawn between 10 and 1,000 (a blind analysis never shows it).
//
// The label holds the shape, its textbook direction, the planted slope (the least-squares slope of the outline's log
// closes, per bar: a trend's is the slope it was planted with) and the trend a reader should see from it: upward
// when the fitted line rises 4% or more over the series, downward when it falls as much, sideways within 2%, and
// none in between (too slight for a trend, too steep for sideways: the Trend agent is not scored there).
import { leastSquaresLine } from "../../common/least-squares";
import type { Candle } from "../../market/candle";
import { type Timeframe, timeframeInfo } from "../../market/timeframes";
import type { Directive } from "../../scoring/directive";
import { mulberry32 } from "../../scoring/seeded-random";
import { type ProbeShape, SHAPE_CATALOG } from "./shape-catalog";
import { type ShapeOutline, shapeOutline } from "./shape-outlines";

/** The bars the Pattern agent's chart shows: the planted shape spans them. */
export const SHAPE_SPAN_BARS = 40;
/** The first bar's open time: any fixed time would do (blind analyses number the bars). */
const FIRST_BAR_TIME = Date.UTC(2024, 0, 1);
const NOISE_CUT = 2.5;
export const TREND_MOVE = { trend: 0.04, sideways: 0.02 } as const;

export type TrendDirection = "upward" | "downward" | "sideways";

export interface ProbeSeriesSettings {
  /** Bars in the series (the analysis window). */
  bars: number;
  /** Standard deviation of each close around the outline, as a fraction of price. */
  noise: number;
  timeframe: Timeframe;
  /** The run's seed. */
  seed: number;
}

export interface ProbeSeriesLabel {
  /** "double_top-3": the shape and the series' number within it, from 1. */
  id: string;
  shape: ProbeShape;
  number: number;
  /** The series' own seed, made from the run's seed, the shape and the number. */
  seed: number;
  /** The classic pattern's name, or null for a plain trend. */
  patternName: string | null;
  /** The textbook's direction after the shape; null when it expects either way. */
  direction: Directive | null;
  /** The least-squares slope of the outline's log closes, per bar (0.004: about 0.4% a bar). */
  slope: number;
  /** What the slope means for a reader of the trend; null when it is neither clearly a trend nor flat. */
  trend: TrendDirection | null;
  /** Bar indexes of the outline's turning points. */
  landmarks: Record<string, number>;
  bars: number;
  noise: number;
  timeframe: Timeframe;
}

export interface ProbeSeries {
  label: ProbeSeriesLabel;
  candles: Candle[];
}

/** The series' seed: FNV-1a over the run's seed, the shape and the number, so each series draws on its own. */
export function seriesSeed(runSeed: number, shape: ProbeShape, number: number): number {
  let hash = 0x811c9dc5;
  for (const character of `${runSeed}/${shape}/${number}`) {
    hash ^= character.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The log closes of the outline over `bars` bars (no noise), and the bars of its landmarks. */
export function outlinePath(
  outline: ShapeOutline,
  bars: number,
): { levels: number[]; landmarks: Record<string, number> } {
  if (outline.logSlopePerBar !== undefined) {
    const slope = outline.logSlopePerBar;
    return { levels: Array.from({ length: bars }, (_, bar) => slope * bar), landmarks: {} };
  }
  const span = Math.min(SHAPE_SPAN_BARS, bars);
  const lead = bars - span;
  const anchors = outline.points.map((point) => ({ ...point, bar: lead + Math.round(point.at * (span - 1)) }));
  const levels: number[] = [];
  for (let bar = 0; bar < bars; bar++) {
    const next = anchors.findIndex((anchor) => anchor.bar >= bar);
    const after = anchors[next]!;
    const before = anchors[next - 1];
    if (after.bar === bar) levels.push(after.level);
    else if (before)
      levels.push(before.level + ((after.level - before.level) * (bar - before.bar)) / (after.bar - before.bar));
    else {
      // A lead-in bar, before the span.
      const second = anchors[1]!;
      const slope = outline.lead === "extend" ? (second.level - after.level) / (second.bar - after.bar) : 0;
      levels.push(after.level + slope * (bar - after.bar));
    }
  }
  const landmarks = Object.fromEntries(
    anchors.flatMap((anchor) => (anchor.landmark === undefined ? [] : [[anchor.landmark, anchor.bar]])),
  );
  return { levels, landmarks };
}

/** Normal draws (Box-Muller) from a uniform [0, 1) source. */
function normal(random: () => number): number {
  const radius = Math.sqrt(-2 * Math.log(1 - random()));
  return radius * Math.cos(2 * Math.PI * random());
}

export function trendOfSlope(slope: number, bars: number): TrendDirection | null {
  const move = slope * (bars - 1);
  if (move >= TREND_MOVE.trend) return "upward";
  if (move <= -TREND_MOVE.trend) return "downward";
  if (Math.abs(move) <= TREND_MOVE.sideways) return "sideways";
  return null;
}

/** The `number`th series (from 1) of `shape` in a run under `settings`. */
export function probeSeries(shape: ProbeShape, number: number, settings: ProbeSeriesSettings): ProbeSeries {
  const { bars, noise, timeframe } = settings;
  const seed = seriesSeed(settings.seed, shape, number);
  const random = mulberry32(seed);
  const outline = shapeOutline(shape, random);
  const { levels, landmarks } = outlinePath(outline, bars);
  // A landmark's bar and the one before it (whose close is the landmark's open) sit on the outline.
  const onOutline = new Set(Object.values(landmarks).flatMap((bar) => [bar - 1, bar]));
  const base = 10 ** (1 + 2 * random());
  const barMs = timeframeInfo(timeframe).barMs ?? 0;
  const wick = 0.002 + 0.5 * noise;
  const closes = levels.map((level, bar) => {
    const offset = onOutline.has(bar) ? 0 : Math.max(-NOISE_CUT, Math.min(NOISE_CUT, normal(random))) * noise;
    return base * Math.exp(level + offset);
  });
  const candles = closes.map((close, bar): Candle => {
    const open = bar === 0 ? base * Math.exp(2 * levels[0]! - (levels[1] ?? levels[0]!)) : closes[bar - 1]!;
    return {
      time: FIRST_BAR_TIME + bar * barMs,
      open,
      high: Math.max(open, close) * Math.exp(wick * (0.2 + 0.8 * random())),
      low: Math.min(open, close) * Math.exp(-wick * (0.2 + 0.8 * random())),
      close,
      volume: Math.round(1000 * Math.exp(0.3 * normal(random))),
    };
  });
  const slope = leastSquaresLine(levels).slope;
  const entry = SHAPE_CATALOG[shape];
  return {
    label: {
      id: `${shape}-${number}`,
      shape,
      number,
      seed,
      patternName: entry.patternName,
      direction: entry.direction,
      slope,
      trend: trendOfSlope(slope, bars),
      landmarks,
      bars,
      noise,
      timeframe,
    },
    candles,
  };
}
