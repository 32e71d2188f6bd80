// A chart-reading probe as the journal keeps it: one run of kind "probe" with its settings, models and prompt version,
// one point per planted series (named by its shape, with the directive, or null) and its report (the verdict and the
// scores) for the History. A probe's series have no future to move into, so its points carry no moves: nothing of it
// reaches accuracy statistics or the leaderboard. Recorded when the config's journal is on (src/experiment/record-run.ts).
import type { EvaluationRunInput } from "../journal/evaluation-run-input";
import type { ProbeResult } from "./probe-result";
import { probeRunReport } from "./probe-wire";

export function probeRunInput(result: ProbeResult): EvaluationRunInput {
  const { settings } = result;
  return {
    kind: "probe",
    report: probeRunReport(result),
    timeframe: settings.timeframe,
    // In the snake_case of the probe's JSON, as the History shows it.
    settings: {
      shapes: settings.shapes,
      per_shape: settings.perShape,
      seed: settings.seed,
      noise: settings.noise,
      bars: settings.bars,
      blind: true,
      started_at: result.startedAt,
      duration_ms: result.durationMs,
      errors: result.errors,
    },
    models: settings.models,
    promptVersion: settings.promptVersion,
    plugins: [],
    points: result.points.map((point) => ({
      id: point.label.id,
      asset: point.label.shape,
      window: point.label.number,
      point: 0,
      lastBarTime: point.lastBarTime,
      entryClose: point.lastClose,
      directive: point.directive ?? null,
      moves: [],
      error: point.error ?? null,
    })),
  };
}
