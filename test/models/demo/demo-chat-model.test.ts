// The demo provider behind the ChatModel interface, driven by the real agents: the Indicator agent's tool loop
// (the demo calls the five tools and reports their values), the Trend agent (the slopes its prompt states), the
// Pattern agent (no image reading, said so), and the Decision agent (the stated rule, a valid decision record, or no
// decision at all when the reports carry no values). Text streams in pieces that join to the report; a cancelled
// call stops; nothing is spent.
import { describe, expect, it } from "vitest";

import { DecisionError } from "../../../src/agents/agent-errors";
import { createAnalysisContext } from "../../../src/agents/analysis-context";
import { runDecisionAgent } from "../../../src/agents/decision-agent";
import { runIndicatorAgent } from "../../../src/agents/indicator-agent";
import { createStepRecorder } from "../../../src/agents/model-call";
import { runPatternAgent } from "../../../src/agents/pattern-agent";
import { runTrendAgent } from "../../../src/agents/trend-agent";
import { summariseTrendlines } from "../../../src/agents/trend-summary";
import { fitCandleTrendlines } from "../../../src/charts/trendlines";
import { createConfig } from "../../../src/config/config-schema";
import { DEMO_LABEL } from "../../../src/config/providers";
import { computeIndicators } from "../../../src/indicators";
import { ProviderError } from "../../../src/llm/provider-error";
import { createChatModelFor } from "../../../src/models/create-chat-model";
import { DemoChatModel, demoTextPieces } from "../../../src/models/demo/demo-chat-model";
import { demoRuling, formatNumber } from "../../../src/models/demo/demo-rule";
import { validateApiKey } from "../../../src/models/validate-api-key";
import { syntheticCandles } from "../../support/synthetic-candles";

const candles = syntheticCandles({ count: 45, seed: 11 });
const context = createAnalysisContext({ assetName: "Synthetic", symbol: "SYN", timeframe: "4h", candles });
const model = new DemoChatModel({ pieceDelayMs: 0 });
const tinyPng = Buffer.from("not read by the demo");

async function indicatorReport(): Promise<{ report: string; deltas: string[]; toolUses: string[] }> {
  const deltas: string[] = [];
  const recorder = createStepRecorder("indicator", { onReportText: (text) => deltas.push(text) });
  const { report, toolUses } = await runIndicatorAgent({ context, candles, model, recorder });
  return { report, deltas, toolUses: toolUses.map((use) => use.name) };
}

describe("the demo provider through the agents", () => {
  it("Indicator: calls the five tools, then reports their latest values and the momentum by its rule", async () => {
    const { report, deltas, toolUses } = await indicatorReport();
    expect(toolUses).toEqual([
      "compute_rsi",
      "compute_macd",
      "compute_stochastic",
      "compute_roc",
      "compute_williams_r",
    ]);
    const latest = computeIndicators(candles).latest;
    expect(report.startsWith(DEMO_LABEL)).toBe(true);
    expect(report).toContain(`RSI(14): ${formatNumber(latest.rsi!)}`);
    expect(report).toContain(`MACD(12,26,9) histogram: ${formatNumber(latest.macdHistogram!)}`);
    expect(report).toContain(`Williams %R(14): ${formatNumber(latest.williamsR!)}`);
    const ruling = demoRuling({ rsi: latest.rsi!, macdHistogram: latest.macdHistogram! });
    expect(report).toContain(`Momentum: ${ruling.directive === "LONG" ? "bullish" : "bearish"}`);
    // Streamed in several pieces that join to the report, as a model's text would be.
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.join("")).toBe(report);
  });

  it("Trend: states the fitted slopes and calls the direction from their signs", async () => {
    const fits = fitCandleTrendlines(candles);
    const lines = summariseTrendlines(candles, fits);
    const recorder = createStepRecorder("trend");
    const report = await runTrendAgent({
      context,
      lines,
      chart: tinyPng,
      dispatch: "direct",
      agentModel: model,
      graphModel: model,
      recorder,
    });
    const direction =
      lines.supportSlope > 0 && lines.resistanceSlope > 0
        ? "upward"
        : lines.supportSlope < 0 && lines.resistanceSlope < 0
          ? "downward"
          : "sideways";
    expect(report.split("\n")[0]).toBe(`Trend: ${direction}`);
    expect(report).toContain(`support line moves ${formatNumber(lines.supportSlope)} per bar`);
    expect(report).toContain(`resistance line ${formatNumber(lines.resistanceSlope)} per bar`);
    expect(report).toContain(DEMO_LABEL);
  });

  it("Pattern: names no pattern and says it does not read images; the tool-call dispatch is answered too", async () => {
    const recorder = createStepRecorder("pattern");
    const report = await runPatternAgent({
      context,
      chart: tinyPng,
      dispatch: "tool-call",
      agentModel: model,
      graphModel: model,
      recorder,
    });
    expect(report).toContain("No clear pattern");
    expect(report).toContain("does not look at images");
    expect(recorder.calls().map((call) => call.role)).toEqual(["agent", "graph"]);
  });

  it("Decision: the rule on its own indicator report, as a valid record; never a made-up one", async () => {
    const { report } = await indicatorReport();
    const latest = computeIndicators(candles).latest;
    const decision = await runDecisionAgent({
      context,
      reports: { indicatorReport: report, patternReport: "p", trendReport: "t" },
      model,
      recorder: createStepRecorder("decision"),
    });
    expect(decision.decision).toBe(demoRuling({ rsi: latest.rsi!, macdHistogram: latest.macdHistogram! }).directive);
    expect(decision.forecastHorizon).toBe("next 3 bars (12 hours)");
    expect(decision.riskRewardRatio).toBe(1.5);
    expect(decision.justification.startsWith(DEMO_LABEL)).toBe(true);

    // Reports the demo did not write carry no values to apply the rule to: no decision, after the one repair.
    const failure = await runDecisionAgent({
      context,
      reports: { indicatorReport: "Momentum looks strong.", patternReport: "p", trendReport: "t" },
      model,
      recorder: createStepRecorder("decision"),
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DecisionError);
  });

  it("spends nothing: every call reports zero tokens and the demo model name", async () => {
    // Both indicator modes: one call with the readings ("direct"), or the tool round and the report ("tool-call").
    for (const [mode, calls] of [
      ["direct", 1],
      ["tool-call", 2],
    ] as const) {
      const recorder = createStepRecorder("indicator");
      const { report } = await runIndicatorAgent({ context, candles, model, recorder, mode });
      expect(recorder.calls().length, mode).toBe(calls);
      expect(report, mode).toMatch(/RSI\(14\): /);
      expect(recorder.usage()).toEqual({ inputTokens: 0, outputTokens: 0 });
      expect(recorder.calls().every((call) => call.model === "demo" && call.provider === "demo")).toBe(true);
    }
  });
});

describe("DemoChatModel", () => {
  it("splits text into pieces of a few words that join to the text, trailing whitespace included", () => {
    const text = "  one two three four five six seven \n";
    const pieces = demoTextPieces(text, 3);
    expect(pieces.join("")).toBe(text);
    expect(pieces).toEqual(["  one two three", " four five six", " seven", " \n"]);
  });

  it("paces its pieces (a page sees them arrive) and stops when the request is cancelled", async () => {
    const slow = new DemoChatModel({ pieceDelayMs: 40 });
    const controller = new AbortController();
    const seen: string[] = [];
    const call = slow.chat({
      messages: [{ role: "user", content: "anything" }],
      signal: controller.signal,
      onTextDelta: (text) => {
        seen.push(text);
        if (seen.length === 2) controller.abort();
      },
    });
    const error = await call.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).reason).toBe("aborted");
    expect((error as ProviderError).kind).toBe("cancelled");
    expect(seen).toHaveLength(2);
  });

  it("is built from the config with no key, no base URL and no environment", () => {
    const config = createConfig({ agent_llm_provider: "demo", graph_llm_provider: "demo" });
    const built = createChatModelFor({ config, provider: "demo", model: "demo", temperature: 0.1, env: {} });
    expect(built).toBeInstanceOf(DemoChatModel);
    expect(built.provider).toBe("demo");
  });

  it("key validation answers at once, without a request", async () => {
    const config = createConfig({});
    let fetched = 0;
    const answer = await validateApiKey({
      config,
      provider: "demo",
      env: {},
      fetch: () => {
        fetched += 1;
        return Promise.reject(new Error("no network here"));
      },
    });
    expect(answer).toEqual({ ok: true, message: `The demo provider needs no key (${DEMO_LABEL})` });
    expect(fetched).toBe(0);
  });
});
