// The accuracy-over-time figure, whole: one trace per group in percent with its Wilson interval as asymmetric error
// bars (none where nothing was scored or a bound is missing), and the layout's title, axes and coin-flip line.
import { describe, expect, it } from "vitest";

import { COIN_FLIP_LINE } from "../../src/charts/coin-flip-line";
import { accuracyOverTimeFigure } from "../../src/notebook/journal-figures";

const layoutFor = (title: string, xTitle: string) => ({
  width: 960,
  height: 480,
  title: { text: title, x: 0.01, xanchor: "left", font: { size: 16 } },
  font: { family: "DejaVu Sans, Arial, sans-serif", size: 12, color: "#27272a" },
  paper_bgcolor: "#ffffff",
  plot_bgcolor: "#ffffff",
  margin: { l: 64, r: 24, t: 56, b: 48 },
  legend: { orientation: "h", x: 0, y: -0.15 },
  xaxis: { type: "date", title: { text: xTitle } },
  yaxis: { title: { text: "accuracy (%)" }, range: [0, 100], gridcolor: "#e4e4e7" },
  shapes: [COIN_FLIP_LINE],
});

describe("accuracyOverTimeFigure", () => {
  it("draws each group's points in percent with the interval above and below as error bars", () => {
    const figure = accuracyOverTimeFigure({
      groupBy: "prompt_version",
      horizon: 1,
      bucket: "day",
      series: [
        {
          key: "v1",
          points: [
            { start: "2025-01-06", scored: 4, hits: 3, accuracy: 0.75, ci_low: 0.25, ci_high: 0.875 },
            { start: "2025-01-07", scored: 0, hits: 0, accuracy: null, ci_low: null, ci_high: null },
            // A bound missing on one side only: no bar on that side.
            { start: "2025-01-08", scored: 2, hits: 1, accuracy: 0.5, ci_low: null, ci_high: 0.75 },
            { start: "2025-01-09", scored: 2, hits: 1, accuracy: 0.5, ci_low: 0.25, ci_high: null },
          ],
        },
        { key: "v2", points: [{ start: "2025-01-06", scored: 1, hits: 0, accuracy: 0, ci_low: 0, ci_high: 0.5 }] },
      ],
    });
    expect(figure).toEqual({
      data: [
        {
          type: "scatter",
          mode: "lines+markers",
          name: "v1",
          x: ["2025-01-06", "2025-01-07", "2025-01-08", "2025-01-09"],
          y: [75, null, 50, 50],
          customdata: [4, 0, 2, 2],
          hovertemplate: "%{x}: %{y:.1f}% of %{customdata} scored<extra>%{fullData.name}</extra>",
          error_y: {
            type: "data",
            symmetric: false,
            array: [12.5, 0, 25, 0],
            arrayminus: [50, 0, 0, 25],
            visible: true,
          },
        },
        {
          type: "scatter",
          mode: "lines+markers",
          name: "v2",
          x: ["2025-01-06"],
          y: [0],
          customdata: [1],
          hovertemplate: "%{x}: %{y:.1f}% of %{customdata} scored<extra>%{fullData.name}</extra>",
          error_y: { type: "data", symmetric: false, array: [50], arrayminus: [0], visible: true },
        },
      ],
      layout: layoutFor("Directional accuracy by day, k = 1, per prompt version (Wilson 95% interval)", "day (UTC)"),
    });
  });

  it("draws no error bar where there is no accuracy, whatever bounds came with it", () => {
    const figure = accuracyOverTimeFigure({
      groupBy: "model",
      horizon: 3,
      bucket: "day",
      series: [
        { key: "m", points: [{ start: "2025-01-06", scored: 0, hits: 0, accuracy: null, ci_low: 0.2, ci_high: 0.8 }] },
      ],
    });
    expect(figure.data[0]?.error_y).toMatchObject({ array: [0], arrayminus: [0] });
    expect(figure.data[0]?.y).toEqual([null]);
  });

  it("names other groupings as they are, and weeks from Monday on the time axis", () => {
    const figure = accuracyOverTimeFigure({ groupBy: "asset", horizon: 3, bucket: "week", series: [] });
    expect(figure).toEqual({
      data: [],
      layout: layoutFor(
        "Directional accuracy by week, k = 3, per asset (Wilson 95% interval)",
        "week from Monday (UTC)",
      ),
    });
  });
});
