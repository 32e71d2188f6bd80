// The Indicator agent's prompt: a high-frequency framing, a report on momentum, and every bar of the window as
// compact lines.
import { describe, expect, it } from "vitest";

import { createAnalysisContext } from "../../../src/agents/analysis-context";
import { formatBars, indicatorSystemPrompt, indicatorUserPrompt } from "../../../src/agents/prompts/indicator-prompt";
import type { Candle } from "../../../src/market/candle";
import { syntheticCandles } from "../../support/synthetic-candles";

const candles = syntheticCandles({ count: 45 });
const context = createAnalysisContext({ assetName: "Bitcoin", symbol: "BTC-USD", timeframe: "4h", candles });

describe("indicator prompts", () => {
  it("frame the analyst on a high-frequency desk and ask what momentum the indicators show", () => {
    const system = indicatorSystemPrompt(context);
    expect(system).toMatch(/high-frequency trading desk/);
    expect(system).toMatch(/what momentum the indicators show/);
    expect(system).toContain("at most 5 rounds of tool calls");
  });

  it("hand over every bar of the window, oldest first", () => {
    const user = indicatorUserPrompt(context, candles);
    const lines = user.split("\n").filter((line) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2},/.test(line));
    expect(lines).toHaveLength(45);
    expect(lines[0]!.startsWith("2024-01-01 00:00,")).toBe(true);
    expect(lines[44]!.startsWith(new Date(candles[44]!.time).toISOString().slice(0, 16).replace("T", " "))).toBe(true);
  });
});

describe("formatBars", () => {
  const bar = (time: string, open: number, high: number, low: number, close: number): Candle => ({
    time: Date.parse(time),
    open,
    high,
    low,
    close,
    volume: 0,
  });

  it("writes seven significant digits, without float noise", () => {
    const text = formatBars([bar("2024-05-01T13:30:00Z", 63120.48828125, 63300.1171875, 62980, 1.0853212345)], "1h");
    expect(text).toBe("time,open,high,low,close\n2024-05-01 13:30,63120.49,63300.12,62980,1.085321");
  });

  it("shows the date alone for daily and longer bars", () => {
    expect(formatBars([bar("2024-05-01T00:00:00Z", 1, 2, 0.5, 1.5)], "1d").split("\n")[1]).toBe(
      "2024-05-01,1,2,0.5,1.5",
    );
    expect(formatBars([bar("2024-05-01T00:00:00Z", 1, 2, 0.5, 1.5)], "1mo").split("\n")[1]).toBe(
      "2024-05-01,1,2,0.5,1.5",
    );
  });
});
