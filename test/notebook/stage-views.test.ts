// What the optional stages add to the notebook views: the debate, the risk levels (or why there are none) and the
// lessons, only when those stages ran, with every model text escaped; the progress view lists the stages' steps in
// the order they run.
import { describe, expect, it } from "vitest";

import type { Display } from "../../src/notebook/display";
import { createProgressView } from "../../src/notebook/progress-view";
import { showResult } from "../../src/notebook/result-view";
import { debateMarkdown, lessonsHtml, riskHtml, stagesHtml } from "../../src/notebook/stage-views";
import type { AnalysisResult } from "../../src/pipeline/analysis-result";

const hostile = '<script>alert(1)</script><img src=x onerror="alert(2)">';

function recorder(): Display & { outputs: { kind: string; value: string }[] } {
  const outputs: { kind: string; value: string }[] = [];
  return {
    outputs,
    png: () => outputs.push({ kind: "png", value: "" }),
    html: (value) => outputs.push({ kind: "html", value }),
    markdown: (value) => outputs.push({ kind: "markdown", value }),
    text: (value) => outputs.push({ kind: "text", value }),
  };
}

const base = {
  asset: "BTC",
  assetName: "Bitcoin",
  symbol: "BTC-USD",
  timeframe: "4h",
  barCount: 45,
  window: { start: "2024-01-01T00:00:00.000Z", end: "2024-01-08T12:00:00.000Z" },
  reports: { indicator: "i", pattern: "p", trend: "t" },
  analystReports: {},
  charts: { pattern: "", trend: "" },
  decision: { forecastHorizon: "next 3 bars", decision: "LONG", justification: "j", riskRewardRatio: 1.5 },
  models: {
    agent: { provider: "openai", model: "a", temperature: 0.1 },
    graph: { provider: "openai", model: "g", temperature: 0.1 },
  },
  usage: { calls: [], callsPerStep: {}, total: { inputTokens: 0, outputTokens: 0 } },
  indicatorValues: {},
  pluginIndicatorValues: {},
  timingsMs: { total: 1 },
  stages: {},
} as unknown as AnalysisResult;

const withStages = {
  ...base,
  stages: { memory: { lessons: 2 }, debate: { rounds: 1 }, risk: {} },
  debate: [
    { side: "bull", round: 1, text: `Up. ${hostile}` },
    { side: "bear", round: 1, text: "Down." },
  ],
  risk: { stopLoss: 98.5, takeProfit: 102.25, size: 0.6667, basis: "recent low", atr: 1.2 },
  memory: {
    recalled: [
      {
        analysisId: "a1",
        windowEnd: "2023-12-30T00:00:00.000Z",
        decision: "SHORT",
        outcomeBarTime: "2023-12-30T12:00:00.000Z",
        outcome: [
          { bars: 1, hit: true, return: 0.004 },
          { bars: 3, hit: false, return: -0.012 },
        ],
        text: `Wait for the close. ${hostile}`,
      },
    ],
    lesson: `Written ${hostile}`,
  },
} as unknown as AnalysisResult;

describe("stage views", () => {
  it("show nothing when no stage ran: the result looks as it always did", () => {
    expect(stagesHtml(base)).toBe("");
    expect(debateMarkdown(base)).toBe("");
    const display = recorder();
    showResult(display, base, { tables: false });
    expect(display.outputs.map((output) => output.kind)).toEqual(["html", "markdown", "png", "png"]);
  });

  it("show the stages, lessons, levels and debate, model text escaped", () => {
    const display = recorder();
    showResult(display, withStages, { tables: false, charts: false });
    expect(display.outputs.map((output) => output.kind)).toEqual(["html", "html", "markdown", "markdown"]);
    const html = stagesHtml(withStages);
    expect(html).toContain("Stages: memory 2, debate 1, risk");
    expect(html).toContain("SHORT at 2023-12-30T00:00:00.000Z");
    expect(html).toContain("after 1 bar +0.40% (right), after 3 bars -1.20% (wrong)");
    expect(html).toContain("98.5000");
    expect(html).toContain("stop beyond the recent low");
    for (const text of [html, debateMarkdown(withStages)]) {
      expect(text).not.toMatch(/<script|<img/);
      expect(text).toContain("&lt;script&gt;");
    }
    expect(debateMarkdown(withStages)).toMatch(/#### Bull researcher, round 1\n\nUp\./);
  });

  it("give the reason when the window set no levels, and say when no lesson was known", () => {
    const none = { risk: { stopLoss: null, takeProfit: null, size: null, atr: 0, reason: `flat window ${hostile}` } };
    expect(riskHtml(none as never)).toMatch(/none set: flat window &lt;script&gt;/);
    expect(lessonsHtml({ memory: { recalled: [] } })).toContain("no lesson of this market was known");
  });

  it("list the stages' steps in the progress view in the order they run", () => {
    const display = recorder();
    const listener = createProgressView(display, {
      stages: { memory: { lessons: 1 }, debate: { rounds: 1 }, risk: {} },
    });
    listener({ type: "step-start", step: "data", at: 0 });
    const table = display.outputs[display.outputs.length - 1]!.value;
    const steps = [...table.matchAll(/^\| ([^|]+) \|/gm)].map((match) => match[1]!.trim()).slice(1);
    expect(steps).toEqual([
      "data",
      "charts",
      "indicator",
      "pattern",
      "trend",
      "Memory",
      "Bull researcher, round 1",
      "Bear researcher, round 1",
      "decision",
      "Risk levels",
    ]);
  });
});
