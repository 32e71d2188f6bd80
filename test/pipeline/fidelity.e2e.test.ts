// What each provider is sent, through its real SDK against the local fake provider: the Indicator agent's request
// carries every bar of the window, the Decision agent is told its horizon for the timeframe in use, and the default
// chart_dispatch "direct" makes two model calls fewer than "tool-call" (no dispatch call by the agent model).
import { describe, expect, it } from "vitest";

import type { ChartRenderer } from "../../src/charts/png-renderer";
import type { ConfigInput } from "../../src/config/config-schema";
import { providerInfo, type RemoteProviderId as ProviderId } from "../../src/config/providers";
import type { Candle } from "../../src/market/candle";
import { createPipeline } from "../../src/pipeline/pipeline";
import type { FakeProviderServer, FakeRequest } from "../fakes/fake-provider-server";
import { TEST_KEY, usePipelineHarness } from "../support/pipeline-harness";
import { syntheticCandles } from "../support/synthetic-candles";

let server: FakeProviderServer;
let renderer: ChartRenderer;
const { dataDir } = usePipelineHarness({ name: "pipeline-fidelity" }, (started) => ({ server, renderer } = started));

const HOUR = 3_600_000;

function configFor(provider: ProviderId, overrides: ConfigInput = {}): ConfigInput {
  const info = providerInfo(provider);
  return {
    agent_llm_provider: provider,
    graph_llm_provider: provider,
    agent_llm_model: info.defaultAgentModel,
    graph_llm_model: info.defaultGraphModel,
    [info.keyField]: TEST_KEY,
    openai_base_url: server.openaiBaseUrl,
    anthropic_base_url: server.anthropicBaseUrl,
    qwen_base_url: server.qwenBaseUrl,
    data_dir: dataDir,
    // The Indicator agent's tool loop, which these tests were written for (indicator-mode.test.ts: the default).
    indicator_mode: "tool-call",
    ...overrides,
  };
}

/** The bar lines of a prompt ("2024-01-01 04:00,100.2,...") read back as numbers. */
function barsInText(text: string): { time: string; open: number; high: number; low: number; close: number }[] {
  return text
    .split("\n")
    .filter((line) => /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?,/.test(line))
    .map((line) => {
      const [time = "", open, high, low, close] = line.split(",");
      return { time, open: Number(open), high: Number(high), low: Number(low), close: Number(close) };
    });
}

function expectSameBars(sent: ReturnType<typeof barsInText>, window: readonly Candle[], timeLength: number): void {
  expect(sent).toHaveLength(window.length);
  sent.forEach((bar, index) => {
    const candle = window[index]!;
    expect(bar.time).toBe(new Date(candle.time).toISOString().slice(0, timeLength).replace("T", " "));
    for (const field of ["open", "high", "low", "close"] as const) {
      expect(Math.abs(bar[field] - candle[field]) / candle[field], `${field} of bar ${index}`).toBeLessThan(1e-6);
    }
  });
}

const indicatorRequests = (requests: readonly FakeRequest[]) =>
  requests.filter((request) => request.summary.toolNames.includes("compute_rsi"));
const decisionRequest = (requests: readonly FakeRequest[]) => requests.find((request) => request.summary.wantsJson);

describe.each(["openai", "anthropic", "qwen"] as const)("%s through its SDK", (provider) => {
  it.each([
    ["1h", HOUR, "next 3 bars: 3 hours at 1h", "next 3 bars (3 hours)", 16],
    ["4h", 4 * HOUR, "next 3 bars: 12 hours at 4h", "next 3 bars (12 hours)", 16],
    ["1d", 24 * HOUR, "next 3 bars: 3 days at 1d", "next 3 bars (3 days)", 10],
  ] as const)(
    "at %s: the indicator request holds the window's bars, the decision prompt states the horizon",
    async (timeframe, stepMs, order, horizon, timeLength) => {
      const pipeline = createPipeline(configFor(provider), { env: {}, renderer });
      const candles = syntheticCandles({ count: 80, stepMs, price: 25_000 });
      const result = await pipeline.analyze({ candles, timeframe, name: "Synthetic" });
      expect(result.barCount).toBe(45);

      const [firstIndicator] = indicatorRequests(server.requests);
      expect(firstIndicator?.summary.systemText).toMatch(/high-frequency trading desk/);
      expect(firstIndicator?.summary.systemText).toMatch(/what momentum the indicators show/);
      // All 45 bars of the window, oldest first, none of the 35 before it.
      expectSameBars(barsInText(firstIndicator?.summary.lastUserText ?? ""), candles.slice(-45), timeLength);

      const decision = decisionRequest(server.requests);
      expect(decision?.summary.systemText).toContain(
        `Issue an immediate execution order, LONG or SHORT, for the ${order}.`,
      );
      expect(decision?.summary.systemText).toContain(`"forecast_horizon": "${horizon}"`);
    },
  );

  it("states a configured horizon (decision_horizon_bars) in bars and time", async () => {
    const pipeline = createPipeline(configFor(provider, { decision_horizon_bars: 5 }), { env: {}, renderer });
    await pipeline.analyze({ candles: syntheticCandles({ count: 50 }), timeframe: "4h" });
    const decision = decisionRequest(server.requests);
    expect(decision?.summary.systemText).toContain("for the next 5 bars: 20 hours at 4h.");
    expect(decision?.summary.systemText).toContain('"forecast_horizon": "next 5 bars (20 hours)"');
  });

  it('makes 2 model calls fewer with chart_dispatch "direct" (the default) than with "tool-call"', async () => {
    const candles = syntheticCandles({ count: 60 });
    const direct = await createPipeline(configFor(provider), { env: {}, renderer }).analyze({
      candles,
      timeframe: "4h",
    });
    const directRequests = [...server.requests];
    server.reset();
    const toolCall = await createPipeline(configFor(provider, { chart_dispatch: "tool-call" }), {
      env: {},
      renderer,
    }).analyze({ candles, timeframe: "4h" });
    const toolCallRequests = [...server.requests];

    expect(directRequests.length).toBe(toolCallRequests.length - 2);
    expect(direct.usage.calls.length).toBe(toolCall.usage.calls.length - 2);
    expect(direct.usage.callsPerStep).toEqual({ indicator: 2, pattern: 1, trend: 1, decision: 1 });
    expect(toolCall.usage.callsPerStep).toEqual({ indicator: 2, pattern: 2, trend: 2, decision: 1 });
    // The two extra calls are the agent model's forced chart-tool calls; direct never offers a chart tool.
    const dispatches = (requests: FakeRequest[]) =>
      requests.filter((request) => request.summary.toolNames.some((name) => name.startsWith("generate_")));
    expect(dispatches(directRequests)).toHaveLength(0);
    expect(
      dispatches(toolCallRequests)
        .map((request) => request.summary.toolChoice)
        .sort(),
    ).toEqual(["generate_pattern_chart", "generate_trend_chart"]);
    expect(
      dispatches(toolCallRequests).every(
        (request) => request.summary.model === providerInfo(provider).defaultAgentModel,
      ),
    ).toBe(true);
    // Both modes read the same two charts with the graph model.
    for (const requests of [directRequests, toolCallRequests]) {
      const vision = requests.filter((request) => request.summary.imageCount > 0);
      expect(vision).toHaveLength(2);
      expect(vision.every((request) => request.summary.model === providerInfo(provider).defaultGraphModel)).toBe(true);
    }
    expect(direct.usage.total.inputTokens).toBeLessThan(toolCall.usage.total.inputTokens);
  });
});
