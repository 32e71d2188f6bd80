// The notebook views through a recording Display (tslab's display has the same shape).
import { describe, expect, it } from "vitest";
import type { Display } from "../../src/notebook/display";
import { createProgressView } from "../../src/notebook/progress-view";
import { decisionCardHtml, reportsMarkdown, showResult } from "../../src/notebook/result-view";
import type { AnalysisResult } from "../../src/pipeline/analysis-result";

class RecordingDisplay implements Display {
  readonly outputs: Array<{ kind: keyof Display; value: string | Uint8Array }> = [];
  png(bytes: Uint8Array) {
    this.outputs.push({ kind: "png", value: bytes });
  }
  html(html: string) {
    this.outputs.push({ kind: "html", value: html });
  }
  markdown(markdown: string) {
    this.outputs.push({ kind: "markdown", value: markdown });
  }
  text(text: string) {
    this.outputs.push({ kind: "text", value: text });
  }
}

const hostile = '<script>alert(1)</script><img src=x onerror="alert(2)">';
const result = {
  asset: "BTC",
  assetName: "Bitcoin",
  symbol: "BTC-USD",
  timeframe: "4h",
  barCount: 45,
  window: { start: "2024-01-01T00:00:00.000Z", end: "2024-01-08T12:00:00.000Z" },
  reports: { indicator: `RSI is **55**. ${hostile}`, pattern: "Ascending triangle.", trend: "Trend: upward" },
  charts: { pattern: Buffer.from("pattern-png").toString("base64"), trend: Buffer.from("trend-png").toString("base64") },
  decision: { forecastHorizon: "next 3 bars", decision: "SHORT", justification: `Because ${hostile}`, riskRewardRatio: 1.5 },
  models: { agent: { provider: "openai", model: "gpt-4o-mini", temperature: 0.1 }, graph: { provider: "openai", model: "gpt-4o", temperature: 0.1 } },
  usage: { calls: [], total: { inputTokens: 1000, outputTokens: 200 } },
  timingsMs: { total: 4200 },
} as unknown as AnalysisResult;

describe("showResult", () => {
  it("shows the decision card, the reports and both charts", () => {
    const display = new RecordingDisplay();
    showResult(display, result);
    expect(display.outputs.map((output) => output.kind)).toEqual(["html", "markdown", "png", "png"]);
    expect(Buffer.from(display.outputs[2].value as Uint8Array).toString()).toBe("pattern-png");
    expect(Buffer.from(display.outputs[3].value as Uint8Array).toString()).toBe("trend-png");
  });

  it("shows model text as text: no tag from the model survives", () => {
    const card = decisionCardHtml(result);
    expect(card).toContain("SHORT");
    expect(card).toContain("Bitcoin (BTC-USD)");
    expect(card).not.toMatch(/<script|<img/);
    expect(card).toContain("&lt;script&gt;");
    const markdown = reportsMarkdown(result);
    expect(markdown).toContain("RSI is **55**.");
    expect(markdown).not.toMatch(/<script|<img/);
  });

  it("says when the window reached back before the requested start, and only then", () => {
    expect(decisionCardHtml(result)).not.toContain("Requested from");
    const filled = { ...result, window: { ...result.window, requestedStart: "2024-01-05T00:00:00.000Z" } } as AnalysisResult;
    expect(decisionCardHtml(filled)).toContain(
      "Requested from 2024-01-05T00:00:00.000Z; the window starts earlier, at 2024-01-01T00:00:00.000Z, to have 45 bars.",
    );
  });
});

describe("createProgressView", () => {
  it("rewrites one table as the steps advance", () => {
    const display = new RecordingDisplay();
    const onEvent = createProgressView(display);
    onEvent({ type: "step-start", step: "indicator", at: 0 });
    onEvent({ type: "step-end", step: "indicator", at: 0, durationMs: 1500, usage: { inputTokens: 100, outputTokens: 20 } });
    onEvent({ type: "step-error", step: "pattern", at: 0, durationMs: 10, error: "Network Error: a | b" });
    expect(display.outputs).toHaveLength(3);
    const last = display.outputs[2].value as string;
    expect(last).toMatch(/\| indicator \| ● done \| 1\.5 s, 120 tokens \|/);
    expect(last).toMatch(/\| pattern \| ✕ failed \| Network Error: a \\\| b \|/);
    expect(last).toMatch(/\| decision \| ○ waiting \|/);
  });
});
