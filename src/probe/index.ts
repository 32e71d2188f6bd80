// The chart-reading probe's parts, for the command line and the server: the run, its options and result, the planted
// series, the report and its JSON. The library's public surface (src/index.ts) exports the ones a notebook needs.
export { assertReportAbsent } from "../reports/report-files";
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
export { showChartProbe } from "./probe-view";
export { assertProbeWithinBudget, runChartProbe } from "./run-chart-probe";
export { type ProbeSeries, type ProbeSeriesLabel, SHAPE_SPAN_BARS } from "./shapes/probe-series";
export { isProbeShape, PROBE_SHAPES, type ProbeShape, SHAPE_CATALOG } from "./shapes/shape-catalog";
export { writeProbeReport } from "./write-probe-report";
export { writeProbeSeries } from "./write-probe-series";
