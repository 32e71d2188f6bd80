// A backtest ablation (backtest-ablation.ts) as its reader gets it in markdown: the model's line without and with the
// stages, the paired test with a sentence, the decisions side by side (its JSON: src/wire/backtest.ts). Pure.
import { describeStages } from "../config/stages-schema";
import { markdownTable } from "../reports/report-markdown";
import type { BacktestAblation } from "./backtest-ablation";

const percent = (value: number | null, digits = 2) => (value === null ? "–" : `${(value * 100).toFixed(digits)}%`);
const pValue = (value: number) => (value < 0.0001 ? "< 0.0001" : value.toFixed(4));

/** The two runs' names, the change between them and the title's subject, by the kind of ablation. */
function labelsOf(ablation: BacktestAblation) {
  if (ablation.kind === "agents")
    return {
      without: "single agent",
      with: "team",
      change: "the team",
      subject: "decided by one vision call and by the team of agents",
    };
  const stages = describeStages(ablation.stages);
  return {
    without: "without stages",
    with: `with ${stages}`,
    change: "the stages",
    subject: `without the stages and with ${stages}`,
  };
}

export function backtestAblationMarkdown(ablation: BacktestAblation): string {
  const labels = labelsOf(ablation);
  const row = (name: string, line: BacktestAblation["with"]) => [
    name,
    String(line.trades),
    percent(line.totalReturn),
    line.sharpe === null ? "–" : line.sharpe.toFixed(2),
    percent(line.maxDrawdown),
    percent(line.hitRate, 1),
    percent(line.exposure, 1),
  ];
  const lines = markdownTable({
    header: ["Model", "Trades", "Total return", "Sharpe", "Max drawdown", "Hit rate", "Exposure"],
    rows: [row(labels.without, ablation.without), row(labels.with, ablation.with)],
  });
  const test = ablation.paired;
  const paired = markdownTable({
    header: [
      "Decisions both scored",
      ablation.kind === "agents" ? `Hits ${labels.without}` : "Hits without",
      ablation.kind === "agents" ? `Hits ${labels.with}` : "Hits with",
      ablation.kind === "agents" ? `Only ${labels.without} right` : "Only without right",
      ablation.kind === "agents" ? `Only ${labels.with} right` : "Only with right",
      "p (exact McNemar)",
    ],
    rows: [[test.n, test.aHits, test.bHits, test.aOnly, test.bOnly].map(String).concat(pValue(test.pValue))],
  });
  const better = test.bOnly > test.aOnly ? labels.with : test.aOnly > test.bOnly ? labels.without : undefined;
  const verdict =
    test.aOnly + test.bOnly === 0
      ? `No decision tells the two runs apart: they called the same moves right (${labels.change} changed no hit).`
      : better === undefined
        ? `As many decisions go each way (p = ${pValue(test.pValue)}).`
        : `${ablation.kind === "agents" ? `The ${better}` : `The run ${better}`} is right more often on the decisions where the runs differ (${Math.max(test.aOnly, test.bOnly)} to ${Math.min(test.aOnly, test.bOnly)}), ${test.pValue < 0.05 ? "significant" : "not significant"} at 5% (p = ${pValue(test.pValue)}).`;
  const decisions = markdownTable({
    header: [
      "Decision bar",
      "Time",
      ablation.kind === "agents" ? labels.without : "Without",
      ablation.kind === "agents" ? labels.with : "With",
      "Same",
    ],
    rows: ablation.decisions.map((decision) => [
      String(decision.bar),
      decision.time,
      decision.without,
      decision.with,
      decision.agree ? "yes" : "no",
    ]),
  });
  return [
    `# Backtest ablation: the same decision bars ${labels.subject}`,
    `The same directive on ${ablation.agreements} of ${ablation.compared} decisions analysed by both runs.`,
    lines,
    "Paired test of the directives' hits on the same decisions (exact McNemar: only the decisions where one run was right and the other wrong count):",
    paired,
    verdict,
    decisions,
  ].join("\n\n");
}
