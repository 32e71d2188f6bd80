// Calibration of a stated probability (src/scoring/calibration.ts) on small tables worked by hand: the Brier score,
// the expected calibration error over ten bins from 0.5 to 1, the reliability bins themselves, and the AUC with
// Hanley and McNeil's interval; both sides of "carries information".
import { describe, expect, it } from "vitest";

import { calibration, reliabilityBins, rocAuc } from "../../src/scoring/calibration";

// Five decisions: (0.6, hit), (0.6, miss), (0.9, hit), (0.7, hit), (0.55, miss).
const table = [
  { probability: 0.6, hit: true },
  { probability: 0.6, hit: false },
  { probability: 0.9, hit: true },
  { probability: 0.7, hit: true },
  { probability: 0.55, hit: false },
];

describe("calibration", () => {
  it("scores a small table as worked by hand", () => {
    const result = calibration(table);
    // Brier: (0.4² + 0.6² + 0.1² + 0.3² + 0.55²) / 5 = 0.9225 / 5.
    expect(result.brier).toBeCloseTo(0.1845, 12);
    // ECE: 1/5·|0 − 0.55| + 2/5·|0.5 − 0.6| + 1/5·|1 − 0.7| + 1/5·|1 − 0.9| = 0.11 + 0.04 + 0.06 + 0.02.
    expect(result.ece).toBeCloseTo(0.23, 12);
    // AUC: of the 6 hit-miss pairs, 5 ordered right and one tie (0.6 against 0.6): 5.5 / 6.
    expect(result.auc?.value).toBeCloseTo(11 / 12, 12);
    // Hanley-McNeil: Q1 = A/(2−A), Q2 = 2A²/(1+A); SE² = (A(1−A) + 2(Q1−A²) + (Q2−A²)) / 6 = 0.0207791...
    const a = 11 / 12;
    const q1 = a / (2 - a);
    const q2 = (2 * a * a) / (1 + a);
    const se = Math.sqrt((a * (1 - a) + 2 * (q1 - a * a) + (q2 - a * a)) / 6);
    expect(se).toBeCloseTo(0.14415, 5);
    expect(result.auc?.ciLow).toBeCloseTo(a - 1.959964 * se, 12);
    expect(result.auc?.ciHigh).toBe(1); // a + 1.96 SE is above 1: kept within [0, 1]
    expect(result.informative).toBe(true);
    expect(result.samples).toBe(5);
  });

  it("puts each probability in its bin of width 0.05, 1 in the last, and says what each bin held", () => {
    const bins = reliabilityBins([...table, { probability: 1, hit: true }, { probability: 0.5, hit: false }]);
    expect(bins).toHaveLength(10);
    expect(bins.map((bin) => [bin.low, bin.high])).toEqual(
      Array.from({ length: 10 }, (_, index) =>
        [0.5 + index * 0.05, 0.55 + index * 0.05].map((edge) => Number(edge.toFixed(2))),
      ),
    );
    expect(bins.map((bin) => bin.count)).toEqual([1, 1, 2, 0, 1, 0, 0, 0, 1, 1]);
    expect(bins[0]).toEqual({ low: 0.5, high: 0.55, count: 1, meanProbability: 0.5, accuracy: 0 });
    expect(bins[2]).toMatchObject({ count: 2, meanProbability: 0.6, accuracy: 0.5 });
    expect(bins[3]).toMatchObject({ count: 0, meanProbability: null, accuracy: null });
    expect(bins[9]).toMatchObject({ low: 0.95, high: 1, count: 1, meanProbability: 1, accuracy: 1 });
    // Inside a bin, just below its upper edge: still that bin, not the next.
    const inside = reliabilityBins([
      { probability: 0.549, hit: true },
      { probability: 0.649, hit: false },
      { probability: 0.9999, hit: true },
    ]);
    expect(inside.map((bin) => bin.count)).toEqual([1, 0, 1, 0, 0, 0, 0, 0, 0, 1]);
  });

  it("finds no information where confidence does not separate hits from misses, and the mirror case below 0.5", () => {
    // The same probabilities for hits and misses: every pair a tie.
    const flat = [0.7, 0.7, 0.7, 0.7].map((probability, index) => ({ probability, hit: index % 2 === 0 }));
    expect(rocAuc(flat)?.value).toBe(0.5);
    expect(calibration(flat).informative).toBe(false);
    // Misses stated surer than hits: an AUC below 0.5, never "informative" (the interval would have to be above).
    const inverted = [
      { probability: 0.9, hit: false },
      { probability: 0.85, hit: false },
      { probability: 0.8, hit: false },
      { probability: 0.55, hit: true },
      { probability: 0.5, hit: true },
      { probability: 0.52, hit: true },
    ];
    expect(rocAuc(inverted)?.value).toBe(0);
    expect(calibration(inverted).informative).toBe(false);
    // Perfectly separated the right way round, with enough samples for the interval to clear 0.5.
    const separated = Array.from({ length: 40 }, (_, index) => ({
      probability: index < 20 ? 0.9 : 0.55,
      hit: index < 20,
    }));
    expect(rocAuc(separated)?.value).toBe(1);
    expect(calibration(separated).informative).toBe(true);
  });

  it("has no AUC without both hits and misses, and no scores without samples", () => {
    expect(rocAuc(table.filter((sample) => sample.hit))).toBeNull();
    expect(rocAuc(table.filter((sample) => !sample.hit))).toBeNull();
    expect(calibration([])).toMatchObject({ samples: 0, brier: null, ece: null, auc: null, informative: false });
    // A perfectly calibrated, perfectly sure record.
    expect(calibration([{ probability: 1, hit: true }])).toMatchObject({ brier: 0, ece: 0, auc: null });
  });

  it("refuses a probability outside 0.5 to 1, on either side", () => {
    expect(() => calibration([{ probability: 0.49, hit: true }])).toThrow(/from 0.5 to 1 \(got 0.49\)/);
    expect(() => calibration([{ probability: 1.01, hit: true }])).toThrow(/from 0.5 to 1 \(got 1.01\)/);
    expect(() => calibration([{ probability: Number.NaN, hit: true }])).toThrow(RangeError);
  });
});
