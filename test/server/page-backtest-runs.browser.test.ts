// The History's backtest runs in real headless Chromium against the running server: the empty state, the runs the
// journal holds (recorded by runBacktest through the server's pipeline) newest first, and a run opened with its equity
// chart (Plotly, one trace per line) and its lines table; a hostile series name and model name stay text in the list,
// the title, the table and the chart's legend. Screenshots go to test-artifacts/server/.
import type { Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { backtestRunInput } from "../../src/backtest/backtest-journal";
import { runBacktest, significanceWords } from "../../src/backtest/index";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import { launchBrowser, openPage, screenshot, type TestBrowser } from "./browser";
import { forbiddenElementsIn, loadPage, pwned, text as textOf, waitForText } from "./page-helpers";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let browser: TestBrowser;
let page: Page;
let problems: string[];

const HOSTILE_SERIES = `Wavy <img src=x onerror="window.__pwned='series'">`;
const HOSTILE_MODEL = `<b>gpt-4o</b><img src=x onerror="window.__pwned='model'">`;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser.browser));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openHistory(): Promise<void> {
  await page.click("#history-tab");
  await page.waitForSelector("#history-view:not([hidden])");
}

describe("the History's backtest runs", () => {
  it("says how to make one when there is none", async () => {
    await loadPage(page, `${server.url}/`);
    await openHistory();
    await waitForText(page, "#backtest-runs-card", /No backtest recorded yet/);
    expect(await page.$eval("#backtest-runs-table", (node) => (node as HTMLElement).hidden)).toBe(true);
  });

  it("lists the recorded runs newest first and opens one with its equity chart and its lines", async () => {
    const candles = candlesFromCloses(wavyCloses(90, 2));
    const baselines = await runBacktest({
      pipeline: server.pipeline,
      series: { candles, timeframe: "4h", name: "Baselines" },
      includeModel: false,
    });
    // A second run as a model run would leave it, its model line named by a hostile graph model.
    const momentum = baselines.lines.find((line) => line.name === "momentum")!;
    const withModel = {
      ...baselines,
      settings: {
        ...baselines.settings,
        series: { ...baselines.settings.series, name: HOSTILE_SERIES },
        models: {
          agent: { provider: "openai" as const, model: "gpt-4o-mini", temperature: 0.1 },
          graph: { provider: "openai" as const, model: HOSTILE_MODEL, temperature: 0.1 },
        },
        promptVersion: "test",
      },
      lines: [{ ...momentum, name: HOSTILE_MODEL, kind: "model" as const }, ...baselines.lines],
    };
    const { id } = await server.pipeline.journal.recordEvaluationRun(backtestRunInput(withModel));

    await loadPage(page, `${server.url}/`);
    await openHistory();
    await page.waitForFunction(() => document.querySelectorAll("#backtest-runs-rows tr").length === 2, {
      timeout: 60_000,
    });
    const rows = await page.$$eval("#backtest-runs-rows tr", (found) =>
      found.map((row) => Array.from(row.querySelectorAll("td")).map((cell) => (cell.textContent ?? "").trim())),
    );
    expect(rows.map((cells) => cells.slice(1))).toEqual([
      [HOSTILE_SERIES, "4h", HOSTILE_MODEL, String(baselines.decisions.length), "5 bps"],
      ["Baselines", "4h", "baselines only", String(baselines.decisions.length), "5 bps"],
    ]);

    await page.click(`#backtest-runs-rows tr[data-id="${id}"] td:nth-child(2)`);
    await page.waitForSelector("#backtest-run:not([hidden]) #backtest-equity.js-plotly-plot", { timeout: 20_000 });
    expect(await page.$$eval("#backtest-equity .scatterlayer .trace", (traces) => traces.length)).toBe(7);
    const legend = await page.$$eval("#backtest-equity .legendtext", (items) => items.map((item) => item.textContent));
    expect(legend).toContain("Buy and hold");
    expect(legend).toContain(HOSTILE_MODEL);
    expect(await textOf(page, "#backtest-run-title")).toBe(`${HOSTILE_SERIES}, 4h: ${HOSTILE_MODEL}`);
    const lineRows = await page.$$eval("#backtest-lines-rows tr", (found) =>
      found.map((row) => Array.from(row.children).map((cell) => (cell.textContent ?? "").trim())),
    );
    expect(lineRows).toHaveLength(7);
    expect(lineRows[0]![0]).toBe(HOSTILE_MODEL);
    expect(lineRows[1]!.slice(0, 2)).toEqual(["Buy and hold", "1"]);
    // The same figures, to the same decimals, as the CLI's table of that line.
    const buyAndHold = baselines.lines.find((line) => line.name === "buy_and_hold")!;
    expect(lineRows[1]!.slice(4)).toEqual([
      `${(buyAndHold.maxDrawdown * 100).toFixed(2)}%`,
      buyAndHold.hitRate === null ? "–" : `${(buyAndHold.hitRate * 100).toFixed(1)}%`,
      `${(buyAndHold.exposure * 100).toFixed(0)}%`,
    ]);
    // Whether anything beats buy-and-hold by more than luck, and the deflated Sharpe ratio: the library's words.
    const verdict = await page.$$eval("#backtest-verdict p", (found) => found.map((item) => item.textContent));
    expect(verdict).toEqual(significanceWords(withModel));
    expect(verdict[0]).toMatch(/buy-and-hold at 5%/);
    for (const container of ["#backtest-runs-rows", "#backtest-run-title", "#backtest-lines-rows", "#backtest-verdict"])
      expect(await forbiddenElementsIn(page, container), container).toEqual([]);
    // The chart is Plotly's SVG; a name in its legend is text, never an element of its own.
    expect(await page.$$eval("#backtest-equity .legend :is(img, b, script, a)", (nodes) => nodes.length)).toBe(0);
    expect(await pwned(page)).toBeUndefined();
    expect(problems).toEqual([]);
    await screenshot(page, "history-backtest-run");

    // On a phone (390x844) the lines table is wider than its card: it scrolls in its box, which shows it (a shadow
    // at the edge that has more, a drawn scrollbar), and the page itself never scrolls sideways.
    await page.setViewport({ width: 390, height: 844 });
    const boxes = await page.$$eval(".table-scroll", (found) =>
      found
        .filter((box) => (box as HTMLElement).offsetParent !== null)
        .map((box) => {
          const style = getComputedStyle(box);
          return {
            table: box.querySelector("table")?.id ?? "",
            overflows: box.scrollWidth > box.clientWidth + 1,
            scrolls: style.overflowX === "auto" || style.overflowX === "scroll",
            shadows: (style.backgroundImage.match(/gradient\(/g) ?? []).length,
            scrollbar: style.scrollbarWidth,
          };
        }),
    );
    const wide = boxes.filter((box) => box.overflows);
    expect(wide.map((box) => box.table)).toContain("backtest-lines-table");
    for (const box of wide) expect(box, box.table).toMatchObject({ scrolls: true, shadows: 4, scrollbar: "thin" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.$eval("#backtest-lines-table", (table) => table.scrollIntoView({ block: "center" }));
    await screenshot(page, "history-backtest-run-390", { viewportOnly: true });
    await page.setViewport({ width: 1366, height: 900 });
  }, 120_000);

  it("tags a run of the demo provider as demo in the list and in its title", async () => {
    const baselines = await runBacktest({
      pipeline: server.pipeline,
      series: { candles: candlesFromCloses(wavyCloses(90, 3)), timeframe: "4h", name: "Scripted" },
      includeModel: false,
    });
    const demo = { provider: "demo" as const, model: "demo", temperature: 0 };
    const momentum = baselines.lines.find((line) => line.name === "momentum")!;
    const { id } = await server.pipeline.journal.recordEvaluationRun(
      backtestRunInput({
        ...baselines,
        settings: { ...baselines.settings, models: { agent: demo, graph: demo }, promptVersion: "test" },
        lines: [{ ...momentum, name: "demo", kind: "model" as const }, ...baselines.lines],
      }),
    );

    await loadPage(page, `${server.url}/`);
    await openHistory();
    await page.waitForSelector(`#backtest-runs-rows tr[data-id="${id}"]`, { timeout: 60_000 });
    const tags = (rowId: string) =>
      page.$$eval(`#backtest-runs-rows tr[data-id="${rowId}"] .tag.demo`, (found) =>
        found.map((tag) => [tag.textContent, tag.getAttribute("title")]),
      );
    expect(await tags(id)).toEqual([["demo", "demo: scripted, not a model (never counted in accuracy)"]]);
    // The other runs (baselines only, and a model's) carry no tag.
    const others = await page.$$eval(
      `#backtest-runs-rows tr:not([data-id="${id}"]) .tag.demo`,
      (found) => found.length,
    );
    expect(others).toBe(0);
    await page.click(`#backtest-runs-rows tr[data-id="${id}"] td:nth-child(2)`);
    await page.waitForSelector("#backtest-run:not([hidden]) #backtest-equity.js-plotly-plot", { timeout: 20_000 });
    expect(await textOf(page, "#backtest-run-title")).toBe("Scripted, 4h: demo (demo: scripted, not a model)");
    expect(problems).toEqual([]);
  }, 120_000);
});
