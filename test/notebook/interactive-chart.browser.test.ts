// The interactive chart's HTML in a real browser: Plotly's inlined code defines window.Plotly even on a page with
// CommonJS or AMD loader globals (classic Jupyter has require.js; some front ends have `module`), and the figure
// draws: the candles and the four trendlines.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { plotlyHtml, windowFigure } from "../../src/notebook/interactive-chart";
import { launchBrowser, type TestBrowser } from "../server/browser";

let browser: TestBrowser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
});

const candles = Array.from({ length: 45 }, (_, index) => {
  const open = 100 + Math.sin(index / 4) * 5 + index * 0.3;
  return {
    time: Date.UTC(2024, 0, 1) + index * 4 * 3_600_000,
    open,
    high: open + 2,
    low: open - 2,
    close: open + (index % 2 ? 1 : -1),
    volume: 10,
  };
});

describe("the interactive window chart in a browser", () => {
  it.each([
    ["a plain page", ""],
    [
      "a page with module-loader globals",
      "<script>window.module = { exports: {} }; window.define = function () { throw new Error('Plotly went to the AMD loader'); }; window.define.amd = {};</script>",
    ],
  ])(
    "draws on %s: five traces, hover and zoom on",
    async (_what, before) => {
      const page = await browser.browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      try {
        const html = plotlyHtml(windowFigure({ candles, assetName: "Bitcoin </script><b>x</b>", timeframe: "4h" }));
        await page.setContent(`<!doctype html><html><body style="width:900px">${before}${html}</body></html>`, {
          waitUntil: "load",
        });
        await page.waitForSelector("div[id^=quantagent-plot-] .main-svg", { timeout: 60_000 });
        const drawn = await page.evaluate(() => {
          const plot = document.querySelector("div[id^=quantagent-plot-]") as HTMLElement & {
            data?: { name: string }[];
          };
          return {
            traces: plot.data?.map((trace) => trace.name),
            candles: plot.querySelectorAll(".trace.boxes, g.candlestick, .cartesianlayer .trace").length,
            title: plot.querySelector(".gtitle")?.textContent,
            width: plot.getBoundingClientRect().width,
            bold: document.querySelectorAll("b").length,
          };
        });
        expect(errors).toEqual([]);
        expect(drawn.traces).toEqual([
          "Price",
          "Support (close)",
          "Resistance (close)",
          "Support (lows)",
          "Resistance (highs)",
        ]);
        expect(drawn.candles).toBeGreaterThanOrEqual(5);
        // The name stays inside the figure's data: Plotly draws it as SVG text (its own <b> styling at most), and no
        // element of the page comes from it.
        expect(drawn.title).toContain("Bitcoin </script>x 4h");
        expect(drawn.bold).toBe(0);
        expect(drawn.width).toBe(900); // the column's width, not the PNG's 1280
      } finally {
        await page.close();
      }
    },
    300_000,
  );
});
