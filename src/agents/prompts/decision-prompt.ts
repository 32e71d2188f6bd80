// The Decision agent's prompt: weigh the three reports and answer with the decision record as JSON, nothing else.
import type { AnalysisContext } from "../analysis-context";

export interface DecisionReports {
  indicatorReport: string;
  patternReport: string;
  trendReport: string;
  /** Plugin analysts' reports, each under its title. */
  analystReports?: readonly { title: string; text: string }[];
}

export function decisionSystemPrompt(context: AnalysisContext): string {
  return `You are a trader making a short-term call on ${context.assetName} (${context.symbol}) on the ${context.timeframe} timeframe.
You receive three reports from your analysts: indicators, chart patterns and trend. Weigh them: a clear pattern
or trend confirmed by momentum outweighs a single indicator; when they conflict, say which you trust and why.
You must choose a direction: LONG or SHORT. Holding or staying flat is not an option.

Answer with one JSON object and nothing else, with exactly these fields:
{
  "forecast_horizon": "how far ahead the call holds, e.g. \\"next 3 bars (12 hours)\\"",
  "decision": "LONG" or "SHORT",
  "justification": "two to four sentences drawn from the reports",
  "risk_reward_ratio": a number between 1.2 and 1.8
}`;
}

export function decisionUserPrompt(reports: DecisionReports): string {
  return `Indicator report:
${reports.indicatorReport}

Pattern report:
${reports.patternReport}

Trend report:
${reports.trendReport}
${(reports.analystReports ?? []).map((report) => `\n${report.title}:\n${report.text}\n`).join("")}
Give your decision as the JSON object.`;
}

export function decisionRepairPrompt(problem: string): string {
  return `Your answer was not a valid decision record: ${problem}.
Answer again with only the JSON object, with the fields forecast_horizon (string), decision ("LONG" or "SHORT"),
justification (string) and risk_reward_ratio (a number between 1.2 and 1.8).`;
}
