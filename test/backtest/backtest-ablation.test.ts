// The backtest ablation on two runs made here from baselines-only results (a baseline's line and directives standing
// in for the model's): the directives side by side, the paired test counted on the decisions where exactly one run
// was right, the refusal of two runs on different bars, and the markdown and JSON a reader gets.
import { describe, expect, it } from "vitest";

import { backtestAblationMarkdown, type BacktestResult, compareBacktests, runBacktest } from "../../src/backtest/index";
import { backtestAblationWire } from "../../src/wire/index";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";

const candles = candlesFromCloses(wavyCloses(80, 3));

/** A baselines-only run whose `baseline` line and directives play the model, with `stages` recorded. */
async function asModel(baseline: "momentum" | "always_short", stages: BacktestResult["settings"]["stages"]) {
  const run = await runBacktest({ series: { candles, timeframe: "4h", name: "Wavy" }, includeModel: false });
  return {
    ...run,
    settings: { ...run.settings, stages },
    lines: run.lines.map((line) => (line.name === baseline ? { ...line, kind: "model" as const } : line)),
    decisions: run.decisions.map((decision) => ({ ...decision, directive: decision.baselines[baseline] })),
  };
}

describe("compareBacktests", () => {
  it("pairs the two runs' hits decision by decision, and counts only the decisions where one was right", async () => {
    const without = await asModel("momentum", {});
    const withStages = await asModel("always_short", { debate: { rounds: 1 } });
    const ablation = compareBacktests(without, withStages);
    let aOnly = 0;
    let bOnly = 0;
    let n = 0;
    for (const decision of without.decisions) {
      if (decision.move === 0) continue;
      n += 1;
      const up = decision.move > 0;
      const a = (decision.baselines.momentum === "LONG") === up;
      const b = !up; // always SHORT is right when the move is down
      if (a && !b) aOnly += 1;
      if (b && !a) bOnly += 1;
    }
    expect(n).toBeGreaterThan(5);
    expect(aOnly + bOnly).toBeGreaterThan(0);
    expect(ablation.paired).toMatchObject({ n, aOnly, bOnly });
    expect(ablation.agreements).toBe(without.decisions.filter((d) => d.baselines.momentum === "SHORT").length);
    expect(ablation.without.name).toBe("momentum");
    expect(ablation.with.name).toBe("always_short");
    const markdown = backtestAblationMarkdown(ablation);
    expect(markdown).toContain("without the stages and with debate 1");
    expect(markdown).toMatch(new RegExp(`\\| ${n} +\\| \\d+ +\\| \\d+ +\\| ${aOnly} +\\| ${bOnly} +\\|`));
    expect(backtestAblationWire(ablation).paired).toMatchObject({
      a: "without",
      b: "with",
      a_only: aOnly,
      b_only: bOnly,
    });
  });

  it("refuses two runs on different bars, and a run without the model", async () => {
    const without = await asModel("momentum", {});
    const shorter = await runBacktest({
      series: { candles: candles.slice(0, 70), timeframe: "4h", name: "Wavy" },
      includeModel: false,
    });
    expect(() => compareBacktests(without, { ...shorter, lines: without.lines })).toThrow(
      /An ablation needs two backtests of the same series, decision bars, horizon and cost/,
    );
    const baselinesOnly = await runBacktest({
      series: { candles, timeframe: "4h", name: "Wavy" },
      includeModel: false,
    });
    expect(() => compareBacktests(without, baselinesOnly)).toThrow(/the run with the stages has no model/);
  });
});
