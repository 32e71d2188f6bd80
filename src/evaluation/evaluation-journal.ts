// An evaluation run as the journal keeps it: its settings, models, prompt version, plugins, and per decision point the
// directive and the realised moves. Pure; runEvaluation records it when the config's journal is on, so runs of
// different models compare side by side (journal.leaderboard) without rerunning anything.
import type { EvaluationRunInput } from "../journal/evaluation-run-input";
import type { EvaluationResult } from "./evaluation-result";

export function evaluationRunInput(result: EvaluationResult, promptVersion: string): EvaluationRunInput {
  const { settings } = result;
  return {
    timeframe: "4h",
    settings: {
      protocol: settings.protocol,
      assets: settings.assets,
      windows: settings.windows,
      horizons: settings.horizons,
      historyBars: settings.historyBars,
      pointsPerWindow: settings.pointsPerWindow,
      stride: settings.stride,
      randomSeeds: settings.randomSeeds,
      firstSeed: settings.firstSeed,
      blind: settings.blind,
      mirror: settings.mirror,
      stages: settings.stages,
      startedAt: result.startedAt,
      durationMs: result.durationMs,
      errors: result.errors,
    },
    models: settings.models,
    promptVersion,
    plugins: settings.plugins,
    points: result.points.map((point) => ({
      id: point.id,
      asset: point.asset,
      window: point.window,
      point: point.point,
      lastBarTime: point.lastBarTime,
      entryClose: point.entryClose,
      directive: point.decision ?? null,
      moves: point.outcomes.map((outcome) => ({ horizon: outcome.horizon, move: outcome.move })),
      error: point.error ?? null,
    })),
  };
}
