// How an experiment runs the optional stages (memory, debate, risk), so that a run with them and a run without compare
// on the same points (an ablation).
//
// Debate and risk need nothing of the experiment: each analysis simply takes them (risk's levels then act in a
// backtest's position engine). Memory needs a journal to keep its lessons in, and an order. An experiment that builds
// its own pipeline gives memory a journal of its own (a fresh SQLite file in a temporary folder, removed after the
// run), so the lessons come from this run alone and a rerun gives the same answers; a caller's pipeline uses its own
// journal. Each point is then analysed as a replay: its window and, after it, the bars up to the outcome's last one,
// with `end` at the decision bar. The analysis still sees only the window; the later bars only score its outcome, so
// its lesson is written at once. Lessons are filed under the point's lane (an asset, a series), and a lane's points
// are analysed one after another in time order (lanes side by side), so each point is given exactly the lessons
// whose outcome closed before its decision bar, whatever the timing of the run.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import type { Env } from "../config/api-keys";
import type { Config } from "../config/config-schema";
import type { Stages } from "../config/stages-schema";
import { OUTCOME_HORIZONS } from "../journal/outcome";
import type { AnalyzeOptions, AnalyzeRequest } from "../pipeline/analyze-request";
import { decisionTime, type ExperimentPoint } from "./experiment-point";

export interface ExperimentStageRun {
  /** The config a pipeline built by the experiment gets: the stages, and memory's own journal when memory is on. */
  config: Config;
  /** The environment, without DATABASE_URL when memory has its own journal (a shared one would mix runs). */
  env: Env;
  /** Whether a lane's points must be analysed one after another, in time order (memory). */
  ordered: boolean;
  /** Indexes of `points` in lanes: each lane's points run one after another, lanes side by side. */
  lanes(points: readonly ExperimentPoint[]): number[][];
  /** What the pipeline is asked for a point. */
  request(point: ExperimentPoint): AnalyzeRequest;
  options(point: ExperimentPoint): Pick<AnalyzeOptions, "memoryScope" | "journal">;
  /** Removes memory's journal. */
  close(): Promise<void>;
}

export async function prepareExperimentStages(input: {
  config: Config;
  stages: Stages;
  env: Env;
  /** Blind analyses (no date, name or price level reaches the provider); memory is refused with it beforehand. */
  blind: boolean;
  /** A caller's pipeline: its journal keeps memory's lessons, and nothing else is changed. */
  givenPipeline?: boolean;
  /** What kind of run it is ("evaluation", "backtest"): memory's temporary folder says so in its name. */
  kind: string;
}): Promise<ExperimentStageRun> {
  const { stages, blind } = input;
  const plain = (point: ExperimentPoint): AnalyzeRequest => ({
    candles: [...point.window],
    timeframe: point.timeframe,
    name: point.name,
    stages,
    blind,
  });
  if (!stages.memory) {
    return {
      config: { ...input.config, stages, journal: false },
      env: input.env,
      ordered: false,
      lanes: (points) => points.map((_, index) => [index]),
      request: plain,
      // Each analysis is not a journal entry of its own: the run is recorded whole, with its points.
      options: () => ({ journal: false }),
      close: async () => undefined,
    };
  }
  const later = Math.max(...OUTCOME_HORIZONS);
  const replay = (point: ExperimentPoint): AnalyzeRequest => ({
    ...plain(point),
    candles: [...point.window, ...point.later.slice(0, later)],
    end: new Date(decisionTime(point)).toISOString(),
  });
  // Memory's lessons are stored with the analysis when it is recorded: these analyses go to the journal, filed
  // under the point's lane.
  const run = {
    ordered: true,
    lanes: laneOrder,
    request: replay,
    options: (point: ExperimentPoint) => ({ memoryScope: point.lane, journal: true }),
  };
  if (input.givenPipeline) return { ...run, config: input.config, env: input.env, close: async () => undefined };
  const dataDir = await mkdtemp(path.join(tmpdir(), `quantagent-${input.kind}-memory-`));
  return {
    ...run,
    config: { ...input.config, stages, journal: true, data_dir: dataDir, database_url: undefined },
    env: { ...input.env, DATABASE_URL: undefined },
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** One lane per lane name, its points in time order (ties in the order given). */
export function laneOrder(points: readonly ExperimentPoint[]): number[][] {
  const lanes = new Map<string, number[]>();
  points.forEach((point, index) => lanes.set(point.lane, [...(lanes.get(point.lane) ?? []), index]));
  return [...lanes.values()].map((lane) =>
    lane.sort((left, right) => decisionTime(points[left]!) - decisionTime(points[right]!) || left - right),
  );
}
