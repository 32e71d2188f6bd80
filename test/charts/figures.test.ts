// The Plotly figures (pure JSON): trace kinds, colours, legend, the pattern chart's last 40 bars, the trendlines'
// values at both ends, the bar-index x axis with date labels, and the layout's size and look.
import { describe, expect, it } from "vitest";

import { buildBarAxis, formatBarLabels } from "../../src/charts/bar-axis";
import { chartColors } from "../../src/charts/chart-style";
import type { CandlestickTrace, LineTrace } from "../../src/charts/figure-types";
import { buildPatternFigure, PATTERN_CHART_BAR_COUNT } from "../../src/charts/pattern-figure";
import { lineValueAt } from "../../src/charts/straight-line";
import { buildTrendFigure } from "../../src/charts/trend-figure";
import { fitCandleTrendlines, resistanceLine, supportLine } from "../../src/charts/trendlines";
import { blindCandles } from "../../src/market/blind-candles";
import type { Candle } from "../../src/market/candle";

const FOUR_HOURS = 4 * 3600_000;

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Euclidean distance in RGB: crude, but enough to tell "another colour" from "a shade of the same one". */
function colorDistance(first: string, second: string): number {
  const [a, b] = [rgb(first), rgb(second)];
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** Hue in degrees, 0 to 360. */
function hue(hex: string): number {
  const [red, green, blue] = rgb(hex).map((channel) => channel / 255) as [number, number, number];
  const max = Math.max(red, green, blue);
  const delta = max - Math.min(red, green, blue);
  if (delta === 0) return 0;
  const sector =
    max === red
      ? ((green - blue) / delta + 6) % 6
      : max === green
        ? (blue - red) / delta + 2
        : (red - green) / delta + 4;
  return sector * 60;
}
const candles: Candle[] = Array.from({ length: 60 }, (_, index) => {
  const open = 200 + 10 * Math.sin(index / 5) + index * 0.5;
  const close = open + Math.sin(index * 1.3) * 3;
  return {
    time: Date.UTC(2024, 4, 1, 0) + index * FOUR_HOURS,
    open,
    high: Math.max(open, close) + 1,
    low: Math.min(open, close) - 1,
    close,
    volume: 10,
  };
});

describe("pattern figure", () => {
  const figure = buildPatternFigure(candles, { assetName: "Bitcoin", timeframe: "4h" });
  const trace = figure.data[0] as CandlestickTrace;

  it("draws one candlestick trace of the last 40 bars", () => {
    expect(figure.data).toHaveLength(1);
    expect(trace.type).toBe("candlestick");
    expect(PATTERN_CHART_BAR_COUNT).toBe(40);
    expect(trace.x).toEqual(Array.from({ length: 40 }, (_, index) => index));
    expect(trace.close).toEqual(candles.slice(-40).map((candle) => candle.close));
    expect(trace.open[0]).toBe(candles[20]!.open);
    expect(trace.high.at(-1)).toBe(candles[59]!.high);
    expect(trace.low.at(-1)).toBe(candles[59]!.low);
  });

  it("uses the shared candle colours, opaque: teal for rising and red for falling candles", () => {
    expect(trace.increasing.fillcolor).toBe(chartColors.upCandle);
    expect(trace.decreasing.fillcolor).toBe(chartColors.downCandle);
    expect(trace.opacity).toBe(1);
  });

  it("draws all bars when there are fewer than 40, and honours barCount", () => {
    expect((buildPatternFigure(candles.slice(0, 12)).data[0] as CandlestickTrace).x).toHaveLength(12);
    expect((buildPatternFigure(candles, { barCount: 30 }).data[0] as CandlestickTrace).close).toEqual(
      candles.slice(-30).map((candle) => candle.close),
    );
    expect(() => buildPatternFigure([])).toThrow(/at least one candle/);
  });

  it("titles the chart with asset and timeframe, without a legend", () => {
    expect(figure.layout.title.text).toBe("Bitcoin 4h: last 40 bars");
    expect(buildPatternFigure(candles).layout.title.text).toBe("last 40 bars");
    expect(figure.layout.showlegend).toBe(false);
  });
});

describe("trend figure", () => {
  const window = candles.slice(-45);
  const figure = buildTrendFigure(window, { assetName: "S&P 500", timeframe: "1h" });
  const [candleTrace, ...lines] = figure.data as [CandlestickTrace, ...LineTrace[]];
  const fits = fitCandleTrendlines(window);

  it("draws the window's candles and four named lines in distinct colours", () => {
    expect(candleTrace.type).toBe("candlestick");
    expect(candleTrace.x).toHaveLength(45);
    expect(lines.map((line) => [line.type, line.mode, line.name, line.line.color, line.line.dash])).toEqual([
      ["scatter", "lines", "Support (close)", chartColors.closeSupport, "solid"],
      ["scatter", "lines", "Resistance (close)", chartColors.closeResistance, "solid"],
      ["scatter", "lines", "Support (lows)", chartColors.lowSupport, "dash"],
      ["scatter", "lines", "Resistance (highs)", chartColors.highResistance, "dash"],
    ]);
    expect(hue(chartColors.closeSupport)).toBeGreaterThan(200); // blue
    expect(hue(chartColors.closeSupport)).toBeLessThan(250);
    expect(hue(chartColors.closeResistance) < 15 || hue(chartColors.closeResistance) > 345).toBe(true); // red
    expect(new Set(lines.map((line) => line.line.color)).size).toBe(4);
  });

  it("draws its candles in the colours the pattern chart uses, translucent, and keeps every line apart from them", () => {
    const pattern = buildPatternFigure(window).data[0] as CandlestickTrace;
    expect([candleTrace.increasing, candleTrace.decreasing]).toEqual([pattern.increasing, pattern.decreasing]);
    expect(candleTrace.opacity).toBeLessThan(0.6);
    for (const line of lines) {
      for (const candleColor of [chartColors.upCandle, chartColors.downCandle]) {
        expect(colorDistance(line.line.color, candleColor), `${line.name} against ${candleColor}`).toBeGreaterThan(60);
      }
    }
  });

  it("shows a legend naming every line", () => {
    expect(figure.layout.showlegend).toBe(true);
    expect(figure.layout.legend).toBeDefined();
    expect(lines.every((line) => line.showlegend)).toBe(true);
    expect(candleTrace.showlegend).toBe(false);
  });

  it("puts each line's fitted values at both ends of the window", () => {
    const expected = [
      supportLine(fits.close),
      resistanceLine(fits.close),
      supportLine(fits.highLow),
      resistanceLine(fits.highLow),
    ];
    lines.forEach((line, index) => {
      expect(line.x).toEqual(candleTrace.x);
      expect(line.y[0]).toBeCloseTo(lineValueAt(expected[index]!, 0), 9);
      expect(line.y[44]).toBeCloseTo(lineValueAt(expected[index]!, 44), 9);
    });
    // Support lies under the closes, resistance over them, as fitted.
    const closes = window.map((candle) => candle.close);
    expect(lines[0]!.y.every((value, index) => value <= closes[index]! + 1e-9)).toBe(true);
    expect(lines[1]!.y.every((value, index) => value >= closes[index]! - 1e-9)).toBe(true);
  });

  it("uses fits passed in instead of fitting again", () => {
    const given = { close: { ...fits.close, supportSlope: 0, supportIntercept: 123 }, highLow: fits.highLow };
    const line = buildTrendFigure(window, { trendlines: given }).data[1] as LineTrace;
    expect(line.y).toEqual(new Array(45).fill(123));
  });

  it("needs at least two candles", () => {
    expect(() => buildTrendFigure(window.slice(0, 1))).toThrow(/at least 2 candles/);
  });

  it("titles the chart with asset and timeframe", () => {
    expect(figure.layout.title.text).toBe("S&P 500 1h: support and resistance trendlines, 45 bars");
  });

  it("sets a price range that holds every candle and every line, with ticks inside it", () => {
    const [low, high] = figure.layout.yaxis.range;
    const drawn = figure.data.flatMap((trace) =>
      trace.type === "candlestick" ? [...trace.low, ...trace.high] : trace.y,
    );
    expect(low).toBeLessThan(Math.min(...drawn));
    expect(high).toBeGreaterThan(Math.max(...drawn));
    expect(figure.layout.yaxis.tickvals.every((value) => value >= low && value <= high)).toBe(true);
    expect(figure.layout.yaxis.ticktext).toHaveLength(figure.layout.yaxis.tickvals.length);
  });
});

describe("layout and x axis", () => {
  const { layout } = buildTrendFigure(candles.slice(-45));

  it("is about 1280x640 on white, with readable axes and no range slider", () => {
    expect([layout.width, layout.height]).toEqual([1280, 640]);
    expect(layout.paper_bgcolor).toBe("#ffffff");
    expect(layout.plot_bgcolor).toBe("#ffffff");
    expect(layout.font.size).toBeGreaterThanOrEqual(12);
    expect(layout.xaxis.rangeslider.visible).toBe(false);
    expect(layout.yaxis.title.text).toBe("Price");
    const custom = buildPatternFigure(candles, { width: 1024, height: 512 }).layout;
    expect([custom.width, custom.height]).toEqual([1024, 512]);
    expect(() => buildPatternFigure(candles, { width: 10 })).toThrow();
  });

  it("places bars at indexes 0..n-1 with date labels, so closed hours leave no gaps", () => {
    expect(layout.xaxis.type).toBe("linear");
    expect(layout.xaxis.range).toEqual([-0.5, 44.5]);
    expect(layout.xaxis.tickvals[0]).toBe(0);
    expect(layout.xaxis.ticktext[0]).toBe(formatBarLabels([candles[15]!.time])[0]);
    expect(layout.xaxis.tickvals.length).toBeLessThanOrEqual(9);
  });

  it("labels intraday bars with date and time, daily bars with the date only (UTC)", () => {
    // A Friday close and a Monday open sit next to each other: adjacent indexes, labelled with their real dates.
    const friday = Date.UTC(2024, 4, 3, 16);
    const monday = Date.UTC(2024, 4, 6, 13, 30);
    const axis = buildBarAxis([friday, monday]);
    expect(axis.x).toEqual([0, 1]);
    expect(axis.labels).toEqual(["2024-05-03 16:00", "2024-05-06 13:30"]);
    expect(formatBarLabels([Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 2)])).toEqual(["2024-01-01", "2024-01-02"]);
  });

  it("labels a blind window's bars by number: no date anywhere in either figure", () => {
    const blind = blindCandles(candles.slice(-45)).candles;
    for (const figure of [
      buildPatternFigure(blind, { barLabels: "bar-number", timeframe: "4h" }),
      buildTrendFigure(blind, { barLabels: "bar-number", timeframe: "4h" }),
    ]) {
      const text = JSON.stringify(figure);
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}|UTC/);
      expect(figure.layout.xaxis.title.text).toBe("Bar");
    }
    const pattern = buildPatternFigure(blind, { barLabels: "bar-number" });
    // The pattern chart's 40 bars are the window's bars 6 to 45, numbered as the indicator prompt numbers them.
    expect(pattern.layout.xaxis.ticktext[0]).toBe("6");
    expect((pattern.data[0] as CandlestickTrace).hovertext.at(-1)).toBe("45");
  });

  it("is plain JSON", () => {
    const figure = buildTrendFigure(candles.slice(-45));
    expect(JSON.parse(JSON.stringify(figure))).toEqual(figure);
  });
});
