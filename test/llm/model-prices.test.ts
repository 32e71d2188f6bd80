// The price table behind the cost ESTIMATE: exact and dated names, longest prefix wins, unknown models have no price.
import { describe, expect, it } from "vitest";

import { estimateCostUsd, findModelPrice } from "../../src/llm/model-prices";
import { createUsageMeter } from "../../src/llm/usage-meter";

describe("model prices", () => {
  it("matches exact names and dated snapshots, preferring the longest key", () => {
    expect(findModelPrice("gpt-4o")).toEqual({ inputPerMillion: 2.5, outputPerMillion: 10 });
    expect(findModelPrice("gpt-4o-2024-08-06")).toEqual({ inputPerMillion: 2.5, outputPerMillion: 10 });
    expect(findModelPrice("gpt-4o-mini")).toEqual({ inputPerMillion: 0.15, outputPerMillion: 0.6 });
    expect(findModelPrice("claude-haiku-4-5-20251001")).toEqual({ inputPerMillion: 1, outputPerMillion: 5 });
    expect(findModelPrice("gpt-4omega")).toBeUndefined();
    expect(findModelPrice("llama3")).toBeUndefined();
  });

  it("1M input and 100k output tokens of gpt-4o: 2.50 + 1.00 dollars", () => {
    expect(estimateCostUsd("gpt-4o", { inputTokens: 1_000_000, outputTokens: 100_000 })).toBeCloseTo(3.5, 12);
    expect(estimateCostUsd("llama3", { inputTokens: 10, outputTokens: 10 })).toBeUndefined();
  });

  it("the meter prices fresh calls only and names unpriced models", () => {
    const meter = createUsageMeter();
    meter.record({
      hit: false,
      key: "a",
      provider: "openai",
      model: "gpt-4o-mini",
      usage: { inputTokens: 1_000_000, outputTokens: 0 },
    });
    meter.record({
      hit: true,
      key: "b",
      provider: "openai",
      model: "gpt-4o",
      usage: { inputTokens: 1_000_000, outputTokens: 0 },
    });
    meter.record({
      hit: false,
      key: "c",
      provider: "openai",
      model: "llama3",
      usage: { inputTokens: 5, outputTokens: 5 },
    });
    const summary = meter.summary();
    expect(summary).toMatchObject({ freshCalls: 2, cachedCalls: 1, unpricedModels: ["llama3"] });
    expect(summary.estimatedCostUsd).toBeCloseTo(0.15, 12);
    expect(summary.freshTokens).toEqual({ inputTokens: 1_000_005, outputTokens: 5 });
    expect(summary.cachedTokens).toEqual({ inputTokens: 1_000_000, outputTokens: 0 });
    expect(summary.costLabel).toMatch(/estimate/);
  });
});
