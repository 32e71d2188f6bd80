// Nothing pinned ever covers a form field: at 1440x900 and 390x844, with Settings open on a first visit, with each
// data source shown, with a result on screen and on the History tab, every scrolling area is scrolled from top to
// bottom and, at each step, no element whose computed position is sticky or fixed overlaps any input, select, button
// or textarea it does not contain. (A Run bar that stuck to the bottom edge once covered the Timeframe select at
// 1440x900 and the add-symbol row at 390 px.) The checker is first shown to catch a pinned element that does cover a
// field, so a layout with no pinned element at all is a pass for the right reason.
import type { Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ChartRenderer, createChartRenderer } from "../../src/index";
import { launchBrowser, openPage, screenshot, type TestBrowser } from "./browser";
import { chooseSource, loadPage } from "./page-helpers";
import { postJson, startTestServer, type TestServer } from "./test-server";

const SIZES = [
  { name: "1440x900", width: 1440, height: 900 },
  { name: "390x844", width: 390, height: 844 },
] as const;

let renderer: ChartRenderer;
let server: TestServer;
let browser: TestBrowser;
const watched: string[][] = [];

/** Every pinned element over a form control, at every scroll step of every scrolling area (and the page itself). */
function pinnedOverControls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const problems = new Set<string>();
    const shown = (node: Element) => {
      const rect = node.getBoundingClientRect();
      const style = getComputedStyle(node);
      return rect.width > 0 && rect.height > 0 && style.visibility !== "hidden" && style.display !== "none";
    };
    const name = (node: Element) =>
      node.id
        ? `#${node.id}`
        : `${node.tagName.toLowerCase()}${Array.from(node.classList)
            .map((c) => `.${c}`)
            .join("")}`;
    const check = (where: string) => {
      const all = Array.from(document.querySelectorAll("body *"));
      const pinned = all.filter((node) => /^(sticky|fixed)$/.test(getComputedStyle(node).position) && shown(node));
      const controls = Array.from(document.querySelectorAll("input, select, button, textarea")).filter(shown);
      for (const pin of pinned) {
        const a = pin.getBoundingClientRect();
        for (const control of controls) {
          if (pin.contains(control)) continue;
          const b = control.getBoundingClientRect();
          if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
            problems.add(`${name(pin)} covers ${name(control)} (${where})`);
        }
      }
    };
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    const scrollers = [
      document.scrollingElement ?? document.documentElement,
      ...Array.from(document.querySelectorAll("body *")).filter(
        (node) => /(auto|scroll)/.test(getComputedStyle(node).overflowY) && node.scrollHeight > node.clientHeight,
      ),
    ];
    for (const scroller of scrollers) {
      const max = scroller.scrollHeight - scroller.clientHeight;
      for (let top = 0; ; top = Math.min(max, top + 40)) {
        scroller.scrollTop = top;
        await frame();
        check(`${name(scroller)} scrolled to ${top}`);
        if (top >= max) break;
      }
      scroller.scrollTop = 0;
    }
    return [...problems];
  });
}

async function open(size: (typeof SIZES)[number]): Promise<Page> {
  const opened = await openPage(browser.browser, { width: size.width, height: size.height });
  watched.push(opened.problems);
  await loadPage(opened.page, `${server.url}/`);
  return opened.page;
}

beforeAll(async () => {
  renderer = createChartRenderer();
  server = await startTestServer({ renderer });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await renderer?.close();
  for (const problems of watched) expect(problems).toEqual([]);
});

describe("the overlap checker", () => {
  it("reports a pinned element that covers a field", async () => {
    const page = await open(SIZES[0]);
    await page.evaluate(() => {
      const bar = document.createElement("div");
      bar.style.cssText = "position: fixed; left: 0; right: 0; bottom: 0; height: 200px; background: red";
      bar.id = "pinned-probe";
      document.body.append(bar);
    });
    const problems = await pinnedOverControls(page);
    expect(problems.some((problem) => problem.startsWith("#pinned-probe covers "))).toBe(true);
    await page.close();
  });
});

for (const size of SIZES) {
  describe(`at ${size.name}`, () => {
    it("no pinned element covers a field on a first visit (Settings open), with each data source", async () => {
      // A first visit: a provider that needs a key, and none set.
      await postJson(server, "/api/update-provider", { provider: "openai" });
      const page = await open(size);
      expect(await page.$eval("#settings-panel", (node) => (node as HTMLDetailsElement).open)).toBe(true);
      for (const source of ["market", "sample", "csv"] as const) {
        await chooseSource(page, source);
        expect(await pinnedOverControls(page), source).toEqual([]);
      }
      await page.close();
    });

    it("nor with a result on screen, nor on the History tab", async () => {
      await postJson(server, "/api/update-provider", { provider: "demo" });
      const page = await open(size);
      await chooseSource(page, "sample");
      await page.click("#run-button");
      await page.waitForSelector("#decision-badge", { timeout: 60_000 });
      expect(await pinnedOverControls(page)).toEqual([]);
      await screenshot(page, `no-overlap-${size.name}-result`, { viewportOnly: true });
      await page.click("#history-tab");
      await page.waitForSelector("#history-rows tr", { timeout: 60_000 });
      expect(await pinnedOverControls(page)).toEqual([]);
      await page.close();
    });
  });
}
