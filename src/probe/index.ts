// quantagent-ts/probe: the chart-reading probe's parts: the run, its options and result, the planted
// series, the report and its JSON. The library's public surface (src/index.ts) exports the ones a notebook needs.
export {
  type ChartProbeOptions,
  DEFAULT_NOISE,
  DEFAULT_PER_SHAPE,
  MAX_NOISE,
  probeOptionsSchema,
} from "./probe-options";
export type { ProbeResult, ProbeScore } from "./probe-result";
export { plantedSeries, type PlantedSeriesOptions } from "./probe-schedule";
export { formatProbability, percent, probeVerdict } from "./probe-verdict";
export { assertProbeWithinBudget, runChartProbe } from "./run-chart-probe";
export { type ProbeSeries, type ProbeSeriesLabel, SHAPE_SPAN_BARS } from "./shapes/probe-series";
export { isProbeShape, PROBE_SHAPES, type ProbeShape, SHAPE_CATALOG } from "./shapes/shape-catalog";
export { showChartProbe } from "./write-probe-report";
export { writeProbeReport } from "./write-probe-report";
export { writeProbeSeries } from "./write-probe-series";
