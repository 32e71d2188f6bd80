// The price axis chosen before drawing: nice steps, ticks inside the range at even spacing, labels with the step's
// decimals and thousands separators, a range that holds everything drawn, and a left margin that grows with the
// widest label.
import { describe, expect, it } from "vitest";

import { buildPriceAxis, decimalsOf, labelWidth, niceStep } from "../../src/charts/price-axis";

describe("niceStep", () => {
  it("takes the nearest of 1, 2, 2.5, 5 or 10 times a power of ten", () => {
    expect([0.7, 1, 1.2, 1.4, 2.1, 2.6, 3.6, 5, 5.1, 9.99].map(niceStep)).toEqual([0.5, 1, 1, 1, 2, 2.5, 5, 5, 5, 10]);
    expect(niceStep(430)).toBe(500);
    expect(niceStep(0.00013)).toBeCloseTo(0.0001, 12);
    expect(niceStep(1.9e6)).toBe(2e6);
  });

  it("refuses a step that is not a positive finite number", () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => niceStep(bad)).toThrow(/positive number/);
  });
});

describe("decimalsOf", () => {
  it("counts the decimals a step needs", () => {
    expect([500, 1, 2.5, 0.5, 0.25, 0.0025, 2e-7].map(decimalsOf)).toEqual([0, 0, 1, 1, 2, 4, 7]);
  });
});

describe("buildPriceAxis", () => {
  it("puts about six evenly spaced ticks inside a padded range, labelled like prices", () => {
    const axis = buildPriceAxis([66_120, 67_480.5, 66_900]);
    // span 1,360.5, padded 5% a side: 66,051.98 to 67,548.53; step 1,496.6/6 = 249.4 → 250
    expect(axis.range[0]).toBeCloseTo(66_120 - 68.025, 6);
    expect(axis.range[1]).toBeCloseTo(67_480.5 + 68.025, 6);
    expect(axis.tickvals).toEqual([66_250, 66_500, 66_750, 67_000, 67_250, 67_500]);
    expect(axis.ticktext).toEqual(["66,250", "66,500", "66,750", "67,000", "67,250", "67,500"]);
  });

  it("gives every label the step's decimals", () => {
    // span 0.0059, padded 0.00649; step 0.00108 → 0.001, so three decimals on every label
    expect(buildPriceAxis([1.0812, 1.0871]).ticktext).toEqual([
      "1.081",
      "1.082",
      "1.083",
      "1.084",
      "1.085",
      "1.086",
      "1.087",
    ]);
    const tiny = buildPriceAxis([0.00001234, 0.00001301]);
    expect(tiny.ticktext[0]).toMatch(/^0\.0000\d+$/);
    for (const [index, value] of tiny.tickvals.entries()) expect(Number(tiny.ticktext[index])).toBeCloseTo(value, 12);
  });

  it("keeps every tick inside the range and never repeats a label", () => {
    for (const values of [
      [3, 4],
      [0.1, 0.3],
      [-37.6, 20.1],
      [12_345_678, 12_987_654],
      [99.99, 100.01],
    ]) {
      const axis = buildPriceAxis(values);
      expect(axis.tickvals.length).toBeGreaterThanOrEqual(4);
      expect(axis.tickvals.length).toBeLessThanOrEqual(9);
      for (const value of axis.tickvals) {
        expect(value).toBeGreaterThanOrEqual(axis.range[0]);
        expect(value).toBeLessThanOrEqual(axis.range[1]);
      }
      expect(new Set(axis.ticktext).size).toBe(axis.ticktext.length);
    }
  });

  it("shows a flat series around its level, and ignores values that are not finite", () => {
    const flat = buildPriceAxis([250, 250, Number.NaN]);
    expect(flat.range[0]).toBeLessThan(250);
    expect(flat.range[1]).toBeGreaterThan(250);
    expect(flat.ticktext).toEqual(["248", "249", "250", "251", "252"]); // 1% around the level
    expect(buildPriceAxis([0]).range[0]).toBeLessThan(0);
    expect(() => buildPriceAxis([Number.NaN])).toThrow(/at least one finite price/);
  });

  it("widens the left margin with the widest label", () => {
    const small = buildPriceAxis([1.5, 2.5]);
    const large = buildPriceAxis([12_345_678, 12_987_654]);
    expect(large.leftMargin - small.leftMargin).toBeCloseTo(
      Math.ceil(labelWidth(large.ticktext.at(-1)!, 14)) -
        Math.ceil(Math.max(...small.ticktext.map((text) => labelWidth(text, 14)))),
      0,
    );
    expect(labelWidth("67,500", 14)).toBeCloseTo((5 * 0.636 + 0.318) * 14, 6);
  });
});
