// Reports stream as the models write them: through the real SDKs of each provider, the analysis sends `report-delta`
// events for the Indicator, Pattern and Trend steps before each step's end, and each step's deltas joined are
// exactly its final report. Also over HTTP: a client of the event stream sees the same.
import { describe, expect, it } from "vitest";

import type { ChartRenderer } from "../../src/charts/png-renderer";
import { providerInfo, type RemoteProviderId as ProviderId } from "../../src/config/providers";
import { createPipeline } from "../../src/pipeline/pipeline";
import type { ProgressEvent } from "../../src/pipeline/progress-events";
import { defaultFakeHandler } from "../fakes/fake-default-handler";
import { type FakeProviderServer, fakeReply } from "../fakes/fake-provider-server";
import { benchmarkCsv } from "../server/analysis-fixtures";
import { startTestServer } from "../server/test-server";
import { parseEventStreamText } from "../support/event-stream-text";
import { TEST_KEY, usePipelineHarness } from "../support/pipeline-harness";
import { syntheticCandles } from "../support/synthetic-candles";

let server: FakeProviderServer;
let renderer: ChartRenderer;
const { dataDir } = usePipelineHarness(
  { name: "report-deltas", warmRenderer: true },
  (started) => ({ server, renderer } = started),
);

/** Every default answer streamed word by word with a pause, so text arrives well before a call ends. */
function streamSlowly(): void {
  server.setHandler(async (request) =>
    fakeReply.streamed((await defaultFakeHandler(request)) as Parameters<typeof fakeReply.streamed>[0], {
      chunkDelayMs: 15,
    }),
  );
}

function configFor(provider: ProviderId) {
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
    indicator_mode: "tool-call" as const,
  };
}

/** For each reporting step: its deltas joined, and whether every delta came before the step ended. */
function deltasByStep(events: readonly ProgressEvent[]) {
  const steps = new Map<string, { text: string; count: number; beforeEnd: boolean }>();
  const ended = new Set<string>();
  for (const event of events) {
    if (event.type === "step-end") ended.add(event.step);
    if (event.type !== "report-delta") continue;
    const step = steps.get(event.step) ?? { text: "", count: 0, beforeEnd: true };
    step.text += event.text;
    step.count += 1;
    if (ended.has(event.step)) step.beforeEnd = false;
    steps.set(event.step, step);
  }
  return steps;
}

describe.each(["openai", "anthropic", "qwen"] as const)("report deltas with %s", (provider) => {
  it("come before each step's end, and joined they are the final reports", async () => {
    streamSlowly();
    const pipeline = createPipeline(configFor(provider), { env: {}, renderer });
    const events: ProgressEvent[] = [];
    const result = await pipeline.analyze(
      { candles: syntheticCandles({ count: 60 }), timeframe: "4h" },
      { onEvent: (event) => events.push(event) },
    );
    const steps = deltasByStep(events);
    for (const [step, report] of [
      ["indicator", result.reports.indicator],
      ["pattern", result.reports.pattern],
      ["trend", result.reports.trend],
    ] as const) {
      const streamed = steps.get(step);
      expect(streamed, step).toBeDefined();
      expect(streamed?.count, `${step}: several pieces, not one`).toBeGreaterThan(3);
      expect(streamed?.beforeEnd, `${step}: every delta before step-end`).toBe(true);
      expect(streamed?.text).toBe(report);
    }
    // The first words of a report arrive while its step is still running, long before the analysis ends.
    const firstDelta = events.findIndex((event) => event.type === "report-delta");
    const analysisEnd = events.findIndex((event) => event.type === "analysis-end");
    expect(firstDelta).toBeGreaterThan(-1);
    expect(firstDelta).toBeLessThan(analysisEnd);
  });
});

describe("over HTTP", () => {
  it("a client of the event stream sees the deltas before each step's end, and joined they equal the reports", async () => {
    streamSlowly();
    const http = await startTestServer({
      config: { api_key: TEST_KEY, openai_base_url: server.openaiBaseUrl },
      renderer,
    });
    try {
      const response = await fetch(`${http.url}/api/analyze`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify({ csv: benchmarkCsv(), timeframe: "4h" }),
      });
      const events = parseEventStreamText(await response.text());
      const progress = events.filter((event) => event.event === "progress").map((event) => event.data as ProgressEvent);
      const result = events.find((event) => event.event === "result")?.data as Record<string, string>;
      const steps = deltasByStep(progress);
      for (const [step, field] of [
        ["indicator", "technical_indicators"],
        ["pattern", "pattern_analysis"],
        ["trend", "trend_analysis"],
      ] as const) {
        expect(steps.get(step)?.beforeEnd, step).toBe(true);
        expect(steps.get(step)?.text, step).toBe(result[field]);
      }
    } finally {
      await http.close();
    }
  });
});
