// The notebook views through a recording Display (tslab's display has the same shape).
import { gunzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import type { Display } from "../../src/notebook/display";
import { formatNumber, htmlTable } from "../../src/notebook/html-table";
import { plotlyBundleFor, plotlyHtml, windowFigure } from "../../src/notebook/interactive-chart";
import { createProgressView } from "../../src/notebook/progress-view";
import { indicatorTableHtml, timingsTableHtml, usageTableHtml } from "../../src/notebook/result-tables";
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
  charts: {
    pattern: Buffer.from("pattern-png").toString("base64"),
    trend: Buffer.from("trend-png").toString("base64"),
  },
  decision: {
    forecastHorizon: "next 3 bars",
    decision: "SHORT",
    justification: `Because ${hostile}`,
    riskRewardRatio: 1.5,
  },
  models: {
    agent: { provider: "openai", model: "gpt-4o-mini", temperature: 0.1 },
    graph: { provider: "openai", model: "gpt-4o", temperature: 0.1 },
  },
  usage: {
    calls: [
      {
        step: "indicator",
        role: "agent",
        provider: "openai",
        model: "gpt-4o-mini",
        usage: { inputTokens: 1234, outputTokens: 56 },
        durationMs: 1532.7781,
      },
      {
        step: "decision",
        role: "graph",
        provider: "openai",
        model: hostile,
        usage: { inputTokens: 800, outputTokens: 144 },
        durationMs: 987.5,
      },
    ],
    total: { inputTokens: 2034, outputTokens: 200 },
  },
  indicatorValues: {
    rsi: 55.123456,
    macd: -0.000049,
    macdSignal: 12.5,
    macdHistogram: -1234.5678,
    stochasticK: null,
    stochasticD: 80,
    roc: 1.005,
    williamsR: -20,
  },
  pluginIndicatorValues: { [hostile]: 0.5 },
  timingsMs: { data: 12.3, indicator: 9737.536460000001, total: 14200.9 },
} as unknown as AnalysisResult;

/** The text of each cell of an HTML table's rows, tags removed and entities left as they are. */
function cells(html: string): string[][] {
  return [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map((cell) => cell[1]!),
  );
}

describe("showResult", () => {
  it("shows the decision card, the reports and both charts", () => {
    const display = new RecordingDisplay();
    showResult(display, result);
    expect(display.outputs.map((output) => output.kind)).toEqual(["html", "markdown", "png", "png", "html"]);
    expect(Buffer.from(display.outputs[2]!.value as Uint8Array).toString()).toBe("pattern-png");
    expect(Buffer.from(display.outputs[3]!.value as Uint8Array).toString()).toBe("trend-png");
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
    const filled = {
      ...result,
      window: { ...result.window, requestedStart: "2024-01-05T00:00:00.000Z" },
    } as AnalysisResult;
    expect(decisionCardHtml(filled)).toContain(
      "Requested from 2024-01-05T00:00:00.000Z; the window starts earlier, at 2024-01-01T00:00:00.000Z, to have 45 bars.",
    );
  });
});

describe("the result's numbers as tables", () => {
  it("rounds, aligns numbers right, separates thousands, shows missing values as a dash", () => {
    const indicators = cells(indicatorTableHtml(result));
    expect(indicators).toContainEqual(["RSI (14)", "55.12"]);
    expect(indicators).toContainEqual(["MACD (12, 26)", "0.00"]); // -0.000049 rounds to zero: no "-0.00"
    expect(indicators).toContainEqual(["MACD histogram", "-1,234.57"]);
    expect(indicators).toContainEqual(["Stochastic %K (14, 3)", "–"]);
    expect(indicators).toContainEqual(["Williams %R (14)", "-20"]);
    expect(indicatorTableHtml(result)).toMatch(/<td style="[^"]*text-align:right">55.12<\/td>/);

    const usage = cells(usageTableHtml(result));
    expect(usage[1]).toEqual([
      "indicator",
      "openai",
      "gpt-4o-mini",
      "1,234",
      "56",
      "1.5",
      expect.stringMatching(/^\d\.\d{4}$/),
    ]);
    expect(usage.at(-1)?.slice(0, 5)).toEqual(["total", "", "", "2,034", "200"]);
    const timings = cells(timingsTableHtml(result));
    expect(timings).toContainEqual(["indicator", "9.7"]);
    expect(timings).toContainEqual(["total", "14.2"]);
  });

  it("shows names from users and models as text", () => {
    for (const html of [indicatorTableHtml(result), usageTableHtml(result), htmlTable([{ name: hostile, n: 1 }])]) {
      expect(html).not.toMatch(/<script|<img/);
      expect(html).toContain("&lt;script&gt;");
    }
  });

  it("takes its columns, headings and decimals from the caller", () => {
    const html = htmlTable(
      [
        { a: 1.23456, b: "x" },
        { a: null, b: "y" },
      ],
      { columns: [{ key: "b", label: "B" }, { key: "a" }], decimals: { a: 3 } },
    );
    expect(cells(html)).toEqual([
      ["B", "a"],
      ["x", "1.235"],
      ["y", "–"],
    ]);
    expect(formatNumber(1234567.891, 1)).toBe("1,234,567.9");
    expect(formatNumber(-0.004)).toBe("0.00");
  });
});

describe("the interactive window chart", () => {
  const candles = Array.from({ length: 30 }, (_, index) => ({
    time: Date.UTC(2024, 0, 1) + index * 4 * 3_600_000,
    open: 100 + index,
    high: 102 + index,
    low: 99 + index,
    close: 101 + index,
    volume: 10,
  }));

  it("is the trend chart's candles and four trendlines, sized to the notebook's column", () => {
    const figure = windowFigure({ candles, assetName: "Bitcoin", timeframe: "4h" });
    expect(figure.data.map((trace) => trace.name)).toEqual([
      "Price",
      "Support (close)",
      "Resistance (close)",
      "Support (lows)",
      "Resistance (highs)",
    ]);
    const html = plotlyHtml(figure, { plotly: "loaded" });
    expect(html).toMatch(/^<div id="quantagent-plot-[0-9a-f-]{36}" style="width:100%;height:640px"><\/div>/);
    expect(html).toContain('"autosize":true');
    expect(html).not.toContain('"width":1280');
  });

  it("keeps a hostile title inside its script: no tag can close it early", () => {
    const html = plotlyHtml({ data: [], layout: { title: { text: `</script>${hostile}<!--` } } }, { plotly: "loaded" });
    expect(html.match(/<\/script>/g)).toHaveLength(1); // only the script's own end
    expect(html).not.toContain("<!--");
    expect(html).toContain("\\u003c/script\\u003e");
  });

  it("writes Plotly's code into the output, compressed, so it draws offline; or loads it from a URL of your choice", () => {
    const packedBundle = (html: string) => {
      const base64 = /, "([A-Za-z0-9+/=]{100000,})"\)/.exec(html)?.[1];
      expect(base64).toBeDefined();
      return gunzipSync(Buffer.from(base64 ?? "", "base64")).toString("utf8");
    };
    // Candles and lines take Plotly's finance bundle: an eighth of the whole in the output.
    const candlesHtml = plotlyHtml(windowFigure({ candles, assetName: "Bitcoin", timeframe: "4h" }));
    expect(candlesHtml.length).toBeLessThan(700_000);
    expect(candlesHtml.match(/<\/script>/g)).toHaveLength(1);
    const finance = packedBundle(candlesHtml);
    // Booleans, not the bundle itself in an assertion's message.
    expect(finance.startsWith("/**\n* plotly.js (finance - minified)")).toBe(true);
    expect(finance.includes('name:"candlestick"')).toBe(true);
    expect(finance.includes('moduleType:"trace",name:"heatmap"')).toBe(false);
    // A trace outside that bundle takes the whole of Plotly.
    const heatmapHtml = plotlyHtml({ data: [{ type: "heatmap", z: [[1]] }], layout: {} });
    const full = packedBundle(heatmapHtml);
    expect(full.includes('moduleType:"trace",name:"heatmap"')).toBe(true);
    expect(full.length).toBeGreaterThan(finance.length * 2);
    const viaUrl = plotlyHtml({ data: [], layout: {} }, { plotly: { url: 'https://cdn.example/plotly.js"onload="x' } });
    expect(viaUrl).toContain('<script src="https://cdn.example/plotly.js%22onload=%22x"></script>');
  });

  it.each([
    ["no trace", [], "finance"],
    ["candles and lines", [{ type: "candlestick" }, { type: "scatter" }, { type: "bar" }], "finance"],
    ["a trace without a type (a scatter)", [{ x: [1] }], "finance"],
    ["a heatmap among candles", [{ type: "candlestick" }, { type: "heatmap" }], "full"],
    ["a type that is not a string", [{ type: 3 }], "full"],
  ])("takes the bundle that draws %s", (_what, data, bundle) => {
    expect(plotlyBundleFor(data)).toBe(bundle);
  });
});

describe("createProgressView", () => {
  it("rewrites one table as the steps advance", () => {
    const display = new RecordingDisplay();
    const onEvent = createProgressView(display);
    onEvent({ type: "step-start", step: "indicator", at: 0 });
    onEvent({
      type: "step-end",
      step: "indicator",
      at: 0,
      durationMs: 1500,
      usage: { inputTokens: 100, outputTokens: 20 },
    });
    onEvent({ type: "step-error", step: "pattern", at: 0, durationMs: 10, error: "Network Error: a | b" });
    expect(display.outputs).toHaveLength(3);
    const last = display.outputs[2]!.value as string;
    expect(last).toMatch(/\| indicator \| ● done \| 1\.5 s, 120 tokens \|/);
    expect(last).toMatch(/\| pattern \| ✕ failed \| Network Error: a \\\| b \|/);
    expect(last).toMatch(/\| decision \| ○ waiting \|/);
  });

  it("shows the charts step while the charts are drawn, with each chart's time", () => {
    const display = new RecordingDisplay();
    const onEvent = createProgressView(display);
    expect(display.outputs).toHaveLength(0);
    onEvent({ type: "step-start", step: "charts", at: 0 });
    expect(display.outputs.at(-1)?.value).toMatch(/\| charts \| ◐ running \| drawing charts \|/);
    onEvent({ type: "chart-rendered", chart: "pattern", at: 0, durationMs: 31.4, bytes: 1000 });
    onEvent({ type: "chart-rendered", chart: "trend", at: 0, durationMs: 35.6, bytes: 1000 });
    expect(display.outputs.at(-1)?.value).toMatch(
      /\| charts \| ◐ running \| drawing charts; pattern drawn in 31 ms; trend drawn in 36 ms \|/,
    );
    // Listed in the order the steps run: data, then the charts, then the agents.
    const rows = (display.outputs.at(-1)?.value as string).split("\n").filter((line) => /^\| \w+ \| [○◐●✕]/.test(line));
    expect(rows.map((row) => row.split(" | ")[0]!.slice(2))).toEqual([
      "data",
      "charts",
      "indicator",
      "pattern",
      "trend",
      "decision",
    ]);
  });

  it("shows a report's newest words in place while the model writes it, as text, and drops them when the step ends", () => {
    const display = new RecordingDisplay();
    const onEvent = createProgressView(display);
    onEvent({ type: "step-start", step: "trend", at: 0 });
    onEvent({ type: "report-delta", step: "trend", text: "The support line\nrises " });
    expect(display.outputs.at(-1)?.value).toMatch(/\| trend \| ◐ running \| writing: …The support line rises {2}\|/);
    // Only the last hundred characters, on one line; markup from the model shows as text, a pipe cannot split the row.
    onEvent({ type: "report-delta", step: "trend", text: `${"x".repeat(120)} <b>a|b</b>` });
    const writing = display.outputs.at(-1)?.value as string;
    const detail = /\| trend \| ◐ running \| writing: …(.*) \|$/m.exec(writing)?.[1] ?? "";
    expect(detail).toMatch(/^x+ &lt;b&gt;a\\\|b&lt;\/b&gt;$/);
    expect(detail.replace(/&lt;|&gt;/g, "<").replace("\\|", "|")).toHaveLength(100);
    expect(writing).not.toContain("<b>");
    // A delta for a step that is not running (a late one) changes nothing shown.
    onEvent({ type: "report-delta", step: "decision", text: "LONG" });
    expect(display.outputs.at(-1)?.value).toMatch(/\| decision \| ○ waiting \| {2}\|/);
    onEvent({ type: "step-end", step: "trend", at: 0, durationMs: 900, usage: { inputTokens: 10, outputTokens: 5 } });
    expect(display.outputs.at(-1)?.value).toMatch(/\| trend \| ● done \| 0\.9 s, 15 tokens \|/);
    expect(display.outputs).toHaveLength(5); // one rewrite per event, always of the same table
  });
});
