// Loads talib-reference.json: TA-Lib's outputs on benchmark windows and synthetic series (provenance inside the
// file; regenerate with scripts/talib/generate-reference.mjs) and compares series with TA-Lib's tolerance.
import { readFileSync } from "node:fs";
import path from "node:path";

import { expect } from "vitest";

import type { IndicatorSeries } from "../../src/indicators";

type ReferenceSeries = (number | null)[];

export interface ReferenceOutputs {
  rsi: ReferenceSeries;
  macd: { macd: ReferenceSeries; signal: ReferenceSeries; histogram: ReferenceSeries };
  stochastic: { k: ReferenceSeries; d: ReferenceSeries };
  roc: ReferenceSeries;
  williamsR: ReferenceSeries;
}

export interface ReferenceParameters {
  rsi: { period: number };
  macd: { fastPeriod: number; slowPeriod: number; signalPeriod: number };
  stochastic: { kPeriod: number; kSlowingPeriod: number; dPeriod: number };
  roc: { period: number };
  williamsR: { period: number };
}

interface ReferenceFile {
  provenance: Record<string, string>;
  parameterSets: Record<string, ReferenceParameters>;
  series: {
    name: string;
    input: { time: string[]; high: number[]; low: number[]; close: number[] };
    outputs: Record<string, ReferenceOutputs>;
  }[];
}

export const reference: ReferenceFile = JSON.parse(readFileSync(path.join(__dirname, "talib-reference.json"), "utf8"));

/** Every (series, parameter set) pair in the file, named for test titles. */
export const referenceCases = reference.series.flatMap((series) =>
  Object.entries(series.outputs).map(([setName, expected]) => ({
    title: `${series.name} (${setName})`,
    input: series.input,
    parameters: reference.parameterSets[setName]!,
    expected,
  })),
);

export const TALIB_TOLERANCE = 1e-6;

/** Same length, null exactly where TA-Lib has none, and values within 1e-6 elsewhere. */
export function expectMatchesTalib(actual: IndicatorSeries, expected: ReferenceSeries): void {
  expect(actual).toHaveLength(expected.length);
  expect(actual.map((value) => value === null)).toEqual(expected.map((value) => value === null));
  actual.forEach((value, index) => {
    const target = expected[index]!;
    if (value === null || target === null) return;
    expect(Number.isFinite(value), `index ${index} is finite`).toBe(true);
    expect(Math.abs(value - target), `index ${index}: ${value} vs TA-Lib ${target}`).toBeLessThanOrEqual(
      TALIB_TOLERANCE,
    );
  });
}
