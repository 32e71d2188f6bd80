// The look shared by both charts: size, colours, fonts and the base layout. Sized for what vision models read
// (about 1280x640); white background and dark text so the image survives any downscaling by the provider.
import { z } from "zod";

import type { BarAxis } from "./bar-axis";
import type { AxisFrame, AxisTicks, PlotlyLayout } from "./figure-types";
import type { PriceAxis } from "./price-axis";

export const chartOptionsSchema = z.strictObject({
  /** Shown in the title, e.g. "Bitcoin" or "BTC-USD". */
  assetName: z.string().trim().min(1).optional(),
  /** Shown in the title, e.g. "4h". */
  timeframe: z.string().trim().min(1).optional(),
  width: z.number().int().min(320).max(4096).default(1280),
  height: z.number().int().min(240).max(4096).default(640),
  /** "bar-number" for a blind window, whose candles carry their bar number as `time`: no date on the chart. */
  barLabels: z.enum(["time", "bar-number"]).default("time"),
});
export type ChartOptions = z.input<typeof chartOptionsSchema>;
export type ResolvedChartOptions = z.output<typeof chartOptionsSchema>;

export const chartColors = {
  // Candles of both charts and of the web page's interactive chart, one convention everywhere: teal up, red down,
  // as on the trading screenshots vision models have seen most.
  upCandle: "#26a69a",
  downCandle: "#ef5350",
  // The trend chart's four lines. Each keeps clear of the candle colours (the down candles are a lighter coral than
  // the resistance line, and no line is green or teal) and is mid-bright, so it reads on a white image and on the
  // page's dark theme alike. Close-based support is blue and resistance red, as the trend prompt describes them.
  closeSupport: "#2563eb",
  closeResistance: "#c62828",
  lowSupport: "#9333ea",
  highResistance: "#d97706",
  grid: "#e6e6e6",
  axisLine: "#444444",
  text: "#222222",
} as const;

export type ChartColor = (typeof chartColors)[keyof typeof chartColors];

/**
 * The palette's colours in words, for prompts that tell a model which line is which. Keyed by the colour itself and
 * typed over the palette, so changing a colour above fails to compile until its name here is changed too: a prompt
 * can never call a line blue that is drawn green.
 */
const chartColorNames: Readonly<Record<ChartColor, string>> = {
  "#26a69a": "teal",
  "#ef5350": "light red",
  "#2563eb": "blue",
  "#c62828": "red",
  "#9333ea": "purple",
  "#d97706": "amber",
  "#e6e6e6": "light grey",
  "#444444": "dark grey",
  "#222222": "near-black",
};

export function colorName(color: ChartColor): string {
  return chartColorNames[color];
}

/**
 * The trend chart draws its candles in the shared colours but translucent: the lines are what that chart is about,
 * and a red resistance line must not disappear into red candles.
 */
export const TREND_CANDLE_OPACITY = 0.45;

/** "Bitcoin 4h" from whichever of asset and timeframe were given; empty when neither was. */
export function chartSubject(options: ResolvedChartOptions): string {
  return [options.assetName, options.timeframe].filter(Boolean).join(" ");
}

/** The charts' text size in pixels (tick labels, legend); the title is larger. */
export const CHART_FONT_SIZE = 14;

export function baseLayout(
  options: ResolvedChartOptions,
  axis: BarAxis,
  prices: PriceAxis,
  title: string,
  showLegend: boolean,
): PlotlyLayout {
  return {
    width: options.width,
    height: options.height,
    title: { text: title, x: 0.5, xanchor: "center", font: { size: 20 } },
    font: { family: '"DejaVu Sans", Arial, sans-serif', size: CHART_FONT_SIZE, color: chartColors.text },
    paper_bgcolor: "#ffffff",
    plot_bgcolor: "#ffffff",
    // Room at the top for the title and, on the trend chart, a one-row legend between title and plot; on the left
    // for the price labels (sized in price-axis.ts, so Plotly need not grow it and lay the chart out twice).
    margin: { l: prices.leftMargin, r: 30, t: showLegend ? 100 : 70, b: 70 },
    showlegend: showLegend,
    ...(showLegend
      ? {
          legend: {
            orientation: "h" as const,
            x: 0.5,
            y: 1.01,
            xanchor: "center" as const,
            yanchor: "bottom" as const,
            bgcolor: "rgba(255,255,255,0.9)",
            font: { size: 14 },
          },
        }
      : {}),
    xaxis: {
      type: "linear",
      title: { text: options.barLabels === "bar-number" ? "Bar" : "Bar open time (UTC)" },
      ...arrayTicks(axis),
      rangeslider: { visible: false },
      ...axisFrame(),
    },
    yaxis: {
      // An explicit standoff measures the title's place from the labels; Plotly's default put it over long labels.
      title: { text: "Price", standoff: 10 },
      side: "left",
      // Full prices with thousands separators ("26,400"), not Plotly's SI default ("26.4k"), at ticks chosen here.
      ...arrayTicks(prices),
      ...axisFrame(),
      automargin: true, // only a safety net: the margin above already fits the labels
    },
  };
}

function arrayTicks(ticks: { range: [number, number]; tickvals: number[]; ticktext: string[] }): AxisTicks {
  return { range: ticks.range, tickmode: "array", tickvals: ticks.tickvals, ticktext: ticks.ticktext };
}

function axisFrame(): AxisFrame {
  return {
    showgrid: true,
    gridcolor: chartColors.grid,
    zeroline: false,
    showline: true,
    linecolor: chartColors.axisLine,
    ticks: "outside",
  };
}
