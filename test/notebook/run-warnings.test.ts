// A run's warnings where a user looks: the notebook's decision card and the CLI's summary show each sentence (escaped
// in HTML), and nothing when there are none; the CLI names the indicator mode.
import { describe, expect, it } from "vitest";

import { formatResultSummary } from "../../cli/result-summary";
import { decisionCardHtml, warningsNoteHtml } from "../../src/notebook/result-view";
import type { AnalysisResult } from "../../src/pipeline/analysis-result";

const base = {
  asset: "BTC",
  assetName: "Bitcoin",
  symbol: "BTC-USD",
  timeframe: "4h",
  barCount: 45,
  window: { start: "2024-01-01T00:00:00.000Z", end: "2024-01-08T12:00:00.000Z" },
  decision: { forecastHorizon: "next 3 bars", decision: "LONG", justification: "Momentum.", riskRewardRatio: 1.5 },
  models: {
    agent: { provider: "openai", model: "o3", temperature: 0.1 },
    graph: { provider: "openai", model: "o3", temperature: 0.1 },
  },
  usage: { calls: [], callsPerStep: {}, total: { inputTokens: 1, outputTokens: 2 } },
  timingsMs: { total: 1000 },
  stages: {},
  demo: false,
  indicatorMode: "direct",
} as unknown as AnalysisResult;

const warning = "The temperature 0.1 was not sent to o3: <reasoning> models take only their default.";

describe("a run's warnings", () => {
  it("the notebook card shows each, escaped", () => {
    const html = decisionCardHtml({ ...base, warnings: [warning] });
    expect(html).toContain("Warning: The temperature 0.1 was not sent to o3: &lt;reasoning&gt; models");
    expect(html).not.toContain("<reasoning>");
  });

  it("nothing when there are none, or in a result made before warnings existed", () => {
    expect(warningsNoteHtml({ warnings: [] })).toBe("");
    expect(warningsNoteHtml({})).toBe("");
    expect(decisionCardHtml({ ...base, warnings: [] })).not.toContain("Warning:");
  });

  it("the CLI prints each on its own line, and the indicator mode", () => {
    const text = formatResultSummary({ ...base, warnings: [warning, "Second."] });
    expect(text).toContain(`\nWarning: ${warning}\n`);
    expect(text).toContain("\nWarning: Second.\n");
    expect(text).toContain("Indicators: computed in code, one call (direct)");
    expect(formatResultSummary({ ...base, warnings: [] })).not.toContain("Warning:");
    expect(formatResultSummary({ ...base, indicatorMode: "tool-call", warnings: [] })).toContain(
      "Indicators: the model's tool calls (tool-call)",
    );
  });
});
