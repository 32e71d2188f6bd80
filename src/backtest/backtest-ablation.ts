// A backtest ablation: the same series and decision bars run without the optional stages and with them, side by
// side. The model's line in each run (return, Sharpe, drawdown, hit rate, trades), each decision's two directives,
// and the exact paired test (the scoring core's McNemar) of the two runs' hits on the decisions both scored: the
// directive against the sign of the move over the horizon. Risk alone changes no directive (its levels change the
// exits, which the lines show); memory and debate can change the directives, which the paired test weighs. Pure.
import { InputError } from "../common/input-error";
import type { Stages } from "../config/stages-schema";
import { type Directive, isCorrect } from "../scoring/directive";
import { type PairedTest, pairedTest, type PointHit } from "../scoring/paired-test";
import type { BacktestLine } from "./backtest-lines";
import type { BacktestDecisionRecord, BacktestResult } from "./backtest-result";

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

const label = (decision: BacktestDecisionRecord | undefined) =>
  decision?.directive ?? (decision?.error === undefined ? "none" : "failed");

function hit(directive: Directive | undefined, move: number): PointHit {
  return directive === undefined ? null : (isCorrect(directive, move) ?? null);
}

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
  const decisions = without.decisions.map((decision, index) => {
    const other = withStages.decisions[index];
    return {
      bar: decision.bar,
      time: decision.time,
      without: label(decision),
      with: label(other),
      agree: decision.directive !== undefined && decision.directive === other?.directive,
    };
  });
  const a = without.decisions.map((decision) => hit(decision.directive, decision.move));
  const b = withStages.decisions.map((decision) => hit(decision.directive, decision.move));
  return {
    kind,
    stages: withStages.settings.stages,
    without: modelLine(without, "without"),
    with: modelLine(withStages, "with"),
    decisions,
    compared: without.decisions.filter(
      (decision, index) => decision.directive !== undefined && withStages.decisions[index]?.directive !== undefined,
    ).length,
    agreements: decisions.filter((decision) => decision.agree).length,
    paired: pairedTest(a, b),
  };
}
