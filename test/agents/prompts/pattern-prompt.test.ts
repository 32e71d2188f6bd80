// The Pattern agent's vision prompt: the sixteen classic patterns of the replaced system, each with what it looks
// like, and permission to find none.
import { describe, expect, it } from "vitest";

import { createAnalysisContext } from "../../../src/agents/analysis-context";
import { classicPatterns, patternVisionPrompt } from "../../../src/agents/prompts/pattern-prompt";
import { syntheticCandles } from "../../support/synthetic-candles";

// The names the replaced system's pattern_agent.py lists, in its order.
const REPLACED_SYSTEM_PATTERNS = [
  "Inverse Head and Shoulders",
  "Double Bottom",
  "Rounded Bottom",
  "Hidden Base",
  "Falling Wedge",
  "Rising Wedge",
  "Ascending Triangle",
  "Descending Triangle",
  "Bullish Flag",
  "Bearish Flag",
  "Rectangle",
  "Island Reversal",
  "V-shaped Reversal",
  "Rounded Top or Rounded Bottom",
  "Expanding Triangle",
  "Symmetrical Triangle",
];

const context = createAnalysisContext({
  assetName: "Bitcoin",
  symbol: "BTC-USD",
  timeframe: "4h",
  candles: syntheticCandles({ count: 45 }),
});
const prompt = patternVisionPrompt(context);

describe("patternVisionPrompt", () => {
  it("lists the sixteen patterns, numbered, each with a one-line description of its shape", () => {
    expect(classicPatterns.map((pattern) => pattern.name)).toEqual(REPLACED_SYSTEM_PATTERNS);
    const listed = prompt.split("\n").filter((line) => /^\d+\. /.test(line));
    expect(listed).toHaveLength(16);
    listed.forEach((line, index) => {
      expect(line.startsWith(`${index + 1}. ${REPLACED_SYSTEM_PATTERNS[index]}: `)).toBe(true);
      expect(line.length - REPLACED_SYSTEM_PATTERNS[index]!.length).toBeGreaterThan(40); // a real description
      expect(line).not.toContain("\n");
    });
  });

  it("asks to say so when no pattern is clearly formed, instead of forcing a match", () => {
    expect(prompt).toMatch(/When no pattern is clearly formed, say so plainly/);
    expect(prompt).toMatch(/rather than forcing a match/);
  });

  it("describes the chart it comes with: bars shown, timeframe, asset, candle colours", () => {
    expect(prompt).toContain("the last 40 4h bars of Bitcoin (BTC-USD)");
    expect(prompt).toContain("teal candles closed higher than they opened, light red ones lower");
  });
});
