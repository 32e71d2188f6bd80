// A chart-reading probe's result made by hand (no model): 2 series of every shape (seed 11) with the answers a test
// chooses, scored and worded as runChartProbe does. For the report's tests and the page's.
import { createUsageMeter } from "../../src/llm/usage-meter";
import type { ProbePoint, ProbeResult } from "../../src/probe/probe-result";
import { plantedSeries } from "../../src/probe/probe-schedule";
import { probeVerdict } from "../../src/probe/probe-verdict";
import { scoreProbe } from "../../src/probe/score-probe";
import { PROBE_SHAPES } from "../../src/probe/shapes/shape-catalog";

const series = plantedSeries({ perShape: 2, seed: 11 });

export function points(
  answer: (label: ProbePoint["label"]) => Pick<ProbePoint, "pick" | "trend" | "directive">,
): ProbePoint[] {
  return series.map(({ label, candles }) => ({
    label,
    lastBarTime: new Date(candles.at(-1)!.time).toISOString(),
    lastClose: candles.at(-1)!.close,
    ...answer(label),
  }));
}

export function handMadeProbe(probePoints: ProbePoint[], demo = false, model = demo ? "demo" : "gpt-4o"): ProbeResult {
  const scores = scoreProbe(probePoints, { shapes: [...PROBE_SHAPES], demo });
  const provider = demo ? ("demo" as const) : ("openai" as const);
  return {
    settings: {
      shapes: [...PROBE_SHAPES],
      perShape: 2,
      seed: 11,
      noise: 0.004,
      bars: 45,
      timeframe: "4h",
      models: {
        agent: { provider, model, temperature: 0.1 },
        graph: { provider, model, temperature: 0.1 },
      },
      promptVersion: "test",
      cacheDir: null,
      blind: true,
    },
    points: probePoints,
    scores,
    verdict: probeVerdict(scores),
    estimate: {
      decisions: 32,
      cached: 0,
      toAnalyse: 32,
      calls: 160,
      tokens: { inputTokens: 1, outputTokens: 1 },
      costUsd: 0,
      unpricedModels: [],
      costLabel: "test",
    },
    usage: createUsageMeter().summary(),
    errors: 0,
    demo,
    startedAt: "2026-01-01T00:00:00.000Z",
    durationMs: 1,
  };
}
