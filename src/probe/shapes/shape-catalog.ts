// The shapes the chart-reading probe plants, and what a reader of charts should say about each: the name the Pattern
// agent would give it (one of its prompt's classic patterns, or none for a plain trend), the direction the textbook
// expects after it, and its mirror image (every rise a fall of the same log size: a double top's is a double bottom).
// The set is closed under mirroring, so a run of every shape plants as many LONG shapes as SHORT ones and always-LONG
// scores 50% on the directive. Pure data.
import type { Directive } from "../../scoring/directive";

export const PROBE_SHAPES = [
  "double_top",
  "double_bottom",
  "head_and_shoulders",
  "inverse_head_and_shoulders",
  "ascending_triangle",
  "descending_triangle",
  "symmetrical_triangle",
  "rising_wedge",
  "falling_wedge",
  "bullish_flag",
  "bearish_flag",
  "v_bottom",
  "v_top",
  "uptrend",
  "downtrend",
  "sideways",
] as const;
export type ProbeShape = (typeof PROBE_SHAPES)[number];

export interface ShapeEntry {
  /** "pattern": a classic chart pattern; "trend": a plain trend, which names no pattern. */
  kind: "pattern" | "trend";
  /** The classic pattern's name as a report writes it; null for a trend (the right pick is none). */
  patternName: string | null;
  /** The textbook's expectation after the shape; null when it expects either way (or none: sideways). */
  direction: Directive | null;
  /** The shape's mirror image; itself for a symmetrical triangle and a sideways trend. */
  mirror: ProbeShape;
  /** In words, for reports and --help. */
  describe: string;
}

export const SHAPE_CATALOG: Readonly<Record<ProbeShape, ShapeEntry>> = {
  double_top: {
    kind: "pattern",
    patternName: "Double Top",
    direction: "SHORT",
    mirror: "double_bottom",
    describe: "two peaks at about the same price with a trough between, then a break below the trough",
  },
  double_bottom: {
    kind: "pattern",
    patternName: "Double Bottom",
    direction: "LONG",
    mirror: "double_top",
    describe: "two troughs at about the same price with a peak between, then a break above the peak",
  },
  head_and_shoulders: {
    kind: "pattern",
    patternName: "Head and Shoulders",
    direction: "SHORT",
    mirror: "inverse_head_and_shoulders",
    describe: "three peaks, the middle one highest, over a neckline that price then breaks",
  },
  inverse_head_and_shoulders: {
    kind: "pattern",
    patternName: "Inverse Head and Shoulders",
    direction: "LONG",
    mirror: "head_and_shoulders",
    describe: "three troughs, the middle one deepest, under a neckline that price then breaks",
  },
  ascending_triangle: {
    kind: "pattern",
    patternName: "Ascending Triangle",
    direction: "LONG",
    mirror: "descending_triangle",
    describe: "a flat ceiling over rising lows",
  },
  descending_triangle: {
    kind: "pattern",
    patternName: "Descending Triangle",
    direction: "SHORT",
    mirror: "ascending_triangle",
    describe: "a flat floor under falling highs",
  },
  symmetrical_triangle: {
    kind: "pattern",
    patternName: "Symmetrical Triangle",
    direction: null,
    mirror: "symmetrical_triangle",
    describe: "falling highs and rising lows converging on an apex",
  },
  rising_wedge: {
    kind: "pattern",
    patternName: "Rising Wedge",
    direction: "SHORT",
    mirror: "falling_wedge",
    describe: "highs and lows both rising, the lows faster, the range narrowing",
  },
  falling_wedge: {
    kind: "pattern",
    patternName: "Falling Wedge",
    direction: "LONG",
    mirror: "rising_wedge",
    describe: "highs and lows both falling, the highs faster, the range narrowing",
  },
  bullish_flag: {
    kind: "pattern",
    patternName: "Bullish Flag",
    direction: "LONG",
    mirror: "bearish_flag",
    describe: "a steep rise (the pole), then a short, shallow drift down in a narrow channel",
  },
  bearish_flag: {
    kind: "pattern",
    patternName: "Bearish Flag",
    direction: "SHORT",
    mirror: "bullish_flag",
    describe: "a steep fall (the pole), then a short, shallow drift up in a narrow channel",
  },
  v_bottom: {
    kind: "pattern",
    patternName: "V-shaped Reversal",
    direction: "LONG",
    mirror: "v_top",
    describe: "a sharp fall that turns at once into a sharp rise",
  },
  v_top: {
    kind: "pattern",
    patternName: "V-shaped Reversal",
    direction: "SHORT",
    mirror: "v_bottom",
    describe: "a sharp rise that turns at once into a sharp fall",
  },
  uptrend: {
    kind: "trend",
    patternName: null,
    direction: "LONG",
    mirror: "downtrend",
    describe: "a steady rise at a known slope",
  },
  downtrend: {
    kind: "trend",
    patternName: null,
    direction: "SHORT",
    mirror: "uptrend",
    describe: "a steady fall at a known slope",
  },
  sideways: {
    kind: "trend",
    patternName: null,
    direction: null,
    mirror: "sideways",
    describe: "no slope: price wanders about one level",
  },
};

export function isProbeShape(name: string): name is ProbeShape {
  return (PROBE_SHAPES as readonly string[]).includes(name);
}
