// How a backtest runs the optional stages (memory, debate, risk), so that a run with them and a run without compare
// on the same decision bars (an ablation).
//
// Debate and risk need nothing of the backtest: each decision's analysis simply takes them (risk's levels then act
// in the position engine). Memory needs a journal to keep its lessons in and an order. A backtest that builds its
// own pipeline gives memory a journal of its own (a fresh SQLite file in a temporary folder, removed after the run),
// so the lessons come from this run alone; a caller's pipeline uses its own journal (it must be on). Either way the
// decisions are analysed one after another in time order, each as a replay: its window and, after it, the bars up
// to the outcome's last one, with `end` at the decision bar. The analysis still sees only the bars up to its
// decision bar; the later ones only score its outcome, so its lesson is written at once and is recalled by the
// decisions whose last bar comes after that outcome closed. Lessons are filed under the series' name.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { itemAt } from "../common/item-at";
import type { Config } from "../config/config-schema";
import { OUTCOME_HORIZONS } from "../journal/outcome";
import type { Candle } from "../market/candle";
import type { Timeframe } from "../market/timeframes";
import type { AnalyzeOptions, AnalyzeRequest } from "../pipeline/analyze-request";
import type { Stages } from "../stages/stages-schema";
import { decisionWindow } from "./decision-schedule";

export interface BacktestStageRun {
  /** The config a pipeline built by the backtest gets: the stages, and memory's own journal when memory is on. */
  config: Config;
  /** The environment, without DATABASE_URL when memory has its own journal (a shared one would mix runs). */
  env: Record<string, string | undefined>;
  /** Whether the decisions must be analysed one after another, in time order (memory). */
  sequential: boolean;
  /** The analysis of the decision at `bar` of the series. */
  request(series: StagedSeries, bar: number): AnalyzeRequest;
  options(series: StagedSeries): Pick<AnalyzeOptions, "memoryScope" | "journal">;
  /** Removes memory's journal. */
  close(): Promise<void>;
}

export interface StagedSeries {
  candles: readonly Candle[];
  windowBars: number;
  timeframe: Timeframe;
  name: string;
  /** Blind analyses (no date, name or price level reaches the provider); memory is refused with it beforehand. */
  blind?: boolean;
}

export async function prepareBacktestStages(input: {
  config: Config;
  stages: Stages;
  env: Record<string, string | undefined>;
  /** A caller's pipeline: its journal keeps memory's lessons, and nothing else is changed. */
  givenPipeline: boolean;
}): Promise<BacktestStageRun> {
  const { stages } = input;
  const plain = (series: StagedSeries, bar: number): AnalyzeRequest => ({
    candles: decisionWindow(series.candles, bar, series.windowBars),
    timeframe: series.timeframe,
    name: series.name,
    stages,
    // Only when on, so the caches of plain runs stay valid.
    ...(series.blind ? { blind: true } : {}),
  });
  if (!stages.memory) {
    return {
      config: { ...input.config, stages, journal: false },
      env: input.env,
      sequential: false,
      request: plain,
      // Each decision is not a journal entry of its own: the run is recorded whole, with its decisions.
      options: () => ({ journal: false }),
      close: async () => undefined,
    };
  }
  const later = Math.max(...OUTCOME_HORIZONS);
  const replay = (series: StagedSeries, bar: number): AnalyzeRequest => ({
    ...plain(series, bar),
    candles: [
      ...decisionWindow(series.candles, bar, series.windowBars),
      ...series.candles.slice(bar + 1, bar + 1 + later),
    ],
    end: new Date(itemAt(series.candles, bar).time).toISOString(),
  });
  // Memory's lessons are stored with the analysis when it is recorded: these analyses go to the journal, filed
  // under the series' name (the pipeline's own name for them).
  const options = (series: StagedSeries) => ({ memoryScope: series.name, journal: true });
  if (input.givenPipeline)
    return { config: input.config, env: input.env, sequential: true, request: replay, options, close: async () => {} };
  const dataDir = await mkdtemp(path.join(tmpdir(), "quantagent-backtest-memory-"));
  return {
    config: { ...input.config, stages, journal: true, data_dir: dataDir, database_url: undefined },
    env: { ...input.env, DATABASE_URL: undefined },
    sequential: true,
    request: replay,
    options,
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
}
