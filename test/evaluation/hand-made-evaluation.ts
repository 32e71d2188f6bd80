// A small evaluation record made by hand for report, figure and HTML tests: two assets, two windows each, horizon
// 1, the agents' directives on three points and a failed analysis (with HTML in its error) on the fourth.
import { decisionPoints } from "../../src/evaluation/decision-points";
import type { EvaluationResult } from "../../src/evaluation/evaluation-result";
import { pointRecord } from "../../src/evaluation/run-evaluation";
import { scoreRun } from "../../src/evaluation/score-run";
import { createUsageMeter } from "../../src/llm/usage-meter";
import { candlesFromCloses } from "./synthetic-candles";

export const FAILED_ERROR = "Network Error: the test <b>failed</b>";

export function handMadePoints() {
  const make = (asset: string, window: number, next: number) =>
    decisionPoints(
      { asset, window, candles: candlesFromCloses([100, 101, 102, 103, next, next]) },
      { historyBars: 4, horizons: [1] },
    )[0]!;
  return [make("BTC", 1, 104), make("BTC", 2, 102), make("SPX", 1, 101), make("SPX", 2, 105)];
}

export function handMadeEvaluation(): EvaluationResult {
  const points = handMadePoints();
  const directives = new Map<string, "LONG" | "SHORT">([
    ["BTC/1/0", "LONG"],
    ["BTC/2/0", "SHORT"],
    ["SPX/1/0", "LONG"],
  ]);
  const records = points.map((point) => ({
    ...pointRecord(point),
    ...(directives.has(point.id) ? { decision: directives.get(point.id) } : { error: FAILED_ERROR }),
  }));
  return {
    settings: {
      protocol: "per-horizon",
      benchmarkDir: "/bench",
      assets: ["BTC", "SPX"],
      windows: 2,
      horizons: [1],
      historyBars: 4,
      pointsPerWindow: 1,
      stride: 10,
      randomSeeds: 100,
      firstSeed: 1,
      concurrency: 2,
      models: {
        agent: { provider: "openai", model: "gpt-4o-mini", temperature: 0.1 },
        graph: { provider: "openai", model: "gpt-4o", temperature: 0.1 },
      },
      promptVersion: "2",
      cacheDir: "/cache",
      plugins: [],
      blind: false,
      mirror: false,
      stages: {},
    },
    points: records,
    ...scoreRun(points, null, records, {
      horizons: [1],
      protocol: "per-horizon",
      randomSeeds: 100,
      firstSeed: 1,
      graphModel: "gpt-4o",
    }),
    conventions: null,
    usage: createUsageMeter().summary(),
    errors: 1,
    mirrorErrors: 0,
    startedAt: "2025-01-01T00:00:00.000Z",
    durationMs: 1234,
  };
}
