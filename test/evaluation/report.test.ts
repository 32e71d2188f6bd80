// Reports, figures and the notebook view on a small hand-made evaluation (no model calls); progress views.
import { describe, expect, it } from "vitest";

import type { EvaluationProgress } from "../../src/evaluation/evaluation-result";
import { PUBLISHED_4H_ACCURACY } from "../../src/evaluation/published/figures";
import { evaluationMarkdown, evaluationReportJson } from "../../src/evaluation/report";
import { acrossAssets } from "../../src/evaluation/report-tables";
import { findScore } from "../../src/evaluation/score-evaluation";
import { showEvaluation } from "../../src/evaluation/write-report";
import { createUsageMeter } from "../../src/llm/usage-meter";
import type { Display } from "../../src/notebook/display";
import { createEvaluationProgressView, createTextProgressBar, formatProgressBar } from "../../src/reports/progress-bar";
import { handMadeEvaluation } from "./hand-made-evaluation";

describe("report", () => {
  const result = handMadeEvaluation();

  it("markdown: a side-by-side table per horizon with every method, the drift, the pooled row and the published row", () => {
    const markdown = evaluationMarkdown(result);
    expect(markdown).toContain("Protocol: per-horizon.");
    expect(markdown).toContain(
      "| Asset | Samples | Up-moves % | Agents % | Random % | Always long % | Always short % | Momentum % | Linear regression % | Agents vs random, relative change |",
    );
    // BTC: LONG on a rise, SHORT on a fall: 2 of 2; one of the two moves rose.
    expect(markdown).toMatch(/\| BTC \| 2 \| 50\.0 \[[0-9.]+–[0-9.]+\] \| 100\.0 \[/);
    expect(markdown).toMatch(/\| \*\*All samples\*\* \| 3 \| [0-9.]+ \[[0-9.]+–[0-9.]+\] \| 66\.7 \[/);
    expect(markdown).toContain("| **Published, 4h (lowest–highest)** |  |  | 55.8 (50.7–63.7) | 46.1 (45.0–51.0) |");
    expect(markdown).toContain("| Published, 4h | 55.8 (50.7–63.7) | 46.1 (45.0–51.0) | 51.1 | not published |");
    expect(markdown).not.toMatch(/SPEC \d/);
  });

  it("agents vs random is a relative change, labelled as one and explained, not a difference in points", () => {
    const markdown = evaluationMarkdown(result);
    const row = (asset: string) =>
      markdown
        .split("\n")
        .find((line) => line.startsWith(`| ${asset} |`))!
        .split(" | ");
    const agents = findScore(result.scores, { asset: "BTC", method: "agents", horizon: 1 })!.accuracy!;
    const random = findScore(result.scores, { asset: "BTC", method: "random", horizon: 1 })!.accuracy!;
    expect(agents - random).not.toBeCloseTo((agents - random) / random, 3); // the two readings differ here
    const relative = ((agents - random) / random) * 100;
    expect(row("BTC").at(-1)).toBe(`${relative >= 0 ? "+" : "−"}${Math.abs(relative).toFixed(1)}% |`);
    expect(markdown).toContain("−10.0% means a tenth fewer correct calls than random (45.0% against 50.0%)");
    expect(markdown).toContain("not 10 percentage points less");
  });

  it("markdown: failed analyses listed with model text escaped", () => {
    const markdown = evaluationMarkdown(result);
    expect(markdown).toContain("## Failed analyses\n\n- SPX/2/0: Network Error: the test &lt;b&gt;failed&lt;/b&gt;");
    expect(markdown).toMatch(/Cost: \$0\.0000 \(estimate/);
  });

  it("a run of the demo provider says so first: its figures are a fixed rule's, not a model's", () => {
    expect(evaluationMarkdown(result)).not.toContain("demo: scripted, not a model");
    const demoModel = { provider: "demo" as const, model: "demo", temperature: 0.1 };
    const demo = { ...result, settings: { ...result.settings, models: { agent: demoModel, graph: demoModel } } };
    const markdown = evaluationMarkdown(demo);
    const firstParagraph = markdown.split("\n\n")[1] ?? "";
    expect(firstParagraph).toMatch(
      /^demo: scripted, not a model: these directives come from the demo provider's fixed rule/,
    );
  });

  it("mean over assets is the mean of per-asset accuracies (the published table's summary)", () => {
    expect(acrossAssets(result.scores, "agents", 1)).toEqual({ mean: (1 + 0) / 2, low: 0, high: 1 });
  });

  it("JSON: the whole record, its protocol, plus the published figures, parseable", () => {
    const json = JSON.parse(evaluationReportJson(result));
    expect(json.settings.protocol).toBe("per-horizon");
    expect(json.scores).toEqual(JSON.parse(JSON.stringify(result.scores)));
    expect(json.published).toEqual(PUBLISHED_4H_ACCURACY);
  });

  it("the notebook view writes the report's text as markdown and leaves figures out without charts", async () => {
    const shown: string[] = [];
    const display: Display = {
      png: () => shown.push("png"),
      html: (html) => shown.push(html),
      markdown: (text) => shown.push(text),
      text: (text) => shown.push(text),
    };
    await showEvaluation(display, result, { charts: false });
    expect(shown).not.toContain("png");
    expect(shown.some((entry) => entry.includes("### Directional accuracy, k = 1 bar"))).toBe(true);
    expect(shown.some((entry) => entry.includes("| Published, 4h |"))).toBe(true);
    expect(shown.join("\n")).not.toContain("# Evaluation on the 4h benchmark");
  });
});

describe("progress", () => {
  const progress: EvaluationProgress = {
    unit: "windows",
    done: 3,
    total: 12,
    errors: 1,
    usage: {
      ...createUsageMeter().summary(),
      freshTokens: { inputTokens: 30_000, outputTokens: 1_500 },
      cachedCalls: 4,
      estimatedCostUsd: 0.0123,
    },
    elapsedMs: 30_000,
    last: { id: "BTC/3/0", error: "Rate Limit Exceeded:\n  slow down" },
  };

  it("one line: bar, count, errors, tokens, cached calls, cost labelled as an estimate, time left", () => {
    expect(formatProgressBar(progress, { width: 12 })).toBe(
      "[###.........] 3/12 windows · 1 error · 31.5k tokens sent · 4 cached calls · ~$0.0123 (estimate) · 30s, ~1m 30s left",
    );
  });

  it("a resumed run's time left comes from the pace of what it did itself, not the units found done", () => {
    // 200 of 255 found in the cache at the start, 5 done since in 30 s: 50 left at 6 s each.
    const resumed = { ...progress, unit: "decisions", done: 205, total: 255, resumed: 200 };
    expect(formatProgressBar(resumed, { width: 12 })).toMatch(/ 205\/255 decisions · .* · 30s, ~5m 00s left$/);
    // Nothing done here yet: no guess.
    expect(formatProgressBar({ ...resumed, done: 200 }, { width: 12 })).toMatch(/ · 30s$/);
  });

  it("a log gets a line per tenth and one per failure; a terminal gets the line rewritten", () => {
    const written: string[] = [];
    const log = createTextProgressBar(
      { write: (text: string) => written.push(text) } as unknown as NodeJS.WritableStream,
      { inPlace: false },
    );
    log(progress);
    log({ ...progress, last: undefined }); // the same tenth, no failure: nothing new
    log({ ...progress, done: 12, last: undefined });
    expect(written).toHaveLength(3);
    expect(written[0]).toBe("BTC/3/0 failed: Rate Limit Exceeded: slow down\n");
    expect(written[2]).toMatch(/^\[#+\] 12\/12 windows/);

    const terminal: string[] = [];
    createTextProgressBar({
      write: (text: string) => terminal.push(text),
      isTTY: true,
    } as unknown as NodeJS.WritableStream)({ ...progress, last: undefined });
    expect(terminal[0]!.startsWith("\r[")).toBe(true);
  });

  it("the notebook view is one HTML block with a progress element, escaped failures included", () => {
    const html: string[] = [];
    const view = createEvaluationProgressView({
      png: () => {},
      html: (text) => html.push(text),
      markdown: () => {},
      text: () => {},
    });
    view({ ...progress, last: { id: "BTC/3/0", error: "<script>x</script>" } });
    expect(html[0]).toContain('<progress value="3" max="12"');
    expect(html[0]).toContain("&lt;script&gt;");
    expect(html[0]).not.toContain("<script>");
  });
});
