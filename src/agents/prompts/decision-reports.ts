// The reports the Decision agent decides from (and the researchers argue over): the three agents' and any plugin
// analysts'.
export interface DecisionReports {
  indicatorReport: string;
  patternReport: string;
  trendReport: string;
  /** Plugin analysts' reports, each under its title. */
  analystReports?: readonly { title: string; text: string }[];
}
