// The whole pipeline through the real SDKs against the local fake provider, once per provider, with real Chromium,
// in the chart_dispatch mode that makes every kind of call ("tool-call": the agent model dispatches each chart tool).
// The default "direct" mode, the prompts' contents and the call counts of both modes: fidelity.e2e.test.ts.
import { describe, expect, it } from "vitest";

import type { ChartRenderer } from "../../src/charts/png-renderer";
import { readPngSize } from "../../src/charts/png-size";
import type { ConfigInput } from "../../src/config/config-schema";
import { providerInfo, type RemoteProviderId as ProviderId } from "../../src/config/providers";
import { createPipeline } from "../../src/pipeline/pipeline";
import type { ProgressEvent } from "../../src/pipeline/progress-events";
import { toWireResult } from "../../src/wire/analysis-result";
import { fakeDecision, type FakeProviderServer } from "../fakes/fake-provider-server";
import { TEST_KEY, usePipelineHarness } from "../support/pipeline-harness";
import { imagesInRequest } from "../support/request-images";
import { syntheticCandles } from "../support/synthetic-candles";

const key = TEST_KEY;
let server: FakeProviderServer;
let renderer: ChartRenderer;
const { dataDir } = usePipelineHarness({ name: "pipeline-e2e" }, (started) => ({ server, renderer } = started));

function configFor(provider: ProviderId): ConfigInput {
  const info = providerInfo(provider);
  return {
    agent_llm_provider: provider,
    graph_llm_provider: provider,
    agent_llm_model: info.defaultAgentModel,
    graph_llm_model: info.defaultGraphModel,
    agent_llm_temperature: 0.2,
    graph_llm_temperature: 0.3,
    [info.keyField]: key,
    openai_base_url: server.openaiBaseUrl,
    anthropic_base_url: server.anthropicBaseUrl,
    qwen_base_url: server.qwenBaseUrl,
    data_dir: dataDir,
    // The Indicator agent's tool loop, which these tests were written for (indicator-mode.test.ts: the default).
    indicator_mode: "tool-call",
  };
}

describe.each(["openai", "anthropic", "qwen"] as const)("analyze with %s", (provider) => {
  it("runs the four agents through the real SDK and returns the result record", async () => {
    const info = providerInfo(provider);
    const pipeline = createPipeline({ ...configFor(provider), chart_dispatch: "tool-call" }, { env: {}, renderer });
    const events: ProgressEvent[] = [];
    const candles = syntheticCandles({ count: 100 });
    const result = await pipeline.analyze(
      { candles, timeframe: "4h", name: "Synthetic" },
      { onEvent: (event) => events.push(event) },
    );

    // The result record
    expect(toWireResult(result).final_decision).toEqual(fakeDecision);
    expect(result.decision).toEqual({
      forecastHorizon: fakeDecision.forecast_horizon,
      decision: fakeDecision.decision,
      justification: fakeDecision.justification,
      riskRewardRatio: fakeDecision.risk_reward_ratio,
      confidence: fakeDecision.confidence,
    });
    expect(result.barCount).toBe(45);
    expect(result.candles).toEqual(candles.slice(-45));
    expect(result.reports.indicator).toMatch(/^Fake indicator report: read 5 tool results/);
    expect(result.reports.pattern).toMatch(/Ascending Triangle/);
    expect(result.reports.trend).toMatch(/trend is upward/);
    for (const chart of [result.charts.pattern, result.charts.trend]) {
      expect(readPngSize(Buffer.from(chart, "base64"))).toEqual({ width: 1280, height: 640 });
    }
    // The fake is not the provider's own address: the models are recorded labelled by it (and priced as unknown).
    const address = { openai: server.openaiBaseUrl, anthropic: server.anthropicBaseUrl, qwen: server.qwenBaseUrl }[
      provider
    ];
    expect(result.models).toEqual({
      agent: { provider, model: `${info.defaultAgentModel} @ ${address}`, temperature: 0.2 },
      graph: { provider, model: `${info.defaultGraphModel} @ ${address}`, temperature: 0.3 },
    });
    expect(result.usage.calls).toHaveLength(7);
    expect(result.usage.callsPerStep).toEqual({ indicator: 2, pattern: 2, trend: 2, decision: 1 });
    expect(toWireResult(result).usage.calls_per_step).toEqual({ indicator: 2, pattern: 2, trend: 2, decision: 1 });
    expect(result.promptVersion).toMatch(/^\S+$/);
    expect(toWireResult(result).prompt_version).toBe(result.promptVersion);
    expect(result.usage.total.inputTokens).toBeGreaterThan(0);
    expect(Object.keys(result.timingsMs).sort()).toEqual([
      "charts",
      "data",
      "decision",
      "indicator",
      "pattern",
      "total",
      "trend",
    ]);
    expect(result.indicatorValues.rsi).toBeGreaterThan(0);
    // The equations draw the lines whose values at the last bar the Trend agent read (those are rounded to 6 digits).
    const lastBar = result.barCount - 1;
    const equations = result.trendlineEquations;
    const readByAgent = result.trendlines;
    for (const [line, value] of [
      [equations.closeSupport, readByAgent.closeSupport],
      [equations.closeResistance, readByAgent.closeResistance],
      [equations.lowSupport, readByAgent.lowSupport],
      [equations.highResistance, readByAgent.highResistance],
    ] as const) {
      expect(Math.abs(line.intercept + line.slope * lastBar - value) / Math.abs(value)).toBeLessThan(1e-5);
    }
    expect(equations.closeSupport.slope).toBeCloseTo(readByAgent.supportSlope, 4);

    // What the provider saw: 2 indicator rounds, 2 dispatches, 2 vision calls, 1 decision
    const requests = server.requests;
    expect(requests).toHaveLength(7);
    expect(new Set(requests.map((request) => request.api))).toEqual(
      new Set([provider === "anthropic" ? "anthropic" : "openai"]),
    );
    if (provider === "qwen")
      expect(requests.every((request) => request.path.startsWith("/compatible-mode/v1/"))).toBe(true);
    expect(requests.every((request) => request.apiKey === key)).toBe(true);

    const indicatorCalls = requests.filter((request) => request.summary.toolNames.includes("compute_rsi"));
    expect(indicatorCalls).toHaveLength(2);
    expect(indicatorCalls[0]!.summary.toolNames).toEqual([
      "compute_rsi",
      "compute_macd",
      "compute_stochastic",
      "compute_roc",
      "compute_williams_r",
    ]);
    expect(indicatorCalls[0]!.summary.toolSchemas.compute_macd).toMatchObject({
      properties: { fastPeriod: { type: "integer", default: 12 } },
    });
    expect(indicatorCalls[1]!.summary.trailingToolResults).toBe(5);

    for (const tool of ["generate_pattern_chart", "generate_trend_chart"]) {
      const dispatch = requests.filter((request) => request.summary.toolNames.includes(tool));
      expect(dispatch).toHaveLength(1);
      expect(dispatch[0]!.summary.toolChoice).toBe(tool);
      expect(dispatch[0]!.summary.model).toBe(info.defaultAgentModel);
    }

    const visionCalls = requests.filter((request) => request.summary.imageCount > 0);
    expect(visionCalls).toHaveLength(2);
    for (const vision of visionCalls) {
      expect(vision.summary.model).toBe(info.defaultGraphModel);
      const png = imagesInRequest(vision.body)[0]!;
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(readPngSize(png)).toEqual({ width: 1280, height: 640 });
    }

    const decisionCalls = requests.filter((request) => request.summary.wantsJson);
    expect(decisionCalls).toHaveLength(1);
    expect(decisionCalls[0]!.summary.model).toBe(info.defaultGraphModel);
    expect(decisionCalls[0]!.summary.lastUserText).toContain(result.reports.indicator);
    expect(decisionCalls[0]!.summary.lastUserText).toContain(result.reports.pattern);
    expect(decisionCalls[0]!.summary.lastUserText).toContain(result.reports.trend);

    // Temperatures per role (the Anthropic API version this SDK speaks takes none: see the adapter)
    for (const request of requests) {
      if (provider === "anthropic") expect(request.summary.temperature).toBeUndefined();
      else if (request.summary.toolNames.some((name) => name.startsWith("generate_")))
        expect(request.summary.temperature).toBe(0.2);
      else expect(request.summary.temperature).toBe(0.3);
    }

    // Progress: each step starts and ends once, charts are reported, the analysis ends with the decision
    for (const step of ["data", "charts", "indicator", "pattern", "trend", "decision"]) {
      expect(events.filter((event) => event.type === "step-start" && event.step === step)).toHaveLength(1);
      expect(events.filter((event) => event.type === "step-end" && event.step === step)).toHaveLength(1);
    }
    expect(
      events
        .filter((event) => event.type === "chart-rendered")
        .map((event) => (event as { chart: string }).chart)
        .sort(),
    ).toEqual(["pattern", "trend"]);
    expect(events.at(-1)).toMatchObject({ type: "analysis-end", decision: "LONG" });
    expect(events.some((event) => event.type === "step-error")).toBe(false);
  });
});
