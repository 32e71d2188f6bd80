// The planted shapes, checked in code on the bars themselves over 200 seeds per shape at the default noise: each is
// the textbook example its label says (a double bottom's two lows within 2% of each other with a peak at least 5%
// above them between; a head above both shoulders; a triangle's converging lines; a trend's fitted slope within 10%
// of the planted one), and both sides of every mirrored pair are checked, each in its own words. Also: every bar is a
// valid candle, times are evenly spaced, and a seed gives the same series every time.
import { describe, expect, it } from "vitest";

import { leastSquaresLine } from "../../../src/common/least-squares";
import type { Candle } from "../../../src/market/candle";
import { candleSchema } from "../../../src/market/candle";
import {
  type ProbeSeries,
  probeSeries,
  type ProbeSeriesSettings,
  SHAPE_SPAN_BARS,
} from "../../../src/probe/shapes/probe-series";
import { PROBE_SHAPES, type ProbeShape, SHAPE_CATALOG } from "../../../src/probe/shapes/shape-catalog";

const SEEDS = 200;
const DEFAULT_NOISE = 0.004;
const settings = (seed: number, extra: Partial<ProbeSeriesSettings> = {}): ProbeSeriesSettings => ({
  bars: 45,
  noise: DEFAULT_NOISE,
  timeframe: "4h",
  seed,
  ...extra,
});

/** Every series of `shape` for seeds 1..200, checked by `check` (which names the seed in its messages). */
function forEverySeed(shape: ProbeShape, check: (series: Geometry, seed: number) => void): void {
  for (let seed = 1; seed <= SEEDS; seed++) check(geometry(probeSeries(shape, 1, settings(seed))), seed);
}

/** The bars of a series with its landmarks, and the few measures the checks use. */
interface Geometry {
  candles: Candle[];
  at: (landmark: string) => Candle;
  bar: (landmark: string) => number;
  /** The span the shape is planted on: the last 40 bars. */
  span: Candle[];
  highest: (from: number, to: number) => number;
  lowest: (from: number, to: number) => number;
}

function geometry(series: ProbeSeries): Geometry {
  const { candles, label } = series;
  const bar = (landmark: string) => {
    const index = label.landmarks[landmark];
    if (index === undefined) throw new Error(`${label.id} has no landmark ${landmark}`);
    return index;
  };
  const slice = (from: number, to: number) => candles.slice(from, to + 1);
  return {
    candles,
    bar,
    at: (landmark) => candles[bar(landmark)]!,
    span: candles.slice(-SHAPE_SPAN_BARS),
    highest: (from, to) => Math.max(...slice(from, to).map((candle) => candle.high)),
    lowest: (from, to) => Math.min(...slice(from, to).map((candle) => candle.low)),
  };
}

const ratio = (a: number, b: number) => Math.max(a, b) / Math.min(a, b);

describe("every planted series", () => {
  it("is valid OHLCV: positive prices, high over and low under the body, evenly spaced times", () => {
    for (const shape of PROBE_SHAPES)
      for (let seed = 1; seed <= 20; seed++) {
        const { candles, label } = probeSeries(shape, seed, settings(seed, { noise: 0.02 }));
        expect(candles).toHaveLength(45);
        for (const candle of candles) {
          expect(candleSchema.safeParse(candle).success, `${label.id} seed ${seed}`).toBe(true);
          expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close));
          expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close));
          expect(candle.low).toBeGreaterThan(0);
        }
        const gaps = new Set(candles.slice(1).map((candle, index) => candle.time - candles[index]!.time));
        expect([...gaps]).toEqual([4 * 3_600_000]);
      }
  });

  it("is the same for the same seed, shape and number, and another for another number", () => {
    const first = probeSeries("double_bottom", 2, settings(7));
    expect(probeSeries("double_bottom", 2, settings(7))).toEqual(first);
    expect(probeSeries("double_bottom", 3, settings(7)).candles).not.toEqual(first.candles);
    expect(probeSeries("double_bottom", 2, settings(8)).candles).not.toEqual(first.candles);
  });

  it("is labelled with its shape, its textbook direction and its slope", () => {
    const { label } = probeSeries("rising_wedge", 4, settings(3));
    expect(label).toMatchObject({
      id: "rising_wedge-4",
      shape: "rising_wedge",
      number: 4,
      patternName: "Rising Wedge",
      direction: "SHORT",
      bars: 45,
      noise: DEFAULT_NOISE,
      timeframe: "4h",
    });
    expect(label.slope).toBeGreaterThan(0);
    expect(probeSeries("sideways", 1, settings(3)).label).toMatchObject({ patternName: null, direction: null });
  });

  it("keeps the shape on the last 40 bars of a longer series, and on all of a shorter one", () => {
    const long = probeSeries("double_top", 1, settings(5, { bars: 90 }));
    expect(long.label.landmarks.first).toBeGreaterThanOrEqual(50);
    const short = probeSeries("double_top", 1, settings(5, { bars: 35 }));
    expect(short.label.landmarks.break).toBe(34);
    expect(short.label.landmarks.first).toBeLessThan(10);
  });
});

describe("double top and double bottom", () => {
  it("double top: two highs within 2% of each other, a trough at least 5% under both between them, then a break below it", () => {
    forEverySeed("double_top", (shape, seed) => {
      const first = shape.at("first").high;
      const second = shape.at("second").high;
      expect(ratio(first, second), `seed ${seed}`).toBeLessThanOrEqual(1.02);
      const trough = shape.lowest(shape.bar("first"), shape.bar("second"));
      expect(Math.min(first, second) / trough, `seed ${seed}`).toBeGreaterThanOrEqual(1.05);
      // The two peaks are the tops of the shape: no bar of the span reaches 1% above the higher one.
      expect(Math.max(...shape.span.map((candle) => candle.high)), `seed ${seed}`).toBeLessThanOrEqual(
        Math.max(first, second) * 1.01,
      );
      expect(shape.at("break").close, `seed ${seed}`).toBeLessThan(trough);
    });
  });

  it("double bottom: two lows within 2% of each other, a peak at least 5% above both between them, then a break above it", () => {
    forEverySeed("double_bottom", (shape, seed) => {
      const first = shape.at("first").low;
      const second = shape.at("second").low;
      expect(ratio(first, second), `seed ${seed}`).toBeLessThanOrEqual(1.02);
      const peak = shape.highest(shape.bar("first"), shape.bar("second"));
      expect(peak / Math.max(first, second), `seed ${seed}`).toBeGreaterThanOrEqual(1.05);
      expect(Math.min(...shape.span.map((candle) => candle.low)), `seed ${seed}`).toBeGreaterThanOrEqual(
        Math.min(first, second) / 1.01,
      );
      expect(shape.at("break").close, `seed ${seed}`).toBeGreaterThan(peak);
    });
  });
});

describe("head and shoulders and its inverse", () => {
  it("head and shoulders: a head at least 2% above both shoulders and the top of the shape, shoulders within 3% of each other, a neckline under them that price closes below", () => {
    forEverySeed("head_and_shoulders", (shape, seed) => {
      const left = shape.at("left_shoulder").high;
      const right = shape.at("right_shoulder").high;
      const head = shape.at("head").high;
      expect(head / Math.max(left, right), `seed ${seed}`).toBeGreaterThanOrEqual(1.02);
      // The head is the top of the shape: no bar of the span reaches half a percent above it.
      expect(Math.max(...shape.span.map((candle) => candle.high)) / head, `seed ${seed}`).toBeLessThanOrEqual(1.005);
      expect(ratio(left, right), `seed ${seed}`).toBeLessThanOrEqual(1.03);
      const neck = Math.max(shape.at("left_neck").low, shape.at("right_neck").low);
      expect(Math.min(left, right) / neck, `seed ${seed}`).toBeGreaterThanOrEqual(1.03);
      expect(shape.at("break").close, `seed ${seed}`).toBeLessThan(
        Math.min(shape.at("left_neck").low, shape.at("right_neck").low),
      );
    });
  });

  it("inverse head and shoulders: a head at least 2% below both shoulders and the bottom of the shape, shoulders within 3%, a neckline over them that price closes above", () => {
    forEverySeed("inverse_head_and_shoulders", (shape, seed) => {
      const left = shape.at("left_shoulder").low;
      const right = shape.at("right_shoulder").low;
      const head = shape.at("head").low;
      expect(Math.min(left, right) / head, `seed ${seed}`).toBeGreaterThanOrEqual(1.02);
      expect(head / Math.min(...shape.span.map((candle) => candle.low)), `seed ${seed}`).toBeLessThanOrEqual(1.005);
      expect(ratio(left, right), `seed ${seed}`).toBeLessThanOrEqual(1.03);
      const neck = Math.min(shape.at("left_neck").high, shape.at("right_neck").high);
      expect(neck / Math.max(left, right), `seed ${seed}`).toBeGreaterThanOrEqual(1.03);
      expect(shape.at("break").close, `seed ${seed}`).toBeGreaterThan(
        Math.max(shape.at("left_neck").high, shape.at("right_neck").high),
      );
    });
  });
});

/** Highs of the upper touches and lows of the lower ones, in order. */
function touches(shape: Geometry, side: "upper" | "lower", count: number): number[] {
  return Array.from({ length: count }, (_, index) =>
    side === "upper" ? shape.at(`upper_${index + 1}`).high : shape.at(`lower_${index + 1}`).low,
  );
}

/** Each value at least `step` (a fraction) above the one before. */
function rising(values: number[], step: number): boolean {
  return values.every((value, index) => index === 0 || value >= values[index - 1]! * (1 + step));
}
function falling(values: number[], step: number): boolean {
  return values.every((value, index) => index === 0 || value <= values[index - 1]! / (1 + step));
}
/** Every value within `spread` (a fraction) of every other: a flat line. */
function flat(values: number[], spread: number): boolean {
  return Math.max(...values) / Math.min(...values) <= 1 + spread;
}
/** The range between the lines at the last touches is at most `share` of the range at the first ones. */
function converging(upper: number[], lower: number[], share: number): boolean {
  const first = Math.log(upper[0]! / lower[0]!);
  const last = Math.log(upper.at(-1)! / lower.at(-1)!);
  return last > 0 && last <= share * first;
}

describe("triangles", () => {
  it("ascending: a flat ceiling (highs within 1.5%) over lows rising at least 1.5% a touch, the lines converging", () => {
    forEverySeed("ascending_triangle", (shape, seed) => {
      const upper = touches(shape, "upper", 3);
      const lower = touches(shape, "lower", 3);
      expect(flat(upper, 0.015), `seed ${seed}`).toBe(true);
      expect(rising(lower, 0.015), `seed ${seed}`).toBe(true);
      expect(converging(upper, lower, 0.6), `seed ${seed}`).toBe(true);
    });
  });

  it("descending: a flat floor (lows within 1.5%) under highs falling at least 1.5% a touch, the lines converging", () => {
    forEverySeed("descending_triangle", (shape, seed) => {
      const upper = touches(shape, "upper", 3);
      const lower = touches(shape, "lower", 3);
      expect(flat(lower, 0.015), `seed ${seed}`).toBe(true);
      expect(falling(upper, 0.015), `seed ${seed}`).toBe(true);
      expect(converging(upper, lower, 0.6), `seed ${seed}`).toBe(true);
    });
  });

  it("symmetrical: highs falling and lows rising, the lines converging on an apex", () => {
    forEverySeed("symmetrical_triangle", (shape, seed) => {
      const upper = touches(shape, "upper", 3);
      const lower = touches(shape, "lower", 2);
      expect(falling(upper, 0.01), `seed ${seed}`).toBe(true);
      expect(rising(lower, 0.01), `seed ${seed}`).toBe(true);
      expect(converging(upper.slice(0, 2), lower, 0.8), `seed ${seed}`).toBe(true);
      expect(converging(upper.slice(1), lower.slice(1), 0.8), `seed ${seed}`).toBe(true);
    });
  });
});

describe("wedges", () => {
  it("rising: highs and lows both rising, the lows faster, the range narrowing", () => {
    forEverySeed("rising_wedge", (shape, seed) => {
      const upper = touches(shape, "upper", 3);
      const lower = touches(shape, "lower", 3);
      expect(rising(upper, 0.01), `seed ${seed}`).toBe(true);
      expect(rising(lower, 0.01), `seed ${seed}`).toBe(true);
      expect(lower.at(-1)! / lower[0]!, `seed ${seed}`).toBeGreaterThan(upper.at(-1)! / upper[0]!);
      expect(converging(upper, lower, 0.75), `seed ${seed}`).toBe(true);
    });
  });

  it("falling: highs and lows both falling, the highs faster, the range narrowing", () => {
    forEverySeed("falling_wedge", (shape, seed) => {
      const upper = touches(shape, "upper", 3);
      const lower = touches(shape, "lower", 3);
      expect(falling(upper, 0.01), `seed ${seed}`).toBe(true);
      expect(falling(lower, 0.01), `seed ${seed}`).toBe(true);
      expect(upper[0]! / upper.at(-1)!, `seed ${seed}`).toBeGreaterThan(lower[0]! / lower.at(-1)!);
      expect(converging(upper, lower, 0.75), `seed ${seed}`).toBe(true);
    });
  });
});

describe("flags", () => {
  it("bullish: a pole rising at least 9%, then a narrow channel drifting down, holding above 40% of the pole", () => {
    forEverySeed("bullish_flag", (shape, seed) => {
      const start = shape.at("pole_start").close;
      const top = shape.at("pole_end").close;
      expect(top / start, `seed ${seed}`).toBeGreaterThanOrEqual(1.09);
      const flag = shape.candles.slice(shape.bar("pole_end"));
      const height = Math.max(...flag.map((candle) => candle.high)) / Math.min(...flag.map((candle) => candle.low));
      expect(Math.log(height) / Math.log(top / start), `seed ${seed}`).toBeLessThanOrEqual(0.6);
      expect(falling([top, ...touches(shape, "upper", 3)], 0.002), `seed ${seed}`).toBe(true);
      expect(falling(touches(shape, "lower", 3), 0.002), `seed ${seed}`).toBe(true);
      expect(Math.min(...flag.map((candle) => candle.close)), `seed ${seed}`).toBeGreaterThan(
        start * (top / start) ** 0.4,
      );
    });
  });

  it("bearish: a pole falling at least 9%, then a narrow channel drifting up, holding below 40% of the pole", () => {
    forEverySeed("bearish_flag", (shape, seed) => {
      const start = shape.at("pole_start").close;
      const bottom = shape.at("pole_end").close;
      expect(start / bottom, `seed ${seed}`).toBeGreaterThanOrEqual(1.09);
      const flag = shape.candles.slice(shape.bar("pole_end"));
      const height = Math.max(...flag.map((candle) => candle.high)) / Math.min(...flag.map((candle) => candle.low));
      expect(Math.log(height) / Math.log(start / bottom), `seed ${seed}`).toBeLessThanOrEqual(0.6);
      expect(rising([bottom, ...touches(shape, "lower", 3)], 0.002), `seed ${seed}`).toBe(true);
      expect(rising(touches(shape, "upper", 3), 0.002), `seed ${seed}`).toBe(true);
      expect(Math.max(...flag.map((candle) => candle.close)), `seed ${seed}`).toBeLessThan(
        start / (start / bottom) ** 0.4,
      );
    });
  });
});

describe("V-shaped reversals", () => {
  it("V bottom: the lowest low (within 1%) mid-span, at least 8% under the span's first and last closes", () => {
    forEverySeed("v_bottom", (shape, seed) => {
      const turn = shape.at("turn").low;
      expect(turn / Math.min(...shape.candles.map((candle) => candle.low)), `seed ${seed}`).toBeLessThanOrEqual(1.01);
      expect(shape.span[0]!.close / turn, `seed ${seed}`).toBeGreaterThanOrEqual(1.08);
      expect(shape.span.at(-1)!.close / turn, `seed ${seed}`).toBeGreaterThanOrEqual(1.08);
      const position = shape.bar("turn") - (shape.candles.length - SHAPE_SPAN_BARS);
      expect(position).toBeGreaterThan(SHAPE_SPAN_BARS / 3);
      expect(position).toBeLessThan((2 * SHAPE_SPAN_BARS) / 3);
    });
  });

  it("V top: the highest high (within 1%) mid-span, at least 8% over the span's first and last closes", () => {
    forEverySeed("v_top", (shape, seed) => {
      const turn = shape.at("turn").high;
      expect(Math.max(...shape.candles.map((candle) => candle.high)) / turn, `seed ${seed}`).toBeLessThanOrEqual(1.01);
      expect(turn / shape.span[0]!.close, `seed ${seed}`).toBeGreaterThanOrEqual(1.08);
      expect(turn / shape.span.at(-1)!.close, `seed ${seed}`).toBeGreaterThanOrEqual(1.08);
    });
  });
});

describe("plain trends", () => {
  /** The least-squares slope of the log closes, per bar, and the slope the series was planted with. */
  const slopes = (shape: ProbeShape, seed: number) => {
    const series = probeSeries(shape, 1, settings(seed));
    return {
      fitted: leastSquaresLine(series.candles.map((candle) => Math.log(candle.close))).slope,
      planted: series.label.slope,
      trend: series.label.trend,
    };
  };

  it("uptrend: the fitted slope within 10% of the planted one, which rises", () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const { fitted, planted, trend } = slopes("uptrend", seed);
      expect(planted, `seed ${seed}`).toBeGreaterThan(0.002);
      expect(Math.abs(fitted - planted) / planted, `seed ${seed}`).toBeLessThanOrEqual(0.1);
      expect(trend).toBe("upward");
    }
  });

  it("downtrend: the fitted slope within 10% of the planted one, which falls", () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const { fitted, planted, trend } = slopes("downtrend", seed);
      expect(planted, `seed ${seed}`).toBeLessThan(-0.002);
      expect(Math.abs(fitted - planted) / Math.abs(planted), `seed ${seed}`).toBeLessThanOrEqual(0.1);
      expect(trend).toBe("downward");
    }
  });

  it("sideways: planted flat, and the fitted line moves less than 2% over the series", () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const { fitted, planted, trend } = slopes("sideways", seed);
      expect(planted).toBe(0);
      expect(Math.abs(fitted * 44), `seed ${seed}`).toBeLessThanOrEqual(0.02);
      expect(trend).toBe("sideways");
    }
  });
});

describe("the catalogue", () => {
  it("pairs every shape with its mirror image, and mirrored shapes expect opposite directions", () => {
    for (const shape of PROBE_SHAPES) {
      const entry = SHAPE_CATALOG[shape];
      expect(SHAPE_CATALOG[entry.mirror].mirror, shape).toBe(shape);
      const opposite = { LONG: "SHORT", SHORT: "LONG" } as const;
      expect(SHAPE_CATALOG[entry.mirror].direction, shape).toBe(entry.direction && opposite[entry.direction]);
    }
  });
});
