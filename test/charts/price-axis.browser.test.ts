// The price axis in real Chromium with Plotly: for prices from 0.00001 to 12 million, and negative ones, the left
// margin chosen before drawing already holds the tick labels and the axis title, so Plotly's automargin never grows
// it (growing it would lay the chart out twice, the cost this axis exists to avoid), no label is clipped, and the
// margin is not much wider than what it holds.
import puppeteer, { type Browser, type Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CHROMIUM_FLAGS, resolveChromiumPath } from "../../src/charts/chromium-setup";
import type { PlotlyFigure } from "../../src/charts/figure-types";
import { buildPatternFigure } from "../../src/charts/pattern-figure";
import { buildTrendFigure } from "../../src/charts/trend-figure";
import { plotlyBundlePath } from "../../src/common/package-root";
import type { Candle } from "../../src/market/candle";

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await puppeteer.launch({
    executablePath: resolveChromiumPath(),
    headless: true,
    args: [...CHROMIUM_FLAGS],
    pipe: true,
  });
  page = await browser.newPage();
  await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
  await page.addScriptTag({ path: plotlyBundlePath() });
});

afterAll(async () => {
  await browser?.close();
});

/** 45 bars oscillating around a level, with the given relative swing. */
function series(level: number, swing: number): Candle[] {
  return Array.from({ length: 45 }, (_, index) => {
    const open = level * (1 + swing * Math.sin(index / 4));
    const close = level * (1 + swing * Math.sin((index + 1) / 4));
    const spread = Math.abs(level) * swing * 0.2;
    return {
      time: Date.UTC(2024, 0, 1) + index * 3600_000,
      open,
      high: Math.max(open, close) + spread,
      low: Math.min(open, close) - spread,
      close,
      volume: 1,
    };
  });
}

interface Drawn {
  marginAsked: number;
  marginUsed: number;
  labelLefts: number[];
  labelRights: number[];
  titleLeft: number;
  titleRight: number;
}

async function draw(figure: PlotlyFigure): Promise<Drawn> {
  return page.evaluate(async (inPageFigure: PlotlyFigure) => {
    const plotly = (
      window as unknown as {
        Plotly: { newPlot: (...args: unknown[]) => Promise<unknown>; purge: (div: HTMLElement) => void };
      }
    ).Plotly;
    const div = document.createElement("div");
    document.body.append(div);
    await plotly.newPlot(div, inPageFigure.data, inPageFigure.layout, { staticPlot: true });
    const figureLeft = div.getBoundingClientRect().left;
    const boxes = Array.from(div.querySelectorAll(".ytick text"), (node) => node.getBoundingClientRect());
    const title = div.querySelector(".ytitle")!.getBoundingClientRect();
    const drawn = {
      marginAsked: inPageFigure.layout.margin.l,
      marginUsed: (div as unknown as { _fullLayout: { _size: { l: number } } })._fullLayout._size.l,
      labelLefts: boxes.map((box) => box.left - figureLeft),
      labelRights: boxes.map((box) => box.right - figureLeft),
      titleLeft: title.left - figureLeft,
      titleRight: title.right - figureLeft,
    };
    plotly.purge(div);
    div.remove();
    return drawn;
  }, figure);
}

const cases: [string, Candle[]][] = [
  ["a coin at 0.00001", series(0.0000123, 0.03)],
  ["a currency pair at 1.08", series(1.08, 0.004)],
  ["a stock at 180", series(180, 0.05)],
  ["Bitcoin at 67,000", series(67_000, 0.02)],
  ["an index at 12 million", series(12_345_678, 0.01)],
  ["oil through zero", series(-8, 3)],
];

describe("the price axis in Chromium", () => {
  for (const [name, candles] of cases) {
    it(`fits the labels of ${name} without Plotly growing the margin`, async () => {
      for (const figure of [buildPatternFigure(candles), buildTrendFigure(candles)]) {
        const drawn = await draw(figure);
        expect(drawn.labelLefts.length).toBeGreaterThanOrEqual(4);
        expect(drawn.marginUsed).toBe(drawn.marginAsked);
        expect(Math.min(...drawn.labelLefts, drawn.titleLeft)).toBeGreaterThanOrEqual(0);
        expect(drawn.titleRight).toBeLessThanOrEqual(Math.min(...drawn.labelLefts)); // the title beside the labels
        // Not wasteful: at most 30 px of air left of the title.
        expect(drawn.titleLeft).toBeLessThanOrEqual(30);
      }
    });
  }
});
