// The reports the Decision agent decides from (and the researchers argue over): the three agents' and any plugin
// analysts'.
export interface DecisionReports {
  indicatorReport: string;
  patternReport: string;
  trendReport: string;
  /** Plugin analysts' reports, each under its title. */
  analystReports?: readonly { title: string; text: string }[];
}

/** The reports as the Decision agent and the researchers read them, each under its heading, ending in a newline. */
export function reportsText(reports: DecisionReports): string {
  const analysts = (reports.analystReports ?? []).map((report) => `\n${report.title}:\n${report.text}\n`).join("");
  return `Indicator report:
${reports.indicatorReport}

Pattern report:
${reports.patternReport}

Trend report:
${reports.trendReport}
${analysts}`;
}
