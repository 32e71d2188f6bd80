// The chart-reading probe's schedule: the planted series (every shape's first series, then every shape's second, and
// so on, so a run stopped half-way has each shape about equally often) as the experiment engine's points. Each
// point's window is its whole series, and it goes by an opaque name: the shape is in the label the probe keeps, never
// in anything an analysis is given (and the analyses are blind, so no name or price level reaches the provider
// either). Pure.
import type { z } from "zod";

import { InputError } from "../common/input-error";
import type { ExperimentPoint } from "../experiment/experiment-point";
import type { Timeframe } from "../market/timeframes";
import { probeOptionsSchema } from "./probe-options";
import { type ProbeSeries, probeSeries } from "./shapes/probe-series";
import { PROBE_SHAPES, type ProbeShape } from "./shapes/shape-catalog";

export interface ProbeScheduleSettings {
  shapes: readonly ProbeShape[];
  perShape: number;
  seed: number;
  noise: number;
  bars: number;
  timeframe: Timeframe;
}

/** What an analysis is told the series is called: the same for every series. */
export const PROBE_SERIES_NAME = "Synthetic series";

const plantedSeriesOptionsSchema = probeOptionsSchema.pick({
  shapes: true,
  perShape: true,
  seed: true,
  noise: true,
  bars: true,
  timeframe: true,
});
/** The series a probe with these options plants; `bars` defaults to 45, the config's default window. */
export type PlantedSeriesOptions = z.input<typeof plantedSeriesOptionsSchema>;

/** The series a probe with these options would analyse, without analysing them (to look at, or to write out). */
export function plantedSeries(options: PlantedSeriesOptions = {}): ProbeSeries[] {
  const parsed = plantedSeriesOptionsSchema.safeParse(options);
  if (!parsed.success) throw InputError.fromZod(parsed.error, "Invalid probe options");
  const { shapes, bars, ...rest } = parsed.data;
  return probeSchedule({ ...rest, shapes: shapes ?? [...PROBE_SHAPES], bars: bars ?? 45 });
}

export function probeSchedule(settings: ProbeScheduleSettings): ProbeSeries[] {
  const series: ProbeSeries[] = [];
  for (let number = 1; number <= settings.perShape; number++)
    for (const shape of settings.shapes) series.push(probeSeries(shape, number, settings));
  return series;
}

export function probePoint(series: ProbeSeries): ExperimentPoint {
  return {
    id: series.label.id,
    // The caller's progress lines only: no analysis is given it.
    label: series.label.id,
    // No memory in a probe: every series is a lane of its own.
    lane: series.label.id,
    window: series.candles,
    later: [],
    timeframe: series.label.timeframe,
    name: PROBE_SERIES_NAME,
  };
}
