// One decision point's analysis, the same wherever it runs (an evaluation in one process, or a worker's job): the
// point's history as a 4h CSV-less request, named for the journal and the result. What the agents decided, or the
// error, which the caller records (in one process) or sorts into "try again" and "failed" (a worker).
import type { AnalyzeOptions } from "../pipeline/analyze-request";
import type { Pipeline } from "../pipeline/pipeline";
import type { Directive } from "../scoring/directive";
import type { DecisionPoint } from "./decision-points";

export interface PointAnalysis {
  decision: Directive;
  forecastHorizon: string;
  riskRewardRatio: number;
}

export async function analyseDecisionPoint(
  pipeline: Pick<Pipeline, "analyze">,
  point: DecisionPoint,
  options: Pick<AnalyzeOptions, "signal" | "schedule">,
): Promise<PointAnalysis> {
  const result = await pipeline.analyze(
    { candles: point.history, timeframe: "4h", name: `${point.asset} benchmark window ${point.window}` },
    { signal: options.signal, schedule: options.schedule },
  );
  return {
    decision: result.decision.decision,
    forecastHorizon: result.decision.forecastHorizon,
    riskRewardRatio: result.decision.riskRewardRatio,
  };
}
