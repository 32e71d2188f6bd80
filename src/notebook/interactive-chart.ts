// Interactive Plotly charts in a notebook: the figure as HTML that draws itself with Plotly.js when the output is
// shown (zoom, pan, hover). Plotly's own code is written into the output by default, so the chart draws offline and
// in a saved notebook; it goes in compressed, and as Plotly's finance bundle when the figure's traces are all in it
// (candles, lines, bars: about 0.6 MB in the output, where the whole of Plotly would be 4.8 MB), and the browser
// unpacks it once a page. Later charts can say it is already loaded, or take it from a URL. windowFigure() is the
// trend chart the Trend agent saw, made interactive: the window's candles and the four fitted trendlines.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

import type { PlotlyFigure } from "../charts/figure-types";
import { buildTrendFigure } from "../charts/trend-figure";
import { plotlyBundlePath, plotlyFinanceBundlePath } from "../common/package-root";
import type { AnalysisResult } from "../pipeline/analysis-result";
import type { Display } from "./display";

export interface PlotlyHtmlOptions {
  /**
   * Where Plotly.js comes from: written into this output ("inline": compressed, about 0.6 MB for candles, lines and
   * bars and 1.9 MB for other kinds of trace; works offline), assumed loaded by an earlier output ("loaded"), or a
   * script URL of your choice (a CDN). @default "inline"
   */
  plotly?: "inline" | "loaded" | { url: string };
  /** Pixels. @default the figure's height, else 520 */
  height?: number;
}

/** JSON that is safe inside a <script> element: no "</script>", "<!--" or line separators can end it early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The trace types of Plotly's finance bundle: a figure made only of these does not need the whole of Plotly. */
const FINANCE_TRACES = new Set([
  "scatter",
  "bar",
  "histogram",
  "pie",
  "funnel",
  "funnelarea",
  "waterfall",
  "indicator",
  "ohlc",
  "candlestick",
]);

type Bundle = "finance" | "full";

/** The smaller bundle when every trace of the figure is in it (a trace without a type is a scatter). */
export function plotlyBundleFor(data: readonly unknown[]): Bundle {
  const types = data.map((trace) => (trace as { type?: unknown }).type ?? "scatter");
  return types.every((type) => typeof type === "string" && FINANCE_TRACES.has(type)) ? "finance" : "full";
}

const packed = new Map<Bundle, string>();

/** A bundle gzip-compressed and in base64, read and packed once a process. */
function packedPlotly(bundle: Bundle): string {
  let value = packed.get(bundle);
  if (value === undefined) {
    const file = bundle === "finance" ? plotlyFinanceBundlePath() : plotlyBundlePath();
    value = gzipSync(readFileSync(file), { level: 9 }).toString("base64");
    packed.set(bundle, value);
  }
  return value;
}

// Runs in the browser: unpacks a bundle (once a page, shared by every chart that asks for it) and runs it as a
// script of the page, so it defines window.Plotly as a <script> of its own would. A page that loaded the whole of
// Plotly does not load the finance bundle over it.
const UNPACK = `function(name, base64) {
  var loads = (window.__quantagentPlotly = window.__quantagentPlotly || {});
  if (loads.full || loads[name]) return loads.full || loads[name];
  if (typeof DecompressionStream === "undefined") return (loads[name] = Promise.reject(new Error("this browser cannot unpack Plotly.js (no DecompressionStream): show the chart with { plotly: { url } }")));
  var bytes = Uint8Array.from(atob(base64), function (c) { return c.charCodeAt(0); });
  return (loads[name] = new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text().then(function (code) {
    var script = document.createElement("script");
    script.textContent = code;
    document.head.appendChild(script);
    script.remove();
  }));
}`;

// Runs in the browser for "loaded": waits for a chart above that is still unpacking Plotly, if there is one.
const LOADED = `function() {
  var loads = window.__quantagentPlotly || {};
  return window.Plotly ? Promise.resolve() : loads.full || loads.finance || Promise.resolve();
}`;

export function plotlyHtml(
  figure: PlotlyFigure | { data: unknown[]; layout: Record<string, unknown> },
  options: PlotlyHtmlOptions = {},
): string {
  const id = `quantagent-plot-${randomUUID()}`;
  const {
    width: _width,
    height: figureHeight,
    ...layout
  } = figure.layout as Record<string, unknown> & { width?: number; height?: number };
  const height = options.height ?? (typeof figureHeight === "number" ? figureHeight : 520);
  const plotly = options.plotly ?? "inline";
  // The figure's width gives way to the output's: the chart follows the notebook's column.
  const draw = `window.Plotly.newPlot(${scriptJson(id)}, ${scriptJson(figure.data)}, ${scriptJson({ ...layout, autosize: true, height })}, {responsive: true, displaylogo: false});`;
  const div = `<div id="${id}" style="width:100%;height:${height}px"></div>\n`;
  if (typeof plotly === "object")
    return `${div}<script src="${encodeURI(plotly.url).replace(/"/g, "%22")}"></script>\n<script>${draw}</script>`;
  const bundle = plotlyBundleFor(figure.data);
  const ready = plotly === "inline" ? `(${UNPACK})(${scriptJson(bundle)}, "${packedPlotly(bundle)}")` : `(${LOADED})()`;
  // A failure to load shows in the chart's place, not only in the browser's console.
  const fail = `function (error) { document.getElementById(${scriptJson(id)}).textContent = "The chart could not be drawn: " + error.message; }`;
  return `${div}<script>${ready}.then(function () { ${draw} }).catch(${fail});</script>`;
}

/** Shows a Plotly figure interactively in the notebook. */
export function showPlotly(
  display: Pick<Display, "html">,
  figure: Parameters<typeof plotlyHtml>[0],
  options: PlotlyHtmlOptions = {},
): void {
  display.html(plotlyHtml(figure, options));
}

/** The analysis window as the Trend agent saw it (candles and the four fitted trendlines), for an interactive chart. */
export function windowFigure(result: Pick<AnalysisResult, "candles" | "assetName" | "timeframe">): PlotlyFigure {
  const figure = buildTrendFigure(result.candles, { assetName: result.assetName, timeframe: result.timeframe });
  // On a screen the legend and title keep their places; the hover shows the bar's time and its prices.
  return { data: figure.data, layout: { ...figure.layout, hovermode: "x unified" } as PlotlyFigure["layout"] };
}
