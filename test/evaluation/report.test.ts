// Reports, figures, progress views and the notebook view, on a small hand-made evaluation (no model calls).
import { describe, expect, it } from "vitest";
import { decisionPoints } from "../../src/evaluation/decision-points";
import type { EvaluationProgress, EvaluationResult } from "../../src/evaluation/evaluation-result";
import { accuracyFigure, cumulativeReturnFigure } from "../../src/evaluation/evaluation-figures";
import { showEvaluation } from "../../src/evaluation/evaluation-view";
import { createEvaluationProgressView, createTextProgressBar, formatProgressBar } from "../../src/evaluation/progress-bar";
import { acrossAssets, evaluationMarkdown, evaluationReportJson, PUBLISHED_4H_ACCURACY } from "../../src/evaluation/report";
import { pointRecord } from "../../src/evaluation/run-evaluation";
import { scoreEvaluation } from "../../src/evaluation/score-evaluation";
import { createUsageMeter } from "../../src/evaluation/usage-meter";
import type { Display } from "../../src/notebook/display";
import { candlesFromCloses } from "./synthetic-candles";

function evaluation(): EvaluationResult {
  const make = (asset: string, window: number, next: number) =>
    decisionPoints({ asset, window, candles: candlesFromCloses([100, 101, 102, 103, next, next]) }, { historyBars: 4, horizons: [1] })[0];
  const points = [make("BTC", 1, 104), make("BTC", 2, 102), make("SPX", 1, 101), make("SPX", 2, 105)];
  const directives = new Map([["BTC/1/0", "LONG"], ["BTC/2/0", "SHORT"], ["SPX/1/0", "LONG"]] as const);
  return {
    settings: {
      benchmarkDir: "/bench",
      assets: ["BTC", "SPX"],
      windows: 2,
      horizons: [1],
      historyBars: 4,
      pointsPerWindow: 1,
      stride: 10,
      randomSeeds: 100,
      firstSeed: 1,
      concurrency: 2,
      models: { agent: { provider: "openai", model: "gpt-4o-mini", temperature: 0.1 }, graph: { provider: "openai", model: "gpt-4o", temperature: 0.1 } },
      cacheDir: "/cache",
    },
    points: points.map((point) => ({
      ...pointRecord(point),
      ...(directives.has(point.id as "BTC/1/0") ? { decision: directives.get(point.id as "BTC/1/0") } : { error: "Network Error: the test <b>failed</b>" }),
    })),
    scores: scoreEvaluation(points, { horizons: [1], directives: new Map(directives), randomSeeds: 100 }),
    usage: createUsageMeter().summary(),
    errors: 1,
    startedAt: "2025-01-01T00:00:00.000Z",
    durationMs: 1234,
  };
}

describe("report", () => {
  const result = evaluation();

  it("markdown: a table per horizon with every method, the pooled row, the published comparison and the failures", () => {
    const markdown = evaluationMarkdown(result);
    expect(markdown).toContain("| Asset | n | Agents % | Random % | Always long % | Momentum % | Linear regression % | Agents 95% CI | Agents gain vs random |");
    // BTC: LONG on a rise, SHORT on a fall: 2 of 2.
    expect(markdown).toMatch(/\| BTC \| 2 \| 100\.0 \|/);
    expect(markdown).toMatch(/\| \*\*All points\*\* \| 3 \| 66\.7 \|/);
    expect(markdown).toContain(`| Published (SPEC 12), 4h | 55.8 (50.7–63.7) | 46.1 (45.0–51.0) | 51.1 |`);
    expect(markdown).toContain("## Failed analyses\n\n- SPX/2/0: Network Error");
    expect(markdown).toMatch(/Cost: \$0\.0000 \(estimate/);
  });

  it("mean over assets is the mean of per-asset accuracies (the published table's summary)", () => {
    expect(acrossAssets(result.scores, "agents", 1)).toEqual({ mean: (1 + 0) / 2, low: 0, high: 1 });
  });

  it("JSON: the whole record plus the published figures, parseable", () => {
    const json = JSON.parse(evaluationReportJson(result));
    expect(json.scores).toEqual(JSON.parse(JSON.stringify(result.scores)));
    expect(json.published).toEqual(PUBLISHED_4H_ACCURACY);
  });

  it("figures: one bar trace per method, the agents with asymmetric Wilson error bars", () => {
    const figure = accuracyFigure(result, 1);
    expect(figure.data.map((trace) => trace.name)).toEqual(["Agents", "Random", "Always long", "Momentum", "Linear regression"]);
    expect(figure.data[0].x).toEqual(["BTC", "SPX", "All"]);
    expect(figure.data[0].y[0]).toBe(100);
    expect(figure.data[0].error_y!.arrayminus[0]).toBeGreaterThan(0);
    expect(figure.data[0].error_y!.array[0]).toBeCloseTo(0, 12);
    expect(cumulativeReturnFigure(result, 1).data).toHaveLength(5);
  });

  it("the notebook view writes markdown tables (PNG charts are checked in the notebook test)", async () => {
    const shown: string[] = [];
    const display: Display = { png: () => shown.push("png"), html: (html) => shown.push(html), markdown: (text) => shown.push(text), text: (text) => shown.push(text) };
    await showEvaluation(display, result, { charts: false });
    expect(shown.some((entry) => entry.includes("### Directional accuracy, k = 1"))).toBe(true);
    expect(shown.some((entry) => entry.includes("Published (SPEC 12)"))).toBe(true);
  });
});

describe("progress", () => {
  const progress: EvaluationProgress = {
    unit: "windows",
    done: 3,
    total: 12,
    errors: 1,
    usage: { ...createUsageMeter().summary(), freshTokens: { inputTokens: 30_000, outputTokens: 1_500 }, cachedCalls: 4, estimatedCostUsd: 0.0123 },
    elapsedMs: 30_000,
    last: { id: "BTC/3/0", error: "Rate Limit Exceeded:\n  slow down" },
  };

  it("one line: bar, count, errors, tokens, cached calls, cost labelled as an estimate, time left", () => {
    expect(formatProgressBar(progress, { width: 12 })).toBe(
      "[###.........] 3/12 windows · 1 error · 31.5k tokens sent · 4 cached calls · ~$0.0123 (estimate) · 30s, ~1m 30s left",
    );
  });

  it("a log gets a line per tenth and one per failure; a terminal gets the line rewritten", () => {
    const written: string[] = [];
    const log = createTextProgressBar({ write: (text: string) => written.push(text) } as unknown as NodeJS.WritableStream, { inPlace: false });
    log(progress);
    log({ ...progress, last: undefined }); // the same tenth, no failure: nothing new
    log({ ...progress, done: 12, last: undefined });
    expect(written).toHaveLength(3);
    expect(written[0]).toBe("BTC/3/0 failed: Rate Limit Exceeded: slow down\n");
    expect(written[2]).toMatch(/^\[#+\] 12\/12 windows/);

    const terminal: string[] = [];
    createTextProgressBar({ write: (text: string) => terminal.push(text), isTTY: true } as unknown as NodeJS.WritableStream)({ ...progress, last: undefined });
    expect(terminal[0].startsWith("\r[")).toBe(true);
  });

  it("the notebook view is one HTML block with a progress element, escaped failures included", () => {
    const html: string[] = [];
    const view = createEvaluationProgressView({ png: () => {}, html: (text) => html.push(text), markdown: () => {}, text: () => {} });
    view({ ...progress, last: { id: "BTC/3/0", error: "<script>x</script>" } });
    expect(html[0]).toContain('<progress value="3" max="12"');
    expect(html[0]).toContain("&lt;script&gt;");
    expect(html[0]).not.toContain("<script>");
  });
});
