// The look shared by both charts: size, colours, fonts and the base layout. Sized for what vision models read
// (about 1280x640, SPEC 9); white background and dark text so the image survives any downscaling by the provider.
import { z } from "zod";
import type { BarAxis } from "./bar-axis";
import type { PlotlyLayout } from "./figure-types";

export const chartOptionsSchema = z.strictObject({
  /** Shown in the title, e.g. "Bitcoin" or "BTC-USD". */
  assetName: z.string().trim().min(1).optional(),
  /** Shown in the title, e.g. "4h". */
  timeframe: z.string().trim().min(1).optional(),
  width: z.number().int().min(320).max(4096).default(1280),
  height: z.number().int().min(240).max(4096).default(640),
});
export type ChartOptions = z.input<typeof chartOptionsSchema>;
export type ResolvedChartOptions = z.output<typeof chartOptionsSchema>;

export const chartColors = {
  // Pattern chart: the up/down convention vision models know from trading screenshots.
  bullishCandle: "#26a69a",
  bearishCandle: "#ef5350",
  // Trend chart: grey candles, so the four coloured lines are what stands out.
  neutralUpCandle: "#ffffff",
  neutralDownCandle: "#5f6368",
  neutralCandleLine: "#3c4043",
  closeSupport: "#1f77b4",
  closeResistance: "#d62728",
  lowSupport: "#2ca02c",
  highResistance: "#ff7f0e",
  grid: "#e6e6e6",
  axisLine: "#444444",
  text: "#222222",
} as const;

/** "Bitcoin 4h" from whichever of asset and timeframe were given; empty when neither was. */
export function chartSubject(options: ResolvedChartOptions): string {
  return [options.assetName, options.timeframe].filter(Boolean).join(" ");
}

export function baseLayout(options: ResolvedChartOptions, axis: BarAxis, title: string, showLegend: boolean): PlotlyLayout {
  return {
    width: options.width,
    height: options.height,
    title: { text: title, x: 0.5, xanchor: "center", font: { size: 20 } },
    font: { family: '"DejaVu Sans", Arial, sans-serif', size: 14, color: chartColors.text },
    paper_bgcolor: "#ffffff",
    plot_bgcolor: "#ffffff",
    // Room at the top for the title and, on the trend chart, a one-row legend between title and plot.
    margin: { l: 80, r: 30, t: showLegend ? 100 : 70, b: 70 },
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
      title: { text: "Bar open time (UTC)" },
      range: axis.range,
      tickmode: "array",
      tickvals: axis.tickvals,
      ticktext: axis.ticktext,
      rangeslider: { visible: false },
      showgrid: true,
      gridcolor: chartColors.grid,
      zeroline: false,
      showline: true,
      linecolor: chartColors.axisLine,
      ticks: "outside",
    },
    yaxis: {
      title: { text: "Price" },
      side: "left",
      // Full prices with thousands separators ("26,400"), not Plotly's SI default ("26.4k").
      tickformat: ",~g",
      showgrid: true,
      gridcolor: chartColors.grid,
      zeroline: false,
      showline: true,
      linecolor: chartColors.axisLine,
      ticks: "outside",
      automargin: true,
    },
  };
}
