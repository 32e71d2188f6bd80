// The Trend agent's vision prompt names each line as the trend chart draws it: the colour and dash read from the
// figure itself (its Plotly traces), so a change to the chart's style that the prompt does not follow fails here.
import { describe, expect, it } from "vitest";

import { createAnalysisContext } from "../../../src/agents/analysis-context";
import { trendVisionPrompt } from "../../../src/agents/prompts/trend-prompt";
import { summariseTrendlines } from "../../../src/agents/trend-summary";
import type { LineTrace } from "../../../src/charts/figure-types";
import { buildTrendFigure } from "../../../src/charts/trend-figure";
import { fitCandleTrendlines } from "../../../src/charts/trendlines";
import { syntheticCandles } from "../../support/synthetic-candles";

const candles = syntheticCandles({ count: 45 });
const fits = fitCandleTrendlines(candles);
const context = createAnalysisContext({ assetName: "Gold Futures", symbol: "GC=F", timeframe: "1d", candles });
const prompt = trendVisionPrompt(context, summariseTrendlines(candles, fits));

// Human names of the colours the chart draws, written out here independently of the palette's own table.
const SEEN_AS: Record<string, string> = {
  "#2563eb": "blue",
  "#c62828": "red",
  "#9333ea": "purple",
  "#d97706": "amber",
};

describe("trendVisionPrompt", () => {
  it("tells which line is which, in the colours and dashes of the chart the model sees", () => {
    const lines = buildTrendFigure(candles, { trendlines: fits }).data.filter(
      (trace): trace is LineTrace => trace.type === "scatter",
    );
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      const dash = line.line.dash === "solid" ? "solid" : "dashed";
      expect(prompt, line.name).toContain(`${SEEN_AS[line.line.color]} ${dash} line (legend "${line.name}")`);
    }
    expect(prompt).toContain('blue solid line (legend "Support (close)"): support fitted to the closes');
    expect(prompt).toContain('red solid line (legend "Resistance (close)"): resistance fitted to the closes');
  });

  it("gives the fitted values at the latest bar as numbers", () => {
    const summary = summariseTrendlines(candles, fits);
    expect(prompt).toContain(`Support (close) ${summary.closeSupport}`);
    expect(prompt).toContain(`Resistance (highs) ${summary.highResistance}`);
    expect(prompt).toContain(`latest close ${summary.lastClose}`);
  });

  it("asks whether price bounces, breaks through or compresses, and for an upward, downward or sideways call", () => {
    expect(prompt).toMatch(/bounce off a line, break through it, or compress between/);
    expect(prompt).toContain('"Trend: upward", "Trend: downward" or "Trend: sideways"');
  });
});
