// The text `quantagent analyze` prints on standard output when it is done (without --json): what was analysed, the
// decision first, then its horizon, risk/reward and justification. Kept short and stable so a script can read the
// decision from the line that starts with "Decision:"; --json is the full record.
import { DEMO_LABEL, describeStages } from "../src/config/index";
import { type AnalysisResult } from "../src/index";

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
      ...(typeof result.decision.confidence === "number"
        ? [
            `Confidence: ${result.decision.confidence.toFixed(2)} (the model's own probability that the decision is right)`,
          ]
        : []),
      ...samplesLine(result),
      `Justification: ${result.decision.justification}`,
      ...outcomeLine(result),
      `Models: agent ${result.models.agent.provider}/${result.models.agent.model}, graph ${result.models.graph.provider}/${result.models.graph.model}; ${tokens} tokens; ${(result.timingsMs.total / 1000).toFixed(1)} s`,
      result.agents === "single"
        ? "Agents: single, one vision call on both charts and the indicator readings (no analysts' reports)"
        : `Indicators: ${result.indicatorMode === "direct" ? "computed in code, one call (direct)" : "the model's tool calls (tool-call)"}`,
      ...stageLines(result),
      ...result.warnings.map((warning) => `Warning: ${warning}`),
      ...(result.id === undefined ? [] : [`Journal: recorded as ${result.id}`]),
      ...(result.journalError === undefined ? [] : [`Journal: ${result.journalError.message}`]),
    ].join("\n") + "\n"
  );
}

/** The decision scored against the bars after the window, when the data held them (--end on a CSV). */
function outcomeLine(result: AnalysisResult): string[] {
  if (!result.outcome) return [];
  const at = result.outcome.map(
    (scored) =>
      `${scored.bars} bar${scored.bars === 1 ? "" : "s"} later ${scored.hit ? "hit" : "miss"} (${(scored.return * 100).toFixed(2)}%)`,
  );
  return [`Outcome: ${at.join(", ")}`];
}

/** How several samples of the Decision agent voted; nothing with one sample. */
function samplesLine(result: AnalysisResult): string[] {
  const { votes, agreement } = result.decision;
  if (!votes || agreement === undefined) return [];
  return [`Samples: ${votes.LONG} LONG, ${votes.SHORT} SHORT (agreement ${Math.round(agreement * 100)}%)`];
}

/** What the optional stages added, a line each; nothing when none ran. */
function stageLines(result: AnalysisResult): string[] {
  if (describeStages(result.stages) === "none") return [];
  const lines = [`Stages: ${describeStages(result.stages)}`];
  const { risk, memory } = result;
  if (risk) {
    lines.push(
      risk.stopLoss === null
        ? `Risk: no levels (${risk.reason})`
        : `Risk: stop-loss ${risk.stopLoss}, take-profit ${risk.takeProfit}, size ${risk.size} (stop beyond the ${risk.basis}; ATR ${risk.atr})`,
    );
  }
  if (memory) {
    const count = memory.recalled.length;
    lines.push(`Memory: ${count} lesson${count === 1 ? "" : "s"} given to the Decision agent`);
    if (memory.lesson !== undefined) lines.push(`Lesson written: ${memory.lesson}`);
  }
  return lines;
}

/**
 * The reports of an analysis by step name (the three agents', plugin analysts', then the debate's turns), for those
 * not streamed live.
 */
export function reportsByStep(result: AnalysisResult): [string, string][] {
  // A single agent's result has no analysts' reports: nothing to print for them.
  const analysts: [string, string][] = [
    ["indicator", result.reports.indicator],
    ["pattern", result.reports.pattern],
    ["trend", result.reports.trend],
  ];
  return [
    ...analysts.filter(([, report]) => report !== ""),
    ...Object.entries(result.analystReports),
    ...(result.debate ?? []).map((turn): [string, string] => [`${turn.side}-${turn.round}`, turn.text]),
  ];
}
