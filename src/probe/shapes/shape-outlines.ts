// The outline of each planted shape: its turning points over the shape's span, in log price relative to where the
// span starts (0.05 is about 5% higher), drawn at random within the bounds that keep it a textbook example (a double
// top's peaks within half a percent of each other, its trough 7% to 10% under them). Each bearish shape is its
// bullish twin's mirror image (every log move negated, upper and lower touches swapped), so the pairs are alike in
// everything but direction. Landmarks name the turning points the geometry tests (and a reader of the labels) look
// at. Pure: the random draws come from the caller's seeded generator.
import type { ProbeShape } from "./shape-catalog";

export interface OutlinePoint {
  /** Position in the span, 0 (its first bar) to 1 (its last). */
  at: number;
  /** Log price relative to the span's start. */
  level: number;
  /** A turning point's name ("first", "head", "upper_2"): its bar is kept in the labels. */
  landmark?: string;
}

export interface ShapeOutline {
  points: OutlinePoint[];
  /**
   * The bars before the span: "extend" carries the first segment back (the trend a reversal reverses), "flat" holds
   * the first level (the base a flag's pole or a V leaves from).
   */
  lead: "extend" | "flat";
  /** A trend's planted slope, in log price per bar (the outline then is a straight line over the whole series). */
  logSlopePerBar?: number;
}

/** Uniform draws in [low, high) from a uniform [0, 1) source. */
type Draw = (low: number, high: number) => number;

const uniform =
  (random: () => number): Draw =>
  (low, high) =>
    low + (high - low) * random();

function doubleTop(draw: Draw): ShapeOutline {
  const peak = draw(0.09, 0.13);
  const depth = draw(0.07, 0.1);
  return {
    lead: "extend",
    points: [
      { at: 0, level: 0 },
      { at: 0.25, level: peak, landmark: "first" },
      { at: 0.5, level: peak - depth, landmark: "between" },
      { at: 0.75, level: peak + draw(-0.005, 0.005), landmark: "second" },
      { at: 1, level: peak - depth - draw(0.02, 0.04), landmark: "break" },
    ],
  };
}

function headAndShoulders(draw: Draw): ShapeOutline {
  const shoulder = draw(0.07, 0.1);
  const neck = shoulder - draw(0.05, 0.07);
  return {
    lead: "extend",
    points: [
      { at: 0, level: 0 },
      { at: 0.15, level: shoulder, landmark: "left_shoulder" },
      { at: 0.32, level: neck, landmark: "left_neck" },
      { at: 0.5, level: shoulder + draw(0.04, 0.06), landmark: "head" },
      { at: 0.68, level: neck + draw(-0.005, 0.005), landmark: "right_neck" },
      { at: 0.85, level: shoulder + draw(-0.005, 0.005), landmark: "right_shoulder" },
      { at: 1, level: neck - draw(0.015, 0.03), landmark: "break" },
    ],
  };
}

/** Touches alternating between two lines over the span, starting on the lower one. */
function betweenLines(lower: (at: number) => number, upper: (at: number) => number, last: number): OutlinePoint[] {
  const touches = [0, 1 / 6, 2 / 6, 3 / 6, 4 / 6, 5 / 6];
  const points = touches.map((at, index) => {
    const onUpper = index % 2 === 1;
    const count = Math.floor(index / 2) + 1;
    return {
      at,
      level: onUpper ? upper(at) : lower(at),
      landmark: `${onUpper ? "upper" : "lower"}_${count}`,
    };
  });
  return [...points, { at: 1, level: lower(1) + last * (upper(1) - lower(1)) }];
}

function ascendingTriangle(draw: Draw): ShapeOutline {
  const width = draw(0.07, 0.1);
  const ceiling = width;
  return {
    lead: "extend",
    points: betweenLines(
      (at) => width * 0.8 * at,
      () => ceiling,
      0.7,
    ),
  };
}

function symmetricalTriangle(draw: Draw): ShapeOutline {
  const width = draw(0.1, 0.13);
  // Swings about one level, each smaller than the last; it starts and ends on that level.
  const swing = (at: number) => (width / 2) * (1 - 0.9 * at);
  return {
    lead: "flat",
    points: [
      { at: 0, level: 0 },
      { at: 1 / 6, level: swing(1 / 6), landmark: "upper_1" },
      { at: 2 / 6, level: -swing(2 / 6), landmark: "lower_1" },
      { at: 3 / 6, level: swing(3 / 6), landmark: "upper_2" },
      { at: 4 / 6, level: -swing(4 / 6), landmark: "lower_2" },
      { at: 5 / 6, level: swing(5 / 6), landmark: "upper_3" },
      { at: 1, level: 0 },
    ],
  };
}

function risingWedge(draw: Draw): ShapeOutline {
  const width = draw(0.06, 0.08);
  const upperRise = draw(0.06, 0.09);
  const lowerRise = upperRise + width * 0.65;
  return {
    lead: "extend",
    points: betweenLines(
      (at) => lowerRise * at,
      (at) => width + upperRise * at,
      0.4,
    ),
  };
}

function bullishFlag(draw: Draw): ShapeOutline {
  const pole = draw(0.12, 0.16);
  const drift = draw(0.02, 0.035);
  const channel = draw(0.015, 0.025);
  const start = 0.36;
  const upper = (at: number) => pole - (drift * (at - start)) / (1 - start);
  const lower = (at: number) => upper(at) - channel;
  const flag = [0.36, 0.47, 0.58, 0.69, 0.8, 0.91, 1];
  return {
    lead: "flat",
    points: [
      { at: 0, level: 0, landmark: "pole_start" },
      ...flag.map((at, index) => ({
        at,
        level: index % 2 === 0 ? upper(at) : lower(at),
        landmark: index === 0 ? "pole_end" : `${index % 2 === 0 ? "upper" : "lower"}_${Math.ceil(index / 2)}`,
      })),
    ],
  };
}

function vBottom(draw: Draw): ShapeOutline {
  const depth = draw(0.1, 0.14);
  return {
    lead: "flat",
    points: [
      { at: 0, level: 0 },
      { at: 0.5, level: -depth, landmark: "turn" },
      { at: 1, level: -depth + depth * draw(0.85, 1.05) },
    ],
  };
}

/** A straight line over the whole series at a planted slope (log price per bar). */
function trend(logSlopePerBar: number): ShapeOutline {
  return { lead: "extend", logSlopePerBar, points: [] };
}

/** Every log move negated, upper and lower touches swapped: the bearish twin of a bullish outline, or the reverse. */
export function mirrorOutline(outline: ShapeOutline): ShapeOutline {
  const swap = (name: string | undefined) =>
    name?.replace(/^(upper|lower)_/, (_, side: string) => (side === "upper" ? "lower_" : "upper_"));
  return {
    lead: outline.lead,
    ...(outline.logSlopePerBar === undefined ? {} : { logSlopePerBar: -outline.logSlopePerBar }),
    points: outline.points.map((point) => {
      const landmark = swap(point.landmark);
      return { at: point.at, level: -point.level, ...(landmark === undefined ? {} : { landmark }) };
    }),
  };
}

/** The outline of one planted shape, drawn with `random` (a seeded uniform [0, 1) source). */
export function shapeOutline(shape: ProbeShape, random: () => number): ShapeOutline {
  const draw = uniform(random);
  switch (shape) {
    case "double_top":
      return doubleTop(draw);
    case "double_bottom":
      return mirrorOutline(doubleTop(draw));
    case "head_and_shoulders":
      return headAndShoulders(draw);
    case "inverse_head_and_shoulders":
      return mirrorOutline(headAndShoulders(draw));
    case "ascending_triangle":
      return ascendingTriangle(draw);
    case "descending_triangle":
      return mirrorOutline(ascendingTriangle(draw));
    case "symmetrical_triangle":
      return symmetricalTriangle(draw);
    case "rising_wedge":
      return risingWedge(draw);
    case "falling_wedge":
      return mirrorOutline(risingWedge(draw));
    case "bullish_flag":
      return bullishFlag(draw);
    case "bearish_flag":
      return mirrorOutline(bullishFlag(draw));
    case "v_bottom":
      return vBottom(draw);
    case "v_top":
      return mirrorOutline(vBottom(draw));
    case "uptrend":
      return trend(draw(0.003, 0.006));
    case "downtrend":
      return mirrorOutline(trend(draw(0.003, 0.006)));
    case "sideways":
      return trend(0);
    default: {
      const exhaustive: never = shape;
      return exhaustive;
    }
  }
}
