// A backtest ablation: the same series and decision bars run without the optional stages and with them, side by
// side. The model's line in each run (return, Sharpe, drawdown, hit rate, trades), each decision's two directives,
// and the exact paired test (the scoring core's McNemar) of the two runs' hits on the decisions both scored: the
// directive against the sign of the move over the horizon. Risk alone changes no directive (its levels change the
// exits, which the lines show); memory and debate can change the directives, which the paired test weighs. Its
// markdown: backtestAblationMarkdown (its JSON: src/wire/backtest.ts). Pure.
import { InputError } from "../common/input-error";
import { describeStages, type Stages } from "../config/stages-schema";
import { pairDirectives, pairedTestTable, pairedVerdict } from "../experiment/ablation";
import { markdownTable } from "../reports/report-markdown";
import { type Directive, isCorrect } from "../scoring/directive";
import { type PairedTest, pairedTest, type PointHit } from "../scoring/paired-test";
import type { BacktestLine } from "./backtest-lines";
import type { BacktestResult } from "./backtest-result";

/** What an ablation takes away: the optional stages, or the team of agents (the other run is a single agent). */
export type BacktestAblationKind = "stages" | "agents";

export interface BacktestAblation {
  kind: BacktestAblationKind;
  /** The stages of the run with them. */
  stages: Stages;
  /** The model's line in the run without the stages, then in the run with them. */
  without: BacktestLine;
  with: BacktestLine;
  decisions: { bar: number; time: string; without: string; with: string; agree: boolean }[];
  /** Decisions where both runs have a directive. */
  compared: number;
  agreements: number;
  /** a: the run without the stages, b: the run with them. */
  paired: PairedTest;
}

function modelLine(result: BacktestResult, which: string): BacktestLine {
  const line = result.lines.find((candidate) => candidate.kind === "model");
  if (!line)
    throw new InputError({ message: `An ablation compares model runs: the run ${which} the stages has no model` });
  return line;
}

const hit = (directive: Directive | undefined, move: number): PointHit =>
  directive === undefined ? null : (isCorrect(directive, move) ?? null);

/**
 * `without`: the run without the stages (or, for kind "agents", the single agent's); `withStages`: the same series,
 * schedule and costs with them (or the team's).
 */
export function compareBacktests(
  without: BacktestResult,
  withStages: BacktestResult,
  kind: BacktestAblationKind = "stages",
): BacktestAblation {
  const same = (result: BacktestResult) =>
    JSON.stringify({
      series: result.settings.series,
      bars: result.decisions.map((decision) => decision.bar),
      horizon: result.settings.horizon,
      costBps: result.settings.costBps,
    });
  if (same(without) !== same(withStages))
    throw new InputError({
      message:
        "An ablation needs two backtests of the same series, decision bars, horizon and cost: run both with the same options, one without the stages",
    });
  const { pairs, compared, agreements } = pairDirectives(without.decisions, withStages.decisions);
  const decisions = pairs.map((pair, index) => {
    const { bar, time } = without.decisions[index]!;
    return { bar, time, without: pair.a, with: pair.b, agree: pair.agree };
  });
  const a = without.decisions.map((decision) => hit(decision.directive, decision.move));
  const b = withStages.decisions.map((decision) => hit(decision.directive, decision.move));
  return {
    kind,
    stages: withStages.settings.stages,
    without: modelLine(without, "without"),
    with: modelLine(withStages, "with"),
    decisions,
    compared,
    agreements,
    paired: pairedTest(a, b),
  };
}

const percent = (value: number | null, digits = 2) => (value === null ? "–" : `${(value * 100).toFixed(digits)}%`);
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

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
  const agents = ablation.kind === "agents";
  const names = agents ? { a: labels.without, b: labels.with } : { a: "without", b: "with" };
  const verdict =
    test.aOnly + test.bOnly === 0
      ? `No decision tells the two runs apart: they called the same moves right (${labels.change} changed no hit).`
      : capitalise(
          pairedVerdict(
            test,
            agents
              ? { a: `the ${labels.without}`, b: `the ${labels.with}` }
              : { a: `the run ${labels.without}`, b: `the run ${labels.with}` },
            "decision",
          ),
        );
  const decisions = markdownTable({
    header: ["Decision bar", "Time", agents ? labels.without : "Without", agents ? labels.with : "With", "Same"],
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
    pairedTestTable(["Decisions both scored"], [test], names),
    verdict,
    decisions,
  ].join("\n\n");
}
