// Interactive Plotly charts in a notebook: the figure as HTML that draws itself with Plotly.js when the output is
// shown (zoom, pan, hover). Plotly's own code is written into the output by default, so the chart draws offline and
// in a saved notebook; later charts can say it is already loaded, or take it from a URL. windowFigure() is the trend chart the Trend agent saw, made interactive: the window's candles
// and the four fitted trendlines.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";

import type { PlotlyFigure } from "../charts/figure-types";
import { buildTrendFigure } from "../charts/trend-figure";
import { plotlyBundlePath } from "../common/package-root";
import type { AnalysisResult } from "../pipeline/analysis-result";
import type { Display } from "./display";

export interface PlotlyHtmlOptions {
  /**
   * Where Plotly.js comes from: written into this output ("inline", about 3.5 MB, works offline), assumed loaded by
   * an earlier output ("loaded"), or a script URL of your choice (a CDN). @default "inline"
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

let plotlySource: string | undefined;

/** Plotly.js as a script body (it defines window.Plotly, also on pages with CommonJS or AMD loader globals). */
function inlinePlotly(): string {
  plotlySource ??= readFileSync(plotlyBundlePath(), "utf8").replace(/<\/script/gi, "<\\/script");
  return plotlySource;
}

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
  const loader =
    plotly === "inline"
      ? `<script>${inlinePlotly()}</script>\n`
      : plotly === "loaded"
        ? ""
        : `<script src="${encodeURI(plotly.url).replace(/"/g, "%22")}"></script>\n`;
  // The figure's width gives way to the output's: the chart follows the notebook's column.
  const draw = `window.Plotly.newPlot(${scriptJson(id)}, ${scriptJson(figure.data)}, ${scriptJson({ ...layout, autosize: true, height })}, {responsive: true, displaylogo: false});`;
  return `<div id="${id}" style="width:100%;height:${height}px"></div>\n${loader}<script>${draw}</script>`;
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
