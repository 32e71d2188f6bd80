// A first run with no key and no network: a pipeline that has never seen a key switches to the demo provider and
// analyses a sample window. Everything works as with a model (progress, report-delta streaming, usage, the journal)
// and everything says it is a demo: the result's field and text, the wire JSON, the notebook card, the CLI summary,
// the journal row. The decision is the stated rule applied to the result's own indicator values.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { formatResultSummary } from "../../cli/result-summary";
import { type ChartRenderer, createChartRenderer } from "../../src/charts/png-renderer";
import { DEMO_LABEL } from "../../src/config/providers";
import { demoRuling, formatNumber } from "../../src/models/demo/demo-rule";
import { decisionCardHtml } from "../../src/notebook/result-view";
import type { AnalysisResult } from "../../src/pipeline/analysis-result";
import { createPipeline, type Pipeline } from "../../src/pipeline/pipeline";
import type { ProgressEvent } from "../../src/pipeline/progress-events";
import { toWireResult } from "../../src/wire/analysis-result";

let renderer: ChartRenderer;
let pipeline: Pipeline;
let result: AnalysisResult;
const events: ProgressEvent[] = [];

beforeAll(async () => {
  renderer = createChartRenderer();
  pipeline = createPipeline({ data_dir: mkdtempSync(path.join(tmpdir(), "demo-analysis-")) }, { env: {}, renderer });
  pipeline.updateProvider("demo");
  result = await pipeline.analyze(
    { sample: { asset: "BTC", window: 12 }, timeframe: "4h" },
    { onEvent: (event) => events.push(event) },
  );
}, 60_000);

afterAll(async () => {
  await pipeline?.close();
  await renderer?.close();
});

describe("the demo provider through the pipeline", () => {
  it("needs no key: the provider switch names both models demo and the key status says none is needed", () => {
    expect(pipeline.modelSelection()).toEqual({
      agent_llm_provider: "demo",
      graph_llm_provider: "demo",
      agent_llm_model: "demo",
      graph_llm_model: "demo",
    });
    expect(pipeline.apiKeyStatus("demo")).toMatchObject({ hasKey: false, needsKey: false });
    expect(() => pipeline.updateApiKey("sk-something-long-enough", { provider: "demo" })).toThrow(/needs no API key/);
  });

  it("decides by its stated rule on the result's own indicator values", () => {
    const { rsi, macdHistogram } = result.indicatorValues;
    expect(result.decision.decision).toBe(demoRuling({ rsi: rsi!, macdHistogram: macdHistogram! }).directive);
    expect(result.reports.indicator).toContain(`RSI(14): ${formatNumber(rsi!)}`);
    expect(result.reports.trend).toContain(`moves ${formatNumber(result.trendlines.supportSlope)} per bar`);
  });

  it("streams every report in pieces before its step ends, and spends nothing", () => {
    for (const step of ["indicator", "pattern", "trend"]) {
      const deltas = events.filter(
        (event): event is Extract<ProgressEvent, { type: "report-delta" }> =>
          event.type === "report-delta" && event.step === step,
      );
      expect(deltas.length, step).toBeGreaterThan(5);
      const reports = result.reports as unknown as Record<string, string>;
      expect(deltas.map((delta) => delta.text).join(""), step).toBe(reports[step]);
      const lastDelta = events.lastIndexOf(deltas[deltas.length - 1]!);
      const end = events.findIndex((event) => event.type === "step-end" && event.step === step);
      expect(lastDelta, step).toBeLessThan(end);
    }
    expect(result.usage.total).toEqual({ inputTokens: 0, outputTokens: 0 });
    // indicator_mode "direct" (the default): the indicators computed in code, one call.
    expect(result.usage.callsPerStep).toEqual({ indicator: 1, pattern: 1, trend: 1, decision: 1 });
  });

  it('says "demo: scripted, not a model" in the result, its wire JSON, its text, the notebook card and the CLI', () => {
    expect(result.demo).toBe(true);
    for (const text of [result.reports.indicator, result.reports.pattern, result.reports.trend])
      expect(text).toContain(DEMO_LABEL);
    expect(result.decision.justification).toContain(DEMO_LABEL);
    expect(toWireResult(result)).toMatchObject({ demo: true, notice: DEMO_LABEL });
    // A note of its own above the card, not only the words inside the justification.
    expect(decisionCardHtml(result)).toContain(
      `${DEMO_LABEL}: the reports and the decision come from the demo provider`,
    );
    expect(formatResultSummary(result).split("\n")[0]).toContain(DEMO_LABEL);
    // And a model's result says nothing of the kind.
    const modelResult = { ...result, demo: false };
    expect(toWireResult(modelResult)).not.toHaveProperty("notice");
    expect(decisionCardHtml(modelResult)).not.toContain("demo provider");
    expect(formatResultSummary(modelResult).split("\n")[0]).not.toContain(DEMO_LABEL);
  });

  it("is recorded in the journal as a demo, free, and kept out of the accuracy statistics", async () => {
    const [summary] = (await pipeline.journal.list()).analyses;
    expect(summary).toMatchObject({ id: result.id, demo: true, costUsd: 0, status: "done", outcomeStatus: "scored" });
    expect((await pipeline.journal.get(result.id!))?.demo).toBe(true);
    expect((await pipeline.journal.stats({ groupBy: "model" })).groups).toEqual([]);
  });
});

describe("the demo provider with the optional stages", () => {
  it("debates, writes a lesson and decides with memory, debate and risk on, each answer labelled a demo", async () => {
    const staged = await pipeline.analyze({
      sample: { asset: "BTC", window: 13 },
      timeframe: "4h",
      stages: { memory: { lessons: 2 }, debate: { rounds: 1 }, risk: {} },
    });
    const { rsi, macdHistogram } = staged.indicatorValues;
    expect(staged.decision.decision).toBe(demoRuling({ rsi: rsi!, macdHistogram: macdHistogram! }).directive);
    const turns = staged.debate ?? [];
    expect(turns.map((turn) => turn.side)).toEqual(["bull", "bear"]);
    for (const turn of turns) {
      expect(turn.text).toContain(DEMO_LABEL);
      expect(turn.text).toContain(`RSI(14) is ${formatNumber(rsi!)}`);
      expect(turn.text).toMatch(turn.side === "bull" ? /\nBull case: / : /\nBear case: /);
    }
    // A sample window's later bars are known: the replay's reviewer wrote a lesson, scripted and said so.
    expect(staged.memory?.lesson).toMatch(
      /^demo: scripted, not a model\. The demo's rule called this one (right|wrong)/,
    );
    expect(staged.risk).toBeDefined();
    expect(staged.demo).toBe(true);
    expect(staged.usage.total).toEqual({ inputTokens: 0, outputTokens: 0 });
  }, 60_000);
});
