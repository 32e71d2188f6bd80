// The estimate told before a backtest spends anything, and the refusal above the cost limit. Provenance: gpt-4o at
// $2.50 / $10 per million input / output tokens (src/llm/model-prices.ts); 7,500 in and 1,500 out per analysis, so
// $0.03375 an analysis; gpt-4o-mini $0.15 / $0.60 for the dispatch calls.
import { describe, expect, it } from "vitest";

import {
  assertWithinBudget,
  describeEstimate,
  estimateBacktest,
  TYPICAL_STAGE_CALL_USAGE,
} from "../../src/backtest/cost-estimate";

const models = { agent: "gpt-4o-mini", graph: "gpt-4o" };

describe("estimateBacktest", () => {
  it("counts only the decisions not in the cache: calls, tokens and cost", () => {
    const estimate = estimateBacktest({
      decisions: 30,
      cached: 10,
      models,
      chartDispatch: "direct",
      indicatorMode: "tool-call",
    });
    expect(estimate).toMatchObject({
      toAnalyse: 20,
      calls: 100,
      tokens: { inputTokens: 150_000, outputTokens: 30_000 },
    });
    expect(estimate.costUsd).toBeCloseTo(20 * 0.03375, 12);
    // The default, indicators computed in code: one call fewer an analysis, a fifth fewer tokens.
    expect(estimateBacktest({ decisions: 30, cached: 10, models, chartDispatch: "direct" })).toMatchObject({
      calls: 80,
      tokens: { inputTokens: 120_000, outputTokens: 24_000 },
    });
    expect(describeEstimate(estimate)).toMatch(
      /^30 decisions \(10 cached, 20 to analyse\): about 100 model calls, 180k tokens, ~\$0\.68 \(estimate/,
    );
  });

  it("adds the agent model's two dispatch calls with chart_dispatch tool-call", () => {
    const estimate = estimateBacktest({
      decisions: 1,
      cached: 0,
      models,
      chartDispatch: "tool-call",
      indicatorMode: "tool-call",
    });
    expect(estimate.calls).toBe(7);
    expect(estimate.costUsd).toBeCloseTo(0.03375 + (800 * 0.15 + 100 * 0.6) / 1e6, 12);
  });

  it("counts one call a single agent makes, both charts and the readings in, whatever the dispatch and indicators", () => {
    for (const chartDispatch of ["direct", "tool-call"] as const) {
      for (const indicatorMode of ["direct", "tool-call"] as const) {
        const estimate = estimateBacktest({
          decisions: 12,
          cached: 2,
          models,
          chartDispatch,
          indicatorMode,
          agents: "single",
        });
        expect(estimate).toMatchObject({ calls: 10, tokens: { inputTokens: 30_000, outputTokens: 2_500 } });
        // gpt-4o: 3,000 in and 250 out an analysis.
        expect(estimate.costUsd).toBeCloseTo(10 * ((3_000 * 2.5 + 250 * 10) / 1e6), 12);
      }
    }
    // The team, said or not: four calls an analysis.
    expect(estimateBacktest({ decisions: 1, cached: 0, models, chartDispatch: "direct", agents: "team" }).calls).toBe(
      4,
    );
    // Samples beyond the first are more calls of the single agent too.
    expect(
      estimateBacktest({
        decisions: 1,
        cached: 0,
        models,
        chartDispatch: "direct",
        agents: "single",
        decisionSamples: 3,
      }).calls,
    ).toBe(3);
  });

  it("counts nothing for the demo provider's scripted answers, and says so", () => {
    const estimate = estimateBacktest({
      decisions: 255,
      cached: 2,
      models: { agent: "demo", graph: "demo" },
      chartDispatch: "tool-call",
      stageCalls: 4,
      scripted: true,
    });
    expect(estimate).toMatchObject({ toAnalyse: 253, calls: 0, tokens: { inputTokens: 0, outputTokens: 0 } });
    expect(estimate.costUsd).toBe(0);
    expect(describeEstimate(estimate)).toBe(
      "255 decisions (2 cached, 253 to analyse): nothing spent (the demo provider's scripted answers: no model is called)",
    );
    expect(() => assertWithinBudget(estimate, 0)).not.toThrow();
  });

  it("cannot cost a model without a list price, and says which", () => {
    const estimate = estimateBacktest({
      decisions: 5,
      cached: 0,
      models: { agent: "local", graph: "llava" },
      chartDispatch: "direct",
    });
    expect(estimate.costUsd).toBeNull();
    expect(estimate.unpricedModels).toEqual(["llava"]);
  });
});

describe("assertWithinBudget", () => {
  const estimate = estimateBacktest({
    decisions: 20,
    cached: 0,
    models,
    chartDispatch: "direct",
    indicatorMode: "tool-call",
  }); // $0.675
  it("refuses a run estimated above the limit, or one whose cost cannot be told, and passes the rest", () => {
    expect(() => assertWithinBudget(estimate, 0.5)).toThrow(
      /Not started: the estimated cost, ~\$0\.68 for 20 analyses, is above the limit of \$0\.5/,
    );
    expect(() => assertWithinBudget(estimate, 0.7)).not.toThrow();
    expect(() => assertWithinBudget(estimate, undefined)).not.toThrow();
    const unknown = estimateBacktest({
      decisions: 2,
      cached: 0,
      models: { agent: "x", graph: "llava" },
      chartDispatch: "direct",
    });
    expect(() => assertWithinBudget(unknown, 100)).toThrow(/llava has no list price/);
    // Nothing to analyse costs nothing, whatever the limit.
    const cached = estimateBacktest({
      decisions: 2,
      cached: 2,
      models: { agent: "x", graph: "llava" },
      chartDispatch: "direct",
    });
    expect(() => assertWithinBudget(cached, 0)).not.toThrow();
  });
});

describe("decision samples in the estimate", () => {
  it("counts each sample beyond the first as one more graph-model call per analysis, and one sample as none", () => {
    const models = { agent: "gpt-4o-mini", graph: "gpt-4o" };
    const one = estimateBacktest({ decisions: 10, cached: 0, models, chartDispatch: "direct", decisionSamples: 1 });
    const plain = estimateBacktest({ decisions: 10, cached: 0, models, chartDispatch: "direct" });
    expect(one).toEqual(plain);
    const three = estimateBacktest({ decisions: 10, cached: 0, models, chartDispatch: "direct", decisionSamples: 3 });
    expect(three.calls - plain.calls).toBe(20);
    expect(three.tokens.inputTokens - plain.tokens.inputTokens).toBe(20 * TYPICAL_STAGE_CALL_USAGE.inputTokens);
    expect(three.costUsd!).toBeGreaterThan(plain.costUsd!);
    // Cached decisions ask nothing, samples or not.
    expect(
      estimateBacktest({ decisions: 10, cached: 10, models, chartDispatch: "direct", decisionSamples: 9 }).calls,
    ).toBe(0);
  });
});
