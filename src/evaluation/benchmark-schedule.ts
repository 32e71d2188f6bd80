// The evaluation's schedule: the benchmark's windows of the assets asked for, read from disk, and cut into decision
// points under the protocol's settings (evaluation-protocol.ts, decision-points.ts). The same for a run in one
// process and a queued one, so both analyse and score the same points.
import type { Config } from "../config/config-schema";
import { readBenchmarkWindows } from "../market/benchmark-data";
import {
  type BenchmarkWindow,
  type DecisionPoint,
  decisionPoints,
  type ResolvedDecisionPointOptions,
  resolveDecisionPointOptions,
} from "./decision-points";
import type { ParsedEvaluationOptions } from "./evaluation-options";
import { resolveProtocolSettings } from "./evaluation-protocol";
import type { EvaluationSettings } from "./evaluation-result";

export interface BenchmarkSchedule {
  pointOptions: ResolvedDecisionPointOptions;
  windows: BenchmarkWindow[];
  points: DecisionPoint[];
  /** The settings it was made under, as a result (and a queued run's spec) records them. */
  settings: Pick<
    EvaluationSettings,
    | "protocol"
    | "benchmarkDir"
    | "assets"
    | "windows"
    | "horizons"
    | "historyBars"
    | "pointsPerWindow"
    | "stride"
    | "randomSeeds"
    | "firstSeed"
  >;
}

export async function benchmarkSchedule(
  settings: ParsedEvaluationOptions,
  config: Config,
  signal?: AbortSignal,
): Promise<BenchmarkSchedule> {
  const pointOptions = resolveDecisionPointOptions({
    historyBars: config.window_bars,
    ...resolveProtocolSettings(settings.protocol, {
      horizons: settings.horizons,
      pointsPerWindow: settings.pointsPerWindow,
      historyBars: config.window_bars,
    }),
    stride: settings.stride,
  });
  const windows: BenchmarkWindow[] = [];
  for (const asset of settings.assets)
    windows.push(...(await readBenchmarkWindows(settings.benchmarkDir, asset, { windows: settings.windows, signal })));
  return {
    pointOptions,
    windows,
    points: windows.flatMap((window) => decisionPoints(window, pointOptions)),
    settings: {
      protocol: settings.protocol,
      benchmarkDir: settings.benchmarkDir,
      assets: settings.assets.map((asset) => asset.toUpperCase()),
      windows: settings.windows ?? null,
      horizons: pointOptions.horizons,
      historyBars: pointOptions.historyBars,
      pointsPerWindow: pointOptions.pointsPerWindow,
      stride: pointOptions.stride,
      randomSeeds: settings.randomSeeds,
      firstSeed: settings.firstSeed,
    },
  };
}
