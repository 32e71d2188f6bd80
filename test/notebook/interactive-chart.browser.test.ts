// The interactive chart's HTML in a real browser: Plotly's inlined code defines window.Plotly even on a page with
// CommonJS or AMD loader globals (classic Jupyter has require.js; some front ends have `module`), and the figure
// draws: the candles and the four trendlines. The compressed bundle is unpacked once a page, the whole of Plotly is
// taken for a trace outside the finance bundle, and a browser that cannot unpack it says so in the chart's place.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { plotlyHtml, windowFigure } from "../../src/notebook/interactive-chart";
import { launchBrowser, type TestBrowser } from "../server/browser";
import { waitUntil } from "../support/wait";

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

  async function drawnPage(body: string) {
    const page = await browser.browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.setContent(`<!doctype html><html><body style="width:900px">${body}</body></html>`, {
      waitUntil: "load",
    });
    return { page, errors };
  }

  // Charts drawn (Plotly draws several SVG layers a chart).
  const plotCount = (page: Awaited<ReturnType<typeof drawnPage>>["page"]) =>
    page.evaluate(
      () =>
        Array.from(document.querySelectorAll("div[id^=quantagent-plot-]")).filter((plot) =>
          plot.querySelector(".main-svg"),
        ).length,
    );

  it("unpacks the finance bundle once for two charts, and a chart that says Plotly is loaded waits for it", async () => {
    const figure = windowFigure({ candles, assetName: "Bitcoin", timeframe: "4h" });
    // Counts the unpackings: a wrapper round the browser's DecompressionStream.
    const counter =
      "<script>window.unpacks = 0; const Native = window.DecompressionStream; window.DecompressionStream = class extends Native { constructor(format) { super(format); window.unpacks += 1; } };</script>";
    const { page, errors } = await drawnPage(
      counter + plotlyHtml(figure) + plotlyHtml(figure) + plotlyHtml(figure, { plotly: "loaded" }),
    );
    try {
      await waitUntil(async () => (await plotCount(page)) >= 3, 60_000, "three charts drawn");
      expect(await page.evaluate(() => (window as unknown as { unpacks: number }).unpacks)).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 300_000);

  it("takes the whole of Plotly for a heatmap, and draws it", async () => {
    const { page, errors } = await drawnPage(
      plotlyHtml({
        data: [
          {
            type: "heatmap",
            z: [
              [1, 2],
              [3, 4],
            ],
          },
        ],
        layout: { height: 300 },
      }),
    );
    try {
      await waitUntil(async () => (await page.$("div[id^=quantagent-plot-] .hm image")) !== null, 60_000, "a heatmap");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 300_000);

  it("says in the chart's place when the browser cannot unpack Plotly", async () => {
    const figure = windowFigure({ candles, assetName: "Bitcoin", timeframe: "4h" });
    const { page } = await drawnPage(`<script>delete window.DecompressionStream;</script>${plotlyHtml(figure)}`);
    try {
      const text = () => page.evaluate(() => document.querySelector("div[id^=quantagent-plot-]")?.textContent ?? "");
      await waitUntil(async () => (await text()) !== "", 60_000, "a message in the chart's place");
      expect(await text()).toBe(
        "The chart could not be drawn: this browser cannot unpack Plotly.js (no DecompressionStream): show the chart with { plotly: { url } }",
      );
      expect(await plotCount(page)).toBe(0);
    } finally {
      await page.close();
    }
  }, 300_000);
});
