// indicator_mode through the whole pipeline, real SDK against the fake provider, real Chromium: "direct" (the
// default) makes 4 calls and hands the Indicator agent the library's own indicator values in one call with no tools;
// "tool-call" is the model's tool loop. The fake's local-server modes show what a default analysis survives (a model
// without tools) and how the others fail (model_capability naming the capability and the model); a reasoning model
// gets no temperature and the result says why; an unknown field in the decision is a warning, not a repair.
import { describe, expect, it } from "vitest";

import { describeSeries } from "../../src/agents/indicator-tools";
import { INDICATOR_READINGS_HEADING } from "../../src/agents/prompts/indicator-prompt";
import { computeMacd } from "../../src/indicators/macd";
import { computeRoc } from "../../src/indicators/roc";
import { computeRsi } from "../../src/indicators/rsi";
import { computeStochastic } from "../../src/indicators/stochastic";
import { computeWilliamsR } from "../../src/indicators/williams-r";
import { ModelCapabilityError } from "../../src/llm/model-capability-error";
import { toColumns } from "../../src/market/candle";
import { analyzeRequestSchema } from "../../src/pipeline/analyze-request";
import { toWireResult } from "../../src/wire/analysis-result";
import { fakeDecision, type FakeProviderServer, fakeReply } from "../fakes/fake-provider-server";
import { usePipelineHarness } from "../support/pipeline-harness";
import { syntheticCandles } from "../support/synthetic-candles";

let server: FakeProviderServer;
const harness = usePipelineHarness({ name: "indicator-mode" }, (started) => ({ server } = started));
const candles = syntheticCandles({ count: 100 });
const request = { candles, timeframe: "4h", name: "Synthetic" } as const;

function indicatorRequests() {
  return server.requests.filter((sent) => sent.summary.systemText.includes("indicator analyst"));
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected the analysis to fail");
    },
    (error: unknown) => error,
  );
}

describe("indicator_mode direct (the default)", () => {
  it("makes 4 calls, the Indicator agent's one with no tools, and records the mode", async () => {
    const result = await harness.pipeline({ journal: false }).analyze(request);
    expect(result.usage.callsPerStep).toEqual({ indicator: 1, pattern: 1, trend: 1, decision: 1 });
    expect(server.requests).toHaveLength(4);
    expect(server.requests.every((sent) => sent.summary.toolNames.length === 0)).toBe(true);
    expect(indicatorRequests()).toHaveLength(1);
    expect(result.indicatorMode).toBe("direct");
    expect(toWireResult(result).indicator_mode).toBe("direct");
    expect(result.warnings).toEqual([]);
    expect(toWireResult(result)).not.toHaveProperty("warnings");
  });

  it("hands the model the library's own series of RSI, MACD, Stochastic, ROC and Williams %R", async () => {
    const result = await harness.pipeline({ journal: false }).analyze(request);
    const window = result.candles;
    const columns = toColumns(window);
    const prompt = indicatorRequests()[0]!.summary.lastUserText;
    const readings = prompt.slice(prompt.indexOf(INDICATOR_READINGS_HEADING)).split("\n");
    const macd = computeMacd(columns.close, { fastPeriod: 12, slowPeriod: 26, signalPeriod: 9 });
    const stochastic = computeStochastic(columns, { kPeriod: 14, kSlowingPeriod: 3, dPeriod: 3 });
    const expected = [
      describeSeries("RSI(14)", computeRsi(columns.close, { period: 14 })),
      describeSeries("MACD(12,26,9) line", macd.macd),
      describeSeries("MACD(12,26,9) signal", macd.signal),
      describeSeries("MACD(12,26,9) histogram", macd.histogram),
      describeSeries("Stochastic(14,3,3) %K", stochastic.k),
      describeSeries("Stochastic(14,3,3) %D", stochastic.d),
      describeSeries("ROC(10) %", computeRoc(columns.close, { period: 10 })),
      describeSeries("Williams %R(14)", computeWilliamsR(columns, { period: 14 })),
    ];
    for (const line of expected) expect(readings).toContain(line);
    // The latest value in the prompt is the result's own, to the prompt's four significant digits.
    const rsiLine = readings.find((line) => line.startsWith("RSI(14): latest "))!;
    expect(Number(/latest (-?[\d.]+)/.exec(rsiLine)![1])).toBeCloseTo(result.indicatorValues.rsi!, 1);
    const williamsLine = readings.find((line) => line.startsWith("Williams %R(14): latest "))!;
    expect(Number(/latest (-?[\d.]+)/.exec(williamsLine)![1])).toBeCloseTo(result.indicatorValues.williamsR!, 1);
  });

  it("succeeds with a model that cannot call tools", async () => {
    server.setLacks(["tools"]);
    const result = await harness.pipeline({ journal: false }).analyze(request);
    expect(result.decision.decision).toBe(fakeDecision.decision);
  });
});

describe("indicator_mode tool-call", () => {
  it("is the model's tool loop, asked by the request over the config", async () => {
    const result = await harness.pipeline({ journal: false }).analyze({ ...request, indicator_mode: "tool-call" });
    expect(result.usage.callsPerStep.indicator).toBe(2);
    expect(indicatorRequests()[0]!.summary.toolNames).toContain("compute_rsi");
    expect(result.indicatorMode).toBe("tool-call");
  });

  it("fails with model_capability naming tools and the model, without a second indicator call", async () => {
    server.setLacks(["tools"]);
    const pipeline = harness.pipeline({ journal: false, indicator_mode: "tool-call", graph_llm_model: "llava" });
    const error = await failureOf(pipeline.analyze(request));
    expect(error).toBeInstanceOf(ModelCapabilityError);
    expect(error).toMatchObject({
      code: "model_capability",
      kind: "config",
      details: { capability: "tools", model: "llava", role: "graph" },
    });
    expect((error as Error).message).toMatch(/indicator_mode "direct"/);
    expect(indicatorRequests()).toHaveLength(1);
  });

  it("the request field is checked like any other", () => {
    expect(analyzeRequestSchema.safeParse({ ...request, indicator_mode: "tools" }).success).toBe(false);
    expect(analyzeRequestSchema.safeParse({ ...request, indicator_mode: "direct" }).success).toBe(true);
  });
});

describe("model servers through a whole analysis", () => {
  it("a graph model without images: model_capability naming images and the graph model", async () => {
    server.setLacks(["images"]);
    const error = await failureOf(harness.pipeline({ journal: false, graph_llm_model: "qwen-text" }).analyze(request));
    expect(error).toMatchObject({ details: { capability: "images", model: "qwen-text", role: "graph" } });
  });

  it("a graph model named o3: no request carries a temperature, and the result's warnings say why", async () => {
    const result = await harness
      .pipeline({ journal: false, graph_llm_model: "o3", agent_llm_model: "o3" })
      .analyze(request);
    // The o3 requests alone: a call of the test before, cut short by its failure, may still arrive after the reset.
    const sentToO3 = server.requests.filter((sent) => sent.summary.model === "o3");
    expect(sentToO3).toHaveLength(4);
    expect(sentToO3.every((sent) => sent.summary.temperature === undefined)).toBe(true);
    expect(result.warnings).toEqual([expect.stringMatching(/temperature .* not sent to o3.*reasoning models/)]);
    expect(toWireResult(result).warnings).toEqual(result.warnings);
  });

  it("an unknown field in the decision record is ignored with a warning, with no repair call", async () => {
    server.setHandler((sent) =>
      sent.summary.wantsJson ? fakeReply.json({ ...fakeDecision, notes: "extra" }) : fakeReply.text("Fake report."),
    );
    const result = await harness.pipeline({ journal: false }).analyze(request);
    expect(result.usage.callsPerStep.decision).toBe(1);
    expect(result.decision.decision).toBe(fakeDecision.decision);
    expect(result.warnings).toEqual([`The decision record's unknown field "notes" ignored.`]);
  });

  it("a missing required field still costs one repair", async () => {
    const { confidence: _confidence, ...withoutConfidence } = fakeDecision;
    let asked = 0;
    server.setHandler((sent) => {
      if (!sent.summary.wantsJson) return fakeReply.text("Fake report.");
      asked += 1;
      return fakeReply.json(asked === 1 ? withoutConfidence : fakeDecision);
    });
    const result = await harness.pipeline({ journal: false }).analyze(request);
    expect(result.usage.callsPerStep.decision).toBe(2);
    expect(result.warnings).toEqual([]);
  });
});
