// The page's layout where a new user hit rough edges, at 1440x900 and 390x844, in the light and the dark theme:
// Run stays on screen with Settings open; a failed run's message is scrolled into view below the sticky header; on
// a phone the page scrolls to the result; chart images open in an overlay, full size on a wide screen and as wide
// as the screen on a phone (mouse and keyboard, closed by Escape or its button); Plotly's toolbar has its own room
// above the candles; the dark theme colours the page and the chart. Screenshots of each state at both widths and
// in both themes go to test-artifacts/server/.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ChartRenderer, createChartRenderer } from "../../src/index";
import { defaultFakeHandler } from "../fakes/fake-default-handler";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";
import { benchmarkCsv, noBarsFetch } from "./analysis-fixtures";
import { launchBrowser, openPage, screenshot, type TestBrowser } from "./browser";
import { loadPage, rectOf, runCsvAnalysis, setColorScheme, waitForText } from "./page-helpers";
import { postJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

const SIZES = [
  { name: "1440", width: 1440, height: 900 },
  { name: "390", width: 390, height: 844 },
] as const;
const THEMES = ["light", "dark"] as const;

let fake: FakeProviderServer;
let renderer: ChartRenderer;
let server: TestServer;
let browser: TestBrowser;
let scratch: string;
let csvPath: string;
/** Each opened page's script errors and CSP violations. */
const watched: string[][] = [];

async function openAt(size: (typeof SIZES)[number], theme: (typeof THEMES)[number]): Promise<Page> {
  const opened = await openPage(browser.browser, { width: size.width, height: size.height });
  watched.push(opened.problems);
  await setColorScheme(opened.page, theme);
  await loadPage(opened.page, `${server.url}/`);
  return opened.page;
}

/** The result, after a successful CSV run, once the chart and both images have been drawn. */
async function runToResult(page: Page): Promise<void> {
  await runCsvAnalysis(page, csvPath);
  await page.waitForSelector("#candle-chart .main-svg", { timeout: 60_000 });
  for (const id of ["#pattern-chart-image", "#trend-chart-image"]) {
    await page.waitForFunction(
      (selector: string) => document.querySelector<HTMLImageElement>(selector)?.complete === true,
      {},
      id,
    );
  }
}

/** The sticky header's bottom edge, in viewport coordinates. */
const headerBottom = (page: Page) => rectOf(page, ".topbar").then((rect) => rect.bottom);

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  renderer = createChartRenderer();
  server = await startTestServer({
    config: { openai_base_url: fake.openaiBaseUrl },
    renderer,
    fetch: noBarsFetch,
  });
  scratch = mkdtempSync(path.join(tmpdir(), "page-layout-csv-"));
  csvPath = path.join(scratch, "BTC_4h_1.csv");
  writeFileSync(csvPath, benchmarkCsv());
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await renderer?.close();
  await fake?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("with Settings open on a first visit", () => {
  for (const size of SIZES) {
    for (const theme of THEMES) {
      it(`keeps Run on screen at ${size.name} px (${theme})`, async () => {
        const page = await openAt(size, theme);
        expect(await page.$eval("#settings-panel", (node) => (node as HTMLDetailsElement).open)).toBe(true);
        const run = await rectOf(page, "#run-button");
        expect(run.top).toBeGreaterThan(await headerBottom(page));
        expect(run.bottom).toBeLessThanOrEqual(size.height);
        // And it is Run that is there, not something on top of it.
        const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.id, {
          x: (run.left + run.right) / 2,
          y: (run.top + run.bottom) / 2,
        });
        expect(hit).toBe("run-button");
        await screenshot(page, `layout-${size.name}-${theme}-first-visit`, { viewportOnly: true });
        await page.close();
      });
    }
  }
});

describe("after a failed run", () => {
  beforeAll(async () => {
    await postJson(server, "/api/update-api-key", { api_key: TEST_KEY, provider: "openai" });
    fake.setHandler(() => fakeReply.unauthorized());
  });
  afterAll(() => fake.setHandler(defaultFakeHandler));

  for (const size of SIZES) {
    for (const theme of THEMES) {
      it(`shows the error message below the sticky header at ${size.name} px (${theme})`, async () => {
        const page = await openAt(size, theme);
        // Settings open makes the page long; the user has scrolled down to the form, so the error panel (at the top
        // of the results column on a wide screen) is above the screen when Run fails and must be scrolled to.
        await page.$eval("#settings-panel", (node) => ((node as HTMLDetailsElement).open = true));
        await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
        await runCsvAnalysis(page, csvPath);
        await waitForText(page, "#error-message", /^Invalid API Key: /, 30_000);
        await page.waitForFunction(() => {
          const rect = document.querySelector("#error-message")?.getBoundingClientRect();
          return rect !== undefined && rect.top >= 0 && rect.bottom <= window.innerHeight;
        });
        const message = await rectOf(page, "#error-message");
        expect(message.top).toBeGreaterThanOrEqual(await headerBottom(page));
        expect(message.bottom).toBeLessThanOrEqual(size.height);
        await screenshot(page, `layout-${size.name}-${theme}-failed-run`, { viewportOnly: true });
        await page.close();
      });
    }
  }
});

describe("a result", () => {
  beforeAll(() => postJson(server, "/api/update-api-key", { api_key: TEST_KEY, provider: "openai" }));

  for (const size of SIZES) {
    for (const theme of THEMES) {
      it(`at ${size.name} px in the ${theme} theme: in view, charts enlargeable, the toolbar clear of the candles`, async () => {
        const page = await openAt(size, theme);
        await page.$eval("#settings-panel", (node) => ((node as HTMLDetailsElement).open = false));
        await runToResult(page);

        if (size.width < 900) {
          // One column: the page brought the result into view, below the header.
          await page.waitForFunction(() => {
            const top = document.querySelector("#result")?.getBoundingClientRect().top ?? -1;
            return top > 0 && top < window.innerHeight / 2;
          });
          expect((await rectOf(page, "#result")).top).toBeGreaterThanOrEqual(await headerBottom(page));
          await screenshot(page, `layout-${size.name}-${theme}-result-in-view`, { viewportOnly: true });
        }

        // Plotly's toolbar, shown on hover, sits in the room reserved above the plot, not over the candles.
        await page.hover("#candle-chart .nsewdrag");
        await page.waitForSelector("#candle-chart .modebar", { visible: true });
        const toolbar = await rectOf(page, "#candle-chart .modebar");
        const plotArea = await rectOf(page, "#candle-chart .nsewdrag");
        expect(toolbar.height).toBeGreaterThan(0);
        expect(toolbar.bottom).toBeLessThanOrEqual(plotArea.top + 1);

        // The time axis's labels all fit side by side.
        const ticks = await page.$$eval("#candle-chart .xtick text", (nodes) =>
          nodes.map((node) => node.getBoundingClientRect()).map((rect): [number, number] => [rect.left, rect.right]),
        );
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        ticks.sort((first, second) => first[0] - second[0]);
        for (let index = 1; index < ticks.length; index++)
          expect(ticks[index]![0]).toBeGreaterThan(ticks[index - 1]![1]);

        // The theme reaches the chart: its text colour is the page's --chart-text.
        const colors = await page.evaluate(() => ({
          chart: (document.querySelector("#candle-chart") as unknown as { layout: { font: { color: string } } }).layout
            .font.color,
          variable: getComputedStyle(document.documentElement).getPropertyValue("--chart-text").trim(),
          background: getComputedStyle(document.documentElement).backgroundColor,
        }));
        expect(colors.chart).toBe(colors.variable);
        const [red, green, blue, alpha = 1] = colors.background.match(/[\d.]+/g)?.map(Number) ?? [];
        expect(alpha).toBe(1);
        const brightness = (red! + green! + blue!) / 3;
        if (theme === "dark") expect(brightness).toBeLessThan(60);
        else expect(brightness).toBeGreaterThan(200);

        // A chart image opens full size; Escape closes it and gives focus back.
        await page.click("#pattern-chart-image");
        await page.waitForSelector("#image-viewer[open]");
        await page.waitForFunction(
          () => document.querySelector<HTMLImageElement>("#image-viewer .image-viewer-image")?.complete === true,
        );
        const viewer = await page.$eval("#image-viewer .image-viewer-image", (node) => {
          const image = node as HTMLImageElement;
          const rect = image.getBoundingClientRect();
          const body = image.parentElement!;
          return {
            left: rect.left,
            right: rect.right,
            rendered: rect.width,
            natural: image.naturalWidth,
            src: image.src.slice(0, 22),
            viewport: window.innerWidth,
            scrollsSideways: body.scrollWidth > body.clientWidth,
          };
        });
        expect(viewer.natural).toBe(1280);
        expect(viewer.src).toBe("data:image/png;base64,");
        const thumbnail = await rectOf(page, "#pattern-chart-image");
        if (size.width < viewer.natural) {
          // A phone: the whole chart is on screen at once, its width the screen's (less the margins), not its left
          // third at full size.
          expect(viewer.left).toBeGreaterThanOrEqual(0);
          expect(viewer.right).toBeLessThanOrEqual(viewer.viewport);
          expect(viewer.rendered).toBeLessThanOrEqual(viewer.viewport);
          expect(viewer.rendered).toBeGreaterThan(viewer.viewport * 0.85);
          expect(viewer.scrollsSideways).toBe(false);
        } else {
          // A wide screen: the image's own pixels, larger than its thumbnail in the page.
          expect(viewer.rendered).toBe(viewer.natural);
          expect(viewer.rendered).toBeGreaterThan(thumbnail.right - thumbnail.left);
        }
        await screenshot(page, `layout-${size.name}-${theme}-chart-enlarged`, { viewportOnly: true });
        // The dialog's "close" event (where the page gives focus back) fires a task after the open attribute goes, and
        // Chromium has already restored focus by then: wait for the event itself, or a focus moved meanwhile is undone.
        await page.evaluate(() => {
          const dialog = document.querySelector("#image-viewer") as HTMLDialogElement;
          (window as unknown as { viewerClosed: Promise<void> }).viewerClosed = new Promise((resolve) =>
            dialog.addEventListener("close", () => resolve(), { once: true }),
          );
        });
        await page.keyboard.press("Escape");
        await page.evaluate(() => (window as unknown as { viewerClosed: Promise<void> }).viewerClosed);
        expect(await page.evaluate(() => document.activeElement?.querySelector("img")?.id)).toBe("pattern-chart-image");

        // With the keyboard alone: Enter on the focused thumbnail opens it, the Close button closes it.
        await page.focus("button.chart-open:has(#trend-chart-image)");
        await page.keyboard.press("Enter");
        await page.waitForSelector("#image-viewer[open]");
        expect(await page.evaluate(() => document.activeElement?.id)).toBe("image-viewer-close");
        expect(await page.$eval("#image-viewer-title", (node) => node.textContent)).toBe("Trend chart");
        await page.keyboard.press("Enter");
        await page.waitForSelector("#image-viewer:not([open])");

        await screenshot(page, `layout-${size.name}-${theme}-result`);
        await page.close();
      });
    }
  }

  it("follows a switch of the system theme while a chart is shown", async () => {
    const page = await openAt(SIZES[0], "light");
    await runToResult(page);
    const chartText = () =>
      page.$eval(
        "#candle-chart",
        (node) => (node as unknown as { layout: { font: { color: string } } }).layout.font.color,
      );
    const light = await chartText();
    await setColorScheme(page, "dark");
    await page.waitForFunction(
      (before: string) =>
        (document.querySelector("#candle-chart") as unknown as { layout: { font: { color: string } } }).layout.font
          .color !== before,
      {},
      light,
    );
    expect(await chartText()).toBe(
      await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--chart-text").trim()),
    );
    await page.close();
  });

  it("ran without script errors or Content-Security-Policy violations", () => {
    expect(watched.flat()).toEqual([]);
  });
});
