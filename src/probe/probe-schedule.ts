// The chart-reading probe's schedule: the planted series (every shape's first series, then every shape's second, and
// so on, so a run stopped half-way has each shape about equally often) as the experiment engine's points. Each
// point's window is its whole series, and it goes by an opaque name: the shape is in the label the probe keeps, never
// in anything an analysis is given (and the analyses are blind, so no name or price level reaches the provider
// either). Pure.
import type { ExperimentPoint } from "../experiment/experiment-point";
import type { Timeframe } from "../market/timeframes";
import { type ProbeSeries, probeSeries } from "./shapes/probe-series";
import type { ProbeShape } from "./shapes/shape-catalog";

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
