// The text `quantagent analyze` prints on standard output when it is done (without --json): what was analysed, the
// decision first, then its horizon, risk/reward and justification. Kept short and stable so a script can read the
// decision from the line that starts with "Decision:"; --json is the full record.
import { type AnalysisResult, DEMO_LABEL } from "../src/index";

export function formatResultSummary(result: AnalysisResult): string {
  const subject =
    result.assetName && result.assetName !== result.asset ? `${result.asset} (${result.assetName})` : result.asset;
  const moved =
    result.window.requestedStart === undefined
      ? ""
      : ` (start moved back from ${result.window.requestedStart} to fill the window)`;
  const tokens = result.usage.total.inputTokens + result.usage.total.outputTokens;
  return (
    [
      ...(result.demo ? [`${DEMO_LABEL}: the reports and the decision come from the demo provider's fixed rule`] : []),
      `${subject}, ${result.timeframe}: ${result.barCount} bars from ${result.window.start} to ${result.window.end}${moved}`,
      `Decision: ${result.decision.decision}`,
      `Horizon: ${result.decision.forecastHorizon}`,
      `Risk/reward: ${result.decision.riskRewardRatio}`,
      `Justification: ${result.decision.justification}`,
      `Models: agent ${result.models.agent.provider}/${result.models.agent.model}, graph ${result.models.graph.provider}/${result.models.graph.model}; ${tokens} tokens; ${(result.timingsMs.total / 1000).toFixed(1)} s`,
      ...(result.id === undefined ? [] : [`Journal: recorded as ${result.id}`]),
      ...(result.journalError === undefined ? [] : [`Journal: ${result.journalError.message}`]),
    ].join("\n") + "\n"
  );
}

/** The reports of an analysis by step name (the three agents', then plugin analysts'), for those not streamed live. */
export function reportsByStep(result: AnalysisResult): [string, string][] {
  return [
    ["indicator", result.reports.indicator],
    ["pattern", result.reports.pattern],
    ["trend", result.reports.trend],
    ...Object.entries(result.analystReports),
  ];
}
