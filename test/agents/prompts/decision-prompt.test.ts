// The Decision agent's prompt: an immediate order for the next N bars with their duration at the timeframe in use,
// and the replaced system's decision policy, rule by rule.
import { describe, expect, it } from "vitest";

import { createAnalysisContext } from "../../../src/agents/analysis-context";
import { decisionSystemPrompt } from "../../../src/agents/prompts/decision-prompt";
import { syntheticCandles } from "../../support/synthetic-candles";

const candles = syntheticCandles({ count: 45 });
const promptFor = (timeframe: "1h" | "4h" | "1d" | "1w", horizonBars?: number) =>
  decisionSystemPrompt(
    createAnalysisContext({ assetName: "S&P 500", symbol: "^GSPC", timeframe, candles, horizonBars }),
  );

describe("decisionSystemPrompt", () => {
  it.each([
    ["1h", "3 hours"],
    ["4h", "12 hours"],
    ["1d", "3 days"],
    ["1w", "3 weeks"],
  ] as const)("orders for the next 3 bars at %s: %s", (timeframe, span) => {
    const prompt = promptFor(timeframe);
    expect(prompt).toContain(
      `Issue an immediate execution order, LONG or SHORT, for the next 3 bars: ${span} at ${timeframe}.`,
    );
    expect(prompt).toContain(`"forecast_horizon": "next 3 bars (${span})"`);
  });

  it("takes the horizon from the context (decision_horizon_bars)", () => {
    expect(promptFor("1d", 1)).toContain("for the next 1 bar: 1 day at 1d.");
  });

  it("states the policy: confirmed patterns only, no direction from geometry, momentum first, the dominant slope, risk/reward from structure", () => {
    const prompt = promptFor("4h");
    expect(prompt).toMatch(/Act on confirmed signals only/);
    expect(prompt).toMatch(/do not act on early, forming or speculative patterns/);
    expect(prompt).toMatch(/Do not assume a breakout direction from geometry alone/);
    expect(prompt).toMatch(/Prefer momentum-backed signals/);
    expect(prompt).toMatch(
      /When they conflict, or the market is\s+consolidating, follow the slope of the dominant trendline/,
    );
    expect(prompt).toMatch(/risk_reward_ratio between 1\.2 and 1\.8 from the structure seen/);
    expect(prompt).toMatch(/Holding or staying flat is not an option/);
  });
});
