// How an evaluation runs the optional stages, so that a run with them and a run without compare on the same points.
//
// Debate and risk need nothing of the evaluation: each point's analysis simply takes them. Memory needs a journal to
// keep its lessons in and an order: the evaluation gives it a journal of its own (a fresh SQLite file in a
// temporary folder, removed after the run), so the lessons a point is given come from this run alone and a rerun
// gives the same answers; each point is analysed as a replay (its history, and the bars after it up to the outcome's
// last one, with `end` at its last bar), so its lesson is written at once; lessons are filed under the benchmark
// asset, so every window of an asset shares them; and the points of one asset are analysed one after another in
// time order (assets side by side, up to the concurrency), so each point is given exactly the lessons whose outcome
// closed before its last bar, whatever the timing of the run.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import type { Config } from "../config/config-schema";
import { OUTCOME_HORIZONS } from "../journal/outcome";
import type { AnalyzeOptions, AnalyzeRequest } from "../pipeline/analyze-request";
import type { Stages } from "../stages/stages-schema";
import type { BenchmarkWindow, DecisionPoint } from "./decision-points";

export interface EvaluationStageRun {
  /** The pipeline's config: the stages, and the journal memory keeps its lessons in (otherwise none). */
  config: Config;
  /** The environment without DATABASE_URL when memory has its own journal (a shared one would mix runs). */
  env: Record<string, string | undefined>;
  /** Point indexes in lanes: each lane's points run one after another, lanes side by side. */
  lanes: number[][];
  request(point: DecisionPoint): AnalyzeRequest;
  options(point: DecisionPoint): Pick<AnalyzeOptions, "memoryScope">;
  /** Removes memory's journal. */
  close(): Promise<void>;
}

export async function prepareStageRun(input: {
  config: Config;
  env: Record<string, string | undefined>;
  points: readonly DecisionPoint[];
  windows: readonly BenchmarkWindow[];
}): Promise<EvaluationStageRun> {
  const stages: Stages = input.config.stages;
  const name = (point: DecisionPoint) => `${point.asset} benchmark window ${point.window}`;
  if (!stages.memory) {
    return {
      // Each point's analysis is not a journal entry of its own: the run is recorded whole, with its points.
      config: { ...input.config, journal: false },
      env: input.env,
      lanes: input.points.map((_, index) => [index]),
      request: (point) => ({ candles: point.history, timeframe: "4h", name: name(point) }),
      options: () => ({}),
      close: async () => undefined,
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "quantagent-evaluation-memory-"));
  const windows = new Map(input.windows.map((window) => [`${window.asset}/${window.window}`, window]));
  const later = Math.max(...OUTCOME_HORIZONS);
  return {
    config: { ...input.config, journal: true, data_dir: dataDir, database_url: undefined },
    env: { ...input.env, DATABASE_URL: undefined },
    lanes: assetLanes(input.points),
    request: (point) => {
      const after = windows.get(`${point.asset}/${point.window}`)?.candles.slice(point.barIndex + 1) ?? [];
      return {
        candles: [...point.history, ...after.slice(0, later)],
        timeframe: "4h",
        name: name(point),
        end: point.entryTime,
      };
    },
    options: (point) => ({ memoryScope: point.asset }),
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** One lane per asset, its points in time order (ties in the order given). */
export function assetLanes(points: readonly DecisionPoint[]): number[][] {
  const lanes = new Map<string, number[]>();
  points.forEach((point, index) => lanes.set(point.asset, [...(lanes.get(point.asset) ?? []), index]));
  return [...lanes.values()].map((lane) =>
    lane.sort((left, right) => (points[left]?.entryTime ?? 0) - (points[right]?.entryTime ?? 0) || left - right),
  );
}
