// Plugins inside a real analysis, through the real SDKs against the fake provider: a plugin's indicator is offered to
// the Indicator agent as a tool and called with validated parameters; a plugin analyst runs beside the built-in three
// and its report reaches the Decision agent and the result; a plugin data source answers for its symbols and Yahoo is
// not asked. The plugin set is recorded in the result and its wire JSON.
import { describe, expect, it } from "vitest";

import type { ChartRenderer } from "../../src/charts/png-renderer";
import { createPipeline, type PipelineDependencies } from "../../src/pipeline/pipeline";
import type { ProgressEvent } from "../../src/pipeline/progress-events";
import { bollingerBandsPlugin } from "../../src/plugin-examples/bollinger-bands/index";
import { volumeAnalystPlugin } from "../../src/plugin-examples/volume-analyst/index";
import { definePlugin } from "../../src/plugins/define-plugin";
import { toWireResult } from "../../src/wire/analysis-result";
import { defaultFakeHandler } from "../fakes/fake-default-handler";
import { type FakeProviderServer, fakeReply } from "../fakes/fake-provider-server";
import { TEST_KEY, usePipelineHarness } from "../support/pipeline-harness";
import { syntheticCandles } from "../support/synthetic-candles";

let server: FakeProviderServer;
let renderer: ChartRenderer;
const { dataDir } = usePipelineHarness(
  { name: "plugins", warmRenderer: true },
  (started) => ({ server, renderer } = started),
);
const candles = syntheticCandles({ count: 80 });

function pipelineWith(plugins: PipelineDependencies["plugins"], extra: { fetch?: typeof fetch } = {}) {
  return createPipeline(
    {
      api_key: TEST_KEY,
      openai_base_url: server.openaiBaseUrl,
      data_dir: dataDir,
      // The Indicator agent's tool loop, which these tests were written for (indicator-mode.test.ts: the default).
      indicator_mode: "tool-call",
      max_retries: 0,
    },
    { env: {}, renderer, plugins, fetch: extra.fetch },
  );
}

describe("a plugin indicator", () => {
  it("is offered beside the built-in five, called with validated parameters, and its latest value is in the result", async () => {
    const result = await pipelineWith([bollingerBandsPlugin]).analyze({ candles, timeframe: "4h" });
    const firstIndicatorCall = server.requests.find((request) => request.summary.toolNames.includes("compute_rsi"));
    expect(firstIndicatorCall?.summary.toolNames).toEqual([
      "compute_rsi",
      "compute_macd",
      "compute_stochastic",
      "compute_roc",
      "compute_williams_r",
      "compute_bollinger_percent_b",
      "compute_bollinger_bandwidth",
    ]);
    // The tool's JSON schema comes from the plugin's zod parameters, defaults included.
    expect(firstIndicatorCall?.summary.toolSchemas.compute_bollinger_percent_b).toMatchObject({
      properties: { period: { default: 20 }, deviations: { default: 2 } },
    });
    // The model called it (the fake calls every tool with its defaults) and read the plugin's series.
    const toolResults = JSON.stringify(
      server.requests.find((request) => request.summary.trailingToolResults > 0)?.body,
    );
    expect(toolResults).toMatch(/compute_bollinger_percent_b: latest/);
    expect(result.pluginIndicatorValues.compute_bollinger_percent_b).toEqual(expect.any(Number));
    expect(result.plugins).toEqual([{ name: "bollinger-bands", version: "1.0.0" }]);
    const wire = toWireResult(result);
    expect(wire.indicator_values).toHaveProperty("compute_bollinger_bandwidth");
    expect(wire.plugins).toEqual([{ name: "bollinger-bands", version: "1.0.0" }]);
  });

  it("gives the model its own mistake back (parameters out of bounds) and the analysis goes on", async () => {
    let round = 0;
    server.setHandler((request) => {
      if (
        request.summary.toolNames.includes("compute_bollinger_percent_b") &&
        request.summary.trailingToolResults === 0 &&
        round++ === 0
      ) {
        return fakeReply.toolCall("compute_bollinger_percent_b", { period: 1, deviations: 9 });
      }
      return defaultFakeHandler(request);
    });
    const result = await pipelineWith([bollingerBandsPlugin]).analyze({ candles, timeframe: "4h" });
    expect(result.decision.decision).toBe("LONG");
    const told = JSON.stringify(server.requests.find((request) => request.summary.trailingToolResults > 0)?.body);
    expect(told).toMatch(/invalid arguments for compute_bollinger_percent_b: period: /);
  });
});

describe("a plugin analyst", () => {
  it("runs as its own step, its calls count in the usage, and its report reaches the Decision agent and the result", async () => {
    const echo = definePlugin({
      name: "sentiment",
      version: "2.1.0",
      analysts: [
        {
          name: "sentiment",
          title: "Sentiment report",
          run: async ({ models, candles: window, signal }) => {
            const answer = await models.agent.chat({
              messages: [{ role: "user", content: `Mood of ${window.length} bars?` }],
              signal,
            });
            return `The crowd is calm. (${answer.text})`;
          },
        },
      ],
    });
    const events: ProgressEvent[] = [];
    const result = await pipelineWith([echo, volumeAnalystPlugin]).analyze(
      { candles, timeframe: "4h" },
      { onEvent: (event) => events.push(event) },
    );
    expect(result.analystReports.sentiment).toBe("The crowd is calm. (Fake report: ok.)");
    expect(result.analystReports.volume).toMatch(/On-Balance Volume is (rising|falling|flat) over the 45 bars/);
    const decisionRequest = server.requests.find((request) => request.summary.wantsJson);
    expect(decisionRequest?.summary.lastUserText).toContain("Sentiment report:\nThe crowd is calm.");
    expect(decisionRequest?.summary.lastUserText).toContain("Volume report (OBV and VWAP):");
    expect(
      events.filter((event) => event.type === "step-end").map((event) => (event as { step: string }).step),
    ).toEqual(expect.arrayContaining(["sentiment", "volume", "indicator", "pattern", "trend", "decision"]));
    expect(result.usage.calls.filter((call) => call.step === "sentiment")).toHaveLength(1);
    expect(events.some((event) => event.type === "report-delta" && event.step === "sentiment")).toBe(true);
    expect(result.plugins).toEqual([
      { name: "sentiment", version: "2.1.0" },
      { name: "volume-analyst", version: "1.0.0" },
    ]);
    expect(toWireResult(result).analyst_reports).toEqual(result.analystReports);
  });
});

describe("a plugin data source", () => {
  const exchange = (calls: string[]) =>
    definePlugin({
      name: "exchange",
      dataSources: [
        {
          name: "bars",
          matches: (symbol) => symbol.endsWith(".EX"),
          fetchCandles: async ({ symbol, timeframe, start, end }) => {
            calls.push(`${symbol} ${timeframe} ${start.toISOString().slice(0, 10)} ${end.toISOString().slice(0, 10)}`);
            return [...candles].reverse(); // any order: the pipeline sorts them
          },
        },
      ],
    });

  it("answers for the symbols it matches, and Yahoo is not asked; other symbols still go to Yahoo", async () => {
    const calls: string[] = [];
    const yahoo: string[] = [];
    const fetchSpy: typeof fetch = async (input) => {
      yahoo.push(input instanceof Request ? input.url : String(input));
      return new Response("{}", { status: 500 });
    };
    const pipeline = pipelineWith([exchange(calls)], { fetch: fetchSpy });
    const result = await pipeline.analyze({
      symbol: "ABC.EX",
      timeframe: "4h",
      start: "2024-01-01",
      end: "2024-02-10",
    });
    expect(calls).toEqual(["ABC.EX 4h 2024-01-01 2024-02-10"]);
    expect(yahoo).toEqual([]);
    expect(result.symbol).toBe("ABC.EX");
    expect(result.candles).toEqual(candles.slice(-45));
    await expect(
      pipeline.analyze({ symbol: "ETH-USD", timeframe: "4h", start: "2024-01-01", end: "2024-02-10" }),
    ).rejects.toThrow(/Yahoo/);
    expect(yahoo.length).toBeGreaterThan(0);
  });
});
