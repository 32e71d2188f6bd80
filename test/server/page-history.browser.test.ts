// The page's History tab in real headless Chromium against the running server, with journal entries seeded through
// the pipeline's journal (and outcomes scored from bars the test gives): the tabs (mouse, arrow keys, the #history
// address), the empty state, the list newest first with decision and outcome badges, filters, "Load more" by cursor,
// an opened analysis with its charts (the result view's) or a failed one's error (the error view's), Delete, the
// accuracy per model, "Score outcomes now", an analysis run in the Analyze tab showing up as the page's own, and
// hostile text in the asset, model and error message shown as text. Screenshots go to test-artifacts/server/.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { Page } from "puppeteer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { type ChartRenderer, createChartRenderer } from "../../src/index";
import type { JournalEntryInput } from "../../src/journal/journal-entry";
import { wilsonInterval } from "../../src/scoring/confidence-intervals";
import { defaultFakeHandler } from "../fakes/fake-default-handler";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { type EntryOverrides, failedEntry, laterBars, sampleEntry } from "../journal/journal-fixtures";
import { barsAt, chartBody, recordingFetch } from "../market/yahoo-fixtures";
import { benchmarkCsv } from "./analysis-fixtures";
import { launchBrowser, openPage, screenshot, type TestBrowser } from "./browser";
import {
  forbiddenElementsIn,
  hostileLine,
  loadPage,
  pageSettled,
  pwned,
  rectOf,
  runCsvAnalysis,
  setColorScheme,
  text as textOf,
  visibleText,
  waitForText,
} from "./page-helpers";
import { getJson, postJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

const DAY = 24 * 3_600_000;
const ENTRY_TIME = "2025-03-01T08:00:00.000Z";
// The one analysis "Score outcomes now" can score: daily bars of SCORE-USD after a recent entry bar.
const SCORE_ENTRY_TIME = new Date(Math.floor((Date.now() - 10 * DAY) / DAY) * DAY).toISOString();

/** Yahoo answers daily SCORE-USD bars for the days after SCORE_ENTRY_TIME (closes 101.25, 102.25, ...); nothing else. */
const yahoo = recordingFetch((url) => {
  const symbol = decodeURIComponent(url.pathname.split("/").pop() ?? "");
  const from = Number(url.searchParams.get("period1")) * 1000;
  const to = Number(url.searchParams.get("period2")) * 1000;
  const first = Date.parse(SCORE_ENTRY_TIME) + DAY;
  const times =
    symbol === "SCORE-USD"
      ? Array.from({ length: 5 }, (_, index) => first + index * DAY).filter((time) => time >= from && time <= to)
      : [];
  return chartBody({ symbol, exchangeTimezoneName: "UTC", gmtoffset: 0, timezone: "UTC" }, barsAt(times, 101));
});

let fake: FakeProviderServer;
let renderer: ChartRenderer;
let server: TestServer;
let browser: TestBrowser;
let page: Page;
let problems: string[];
let scratch: string;

const text = (selector: string) => textOf(page, selector);
const models = (graph: string, provider = "openai") => ({
  agent: { provider, model: "agent-model", temperature: 0 },
  graph: { provider, model: graph, temperature: 0 },
});

async function record(entry: JournalEntryInput, closes?: readonly number[]): Promise<string> {
  const { id } = await server.pipeline.journal.record(entry);
  if (closes) await server.pipeline.journal.recordOutcome(id, laterBars(ENTRY_TIME, closes));
  return id;
}

const seed = (overrides: EntryOverrides, closes?: readonly number[]) =>
  record(sampleEntry({ entry: { close: 100, time: ENTRY_TIME }, ...overrides }), closes);

/** The rows the list shows, as a reader sees each cell. */
const listedRows = () =>
  page.$$eval("#history-rows tr", (rows) =>
    rows.map((row) => {
      const cells = Array.from(row.querySelectorAll("td")).map((cell) =>
        (cell.textContent ?? "").replace(/\s+/g, " ").trim(),
      );
      return {
        id: (row as HTMLElement).dataset.id,
        asset: cells[1],
        timeframe: cells[2],
        decision: cells[3],
        model: cells[4],
        source: cells[5],
        one: cells[6],
        three: cells[7],
      };
    }),
  );
const listedIds = () => page.$$eval("#history-rows tr", (rows) => rows.map((row) => (row as HTMLElement).dataset.id));

/** Waits until the list is loaded (not busy) and has this many rows. */
async function waitForRows(count: number): Promise<void> {
  await page.waitForFunction(
    (expected: number) =>
      !document.querySelector("#history-table[aria-busy]") &&
      document.querySelectorAll("#history-rows tr").length === expected,
    { timeout: 60_000 },
    count,
  );
}

async function openHistory(): Promise<void> {
  await page.click("#history-tab");
  await page.waitForSelector("#history-view:not([hidden])");
}

async function applyFilters(filter: {
  asset?: string;
  timeframe?: string;
  model?: string;
  source?: string;
}): Promise<void> {
  await page.click("#history-clear");
  for (const [selector, value] of [
    ["#history-asset", filter.asset],
    ["#history-model", filter.model],
  ] as const) {
    await page.$eval(selector, (node) => ((node as HTMLInputElement).value = ""));
    if (value) await page.type(selector, value);
  }
  await page.$eval(
    "#history-timeframe",
    (node, value) => ((node as HTMLSelectElement).value = value),
    filter.timeframe ?? "",
  );
  await page.$eval(
    "#history-source",
    (node, value) => ((node as HTMLSelectElement).value = value),
    filter.source ?? "",
  );
  await page.click("#history-apply");
}

/** Opens a listed analysis by clicking its row, and waits for its facts (and its result or error) to show. */
async function openRow(id: string): Promise<void> {
  await page.click(`#history-rows tr[data-id="${id}"] td:nth-child(2)`);
  await page.waitForFunction(
    (expected: string) => {
      const detail = document.querySelector<HTMLElement>("#history-detail");
      return detail?.dataset.analysisId === expected && document.querySelector("#history-recorded-at") !== null;
    },
    { timeout: 60_000 },
    id,
  );
}

async function backToList(): Promise<void> {
  await page.click("#history-back");
  await page.waitForSelector("#history-list-card:not([hidden])");
}

/**
 * Each test starts from the History list without filters, at desktop size, whatever the one before left open: a
 * failure then shows in the test that broke, not in every test after it.
 */
async function resetHistory(): Promise<void> {
  await page.setViewport({ width: 1366, height: 900 });
  await setColorScheme(page, "light");
  if (await page.$eval("#history-view", (node) => (node as HTMLElement).hidden)) await openHistory();
  if (!(await page.$eval("#history-detail", (node) => (node as HTMLElement).hidden))) await backToList();
  const filtered = await page.$$eval("#history-filters input, #history-filters select", (fields) =>
    fields.some((field) => (field as HTMLInputElement).value !== ""),
  );
  if (filtered) {
    await page.click("#history-clear");
    await page.waitForFunction(() => !document.querySelector("#history-table[aria-busy]"));
  }
}

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  renderer = createChartRenderer();
  server = await startTestServer({ config: { openai_base_url: fake.openaiBaseUrl }, renderer, fetch: yahoo.fetch });
  scratch = mkdtempSync(path.join(tmpdir(), "page-history-"));
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser.browser));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await renderer?.close();
  await fake?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("the History tab", () => {
  it("is a tab beside Analyze and Forward: by mouse, by arrow keys, and from the #history address", async () => {
    await loadPage(page, `${server.url}/`);
    const state = () =>
      page.evaluate(() => ({
        selected: Array.from(document.querySelectorAll('[role="tab"]')).map((tab) => [
          tab.id,
          tab.getAttribute("aria-selected"),
          (tab as HTMLElement).tabIndex,
        ]),
        analyzeHidden: (document.querySelector("#analyze-view") as HTMLElement).hidden,
        historyHidden: (document.querySelector("#history-view") as HTMLElement).hidden,
        focused: document.activeElement?.id,
        hash: window.location.hash,
      }));
    expect(await state()).toMatchObject({
      selected: [
        ["analyze-tab", "true", 0],
        ["history-tab", "false", -1],
        ["forward-tab", "false", -1],
      ],
      analyzeHidden: false,
      historyHidden: true,
    });
    expect(await page.$eval("#history-tab", (tab) => tab.getAttribute("aria-controls"))).toBe("history-view");
    expect(
      await page.$eval("#history-view", (panel) => [panel.getAttribute("role"), panel.getAttribute("aria-labelledby")]),
    ).toEqual(["tabpanel", "history-tab"]);

    await page.focus("#analyze-tab");
    await page.keyboard.press("ArrowRight");
    expect(await state()).toEqual({
      selected: [
        ["analyze-tab", "false", -1],
        ["history-tab", "true", 0],
        ["forward-tab", "false", -1],
      ],
      analyzeHidden: true,
      historyHidden: false,
      focused: "history-tab",
      hash: "#history",
    });
    await page.keyboard.press("ArrowLeft");
    expect(await state()).toEqual({
      selected: [
        ["analyze-tab", "true", 0],
        ["history-tab", "false", -1],
        ["forward-tab", "false", -1],
      ],
      analyzeHidden: false,
      historyHidden: true,
      focused: "analyze-tab",
      hash: "",
    });
    await page.keyboard.press("End");
    expect((await state()).focused).toBe("forward-tab");
    expect((await state()).hash).toBe("#forward");
    await page.keyboard.press("ArrowRight"); // from the last tab round to the first, and back
    expect((await state()).focused).toBe("analyze-tab");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    expect(await state()).toMatchObject({ focused: "history-tab", hash: "#history" });

    await loadPage(page, `${server.url}/#history`);
    expect(await state()).toMatchObject({
      selected: [
        ["analyze-tab", "false", -1],
        ["history-tab", "true", 0],
        ["forward-tab", "false", -1],
      ],
      historyHidden: false,
    });
    await page.click("#analyze-tab");
    expect(await state()).toMatchObject({ analyzeHidden: false, historyHidden: true, hash: "" });
  });

  it("says so when nothing is recorded", async () => {
    await openHistory();
    await page.waitForSelector("#history-empty:not([hidden])");
    expect(await visibleText(page, "#history-empty")).toMatch(/^No analyses recorded yet\./);
    expect(await page.$eval("#history-table", (table) => (table as HTMLElement).hidden)).toBe(true);
    expect(await page.$eval("#history-load-more", (button) => (button as HTMLElement).hidden)).toBe(true);
    await waitForText(page, "#accuracy-empty", /Nothing recorded/);
  });
});

describe("with recorded analyses", () => {
  const ids: Record<"eth" | "btcShort" | "btcPending" | "failed", string> = {
    eth: "",
    btcShort: "",
    btcPending: "",
    failed: "",
  };
  const fillers: string[] = [];
  let shortCharts: { pattern: string; trend: string };

  beforeAll(async () => {
    for (let index = 0; index < 30; index++)
      fillers.push(await seed({ asset: "FILL", models: models("filler-model") }));
    // Oldest to newest; the list shows them the other way round.
    ids.eth = await seed(
      {
        asset: "ETH",
        symbol: "ETH-USD",
        timeframe: "1h",
        source: "page",
        directive: "LONG",
        models: models("model-a"),
      },
      [101, 102, 103],
    );
    const short = sampleEntry({
      asset: "BTC",
      directive: "SHORT",
      entry: { close: 100, time: ENTRY_TIME },
      models: models("model-a"),
    });
    shortCharts = {
      pattern: Buffer.from(short.charts!.pattern!).toString("base64"),
      trend: Buffer.from(short.charts!.trend!).toString("base64"),
    };
    ids.btcShort = await record(short, [99, 101, 102]);
    ids.btcPending = await seed({ asset: "BTC", directive: "LONG", models: models("model-b") });
    ids.failed = await record(
      failedEntry({
        asset: "SOL",
        symbol: "SOL-USD",
        models: models("model-b"),
        error: { code: "provider_quota", message: "You exceeded your current quota." },
        result: { success: false, code: "provider_quota", error: "You exceeded your current quota." },
      }),
    );
    await loadPage(page, `${server.url}/`);
    await openHistory();
    await waitForRows(25);
  });
  beforeEach(resetHistory);

  it("lists them newest first, 25 to a page, with the decision (or the failed run's code) and the outcomes", async () => {
    const rows = await listedRows();
    expect(rows.slice(0, 4)).toEqual([
      {
        id: ids.failed,
        asset: "SOL",
        timeframe: "4h",
        decision: "failed provider_quota",
        model: "model-b",
        source: "api",
        // What is true: it failed, so there is nothing to score (never "pending").
        one: "failed",
        three: "failed",
      },
      {
        id: ids.btcPending,
        asset: "BTC",
        timeframe: "4h",
        decision: "LONG",
        model: "model-b",
        source: "api",
        one: "pending",
        three: "pending",
      },
      // SHORT from 100: 99 one bar later is a hit (+1%), 102 three bars later a miss (-2%).
      {
        id: ids.btcShort,
        asset: "BTC",
        timeframe: "4h",
        decision: "SHORT",
        model: "model-a",
        source: "api",
        one: "✓ +1.00%",
        three: "✗ \u22122.00%",
      },
      {
        id: ids.eth,
        asset: "ETH",
        timeframe: "1h",
        decision: "LONG",
        model: "model-a",
        source: "page",
        one: "✓ +1.00%",
        three: "✓ +3.00%",
      },
    ]);
    expect(rows.slice(4).every((row) => row.asset === "FILL")).toBe(true);
    expect(
      await page.$$eval("#history-rows tr:nth-child(3) .outcome-badge", (badges) =>
        badges.map((badge) => (badge as HTMLElement).dataset.outcome),
      ),
    ).toEqual(["hit", "miss"]);
    expect(await page.$eval("#history-rows tr:nth-child(3) .tag", (tag) => tag.className)).toBe("tag short");

    // The time in the reader's own zone, the recorded ISO time kept in the <time> element.
    const { created_at } = (await getJson(server, `/api/analyses/${ids.btcShort}`)).body;
    const time = await page.$eval(`#history-rows tr[data-id="${ids.btcShort}"] time`, (node) => ({
      datetime: node.getAttribute("datetime"),
      shown: node.textContent,
      local: new Date(node.getAttribute("datetime") ?? "").toLocaleString(undefined, {
        dateStyle: "medium",
        timeStyle: "short",
      }),
    }));
    expect(time.datetime).toBe(created_at);
    expect(time.shown).toBe(time.local);
    expect(await text("#history-count")).toBe("25 analyses, newest first · more to load");
    await screenshot(page, "history-list");
  });

  it("loads the next page with its cursor, then has nothing more to load", async () => {
    expect(await page.$eval("#history-load-more", (button) => (button as HTMLElement).hidden)).toBe(false);
    await page.click("#history-load-more");
    await waitForRows(34);
    const everything = (await getJson(server, "/api/analyses?limit=100")).body.analyses.map(
      (summary: { id: string }) => summary.id,
    );
    expect(await listedIds()).toEqual(everything);
    expect(new Set(await listedIds()).size).toBe(34);
    expect(await page.$eval("#history-load-more", (button) => (button as HTMLElement).hidden)).toBe(true);
    expect(await text("#history-count")).toBe("34 analyses, newest first");
  });

  it("narrows the list with each filter, from the first page again", async () => {
    await applyFilters({ asset: "BTC" });
    await waitForRows(2);
    expect(await listedIds()).toEqual([ids.btcPending, ids.btcShort]);
    await applyFilters({ timeframe: "1h" });
    await waitForRows(1);
    expect(await listedIds()).toEqual([ids.eth]);
    await applyFilters({ model: "model-b" });
    await waitForRows(2);
    expect(await listedIds()).toEqual([ids.failed, ids.btcPending]);
    await applyFilters({ source: "page" });
    await waitForRows(1);
    expect(await listedIds()).toEqual([ids.eth]);
    await applyFilters({ asset: "BTC", model: "model-a" });
    await waitForRows(1);
    expect(await listedIds()).toEqual([ids.btcShort]);
    // Choosing in a list applies at once.
    await page.select("#history-timeframe", "1d");
    await waitForRows(0);
    expect(await text("#history-empty")).toBe("No recorded analysis matches these filters.");
    expect(await page.$$eval("#history-timeframe option", (options) => options.map((option) => option.value))).toEqual(
      expect.arrayContaining(["", "1m", "1h", "4h", "1d"]),
    );

    await page.click("#history-clear");
    await waitForRows(25);
    expect(await page.$eval("#history-asset", (input) => (input as HTMLInputElement).value)).toBe("");
  });

  it("opens an analysis with the result view: decision, both charts and the reports, its time and outcome above", async () => {
    await openRow(ids.btcShort);
    await page.waitForSelector("#history-result #history-decision-badge");
    expect(await page.$eval("#history-list-card", (card) => (card as HTMLElement).hidden)).toBe(true);
    expect(await text("#history-decision-badge")).toBe("SHORT");
    expect(await text("#history-risk-reward")).toBe("1.5");
    expect(await text("#history-pattern-report")).toMatch(/Ascending triangle/);
    const images = await page.$$eval("#history-result img", (nodes) =>
      nodes.map((node) => ({ id: node.id, src: node.src })),
    );
    expect(images).toEqual([
      { id: "history-pattern-chart-image", src: `data:image/png;base64,${shortCharts.pattern}` },
      { id: "history-trend-chart-image", src: `data:image/png;base64,${shortCharts.trend}` },
    ]);
    expect(await page.$eval("#history-result", (node) => (node as HTMLElement).dataset.analysisId)).toBe(ids.btcShort);
    expect(await visibleText(page, "#history-outcome-1")).toBe("✓ +1.00%");
    expect(await visibleText(page, "#history-outcome-3")).toBe("✗ \u22122.00%");
    expect(await page.$eval("#history-recorded-at time", (node) => node.getAttribute("datetime"))).toMatch(
      /^\d{4}-\d\d-\d\dT/,
    );
    // The detail sits above the result, in the page's order.
    const order = await page.evaluate(() => {
      const facts = document.querySelector("#history-detail-facts")!;
      const result = document.querySelector("#history-result")!;
      return facts.compareDocumentPosition(result) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order).toBeTruthy();
    await screenshot(page, "history-opened");

    await backToList();
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.id)).toBe(ids.btcShort);
    expect(await page.$eval("#history-detail", (node) => (node as HTMLElement).hidden)).toBe(true);
  });

  it("opens a row from the keyboard with Enter", async () => {
    await page.focus(`#history-rows tr[data-id="${ids.eth}"]`);
    await page.keyboard.press("Enter");
    await waitForText(page, "#history-decision-badge", /^LONG$/);
    expect(await page.$eval("#history-detail", (node) => (node as HTMLElement).dataset.analysisId)).toBe(ids.eth);
    await backToList();
  });

  it("shows a failed run's error through the error view, with the hint for its code", async () => {
    await openRow(ids.failed);
    await page.waitForSelector("#history-detail-error:not([hidden])");
    expect(await text("#history-detail-error h2")).toBe("This analysis failed");
    expect(await text("#history-detail-error-message")).toBe("You exceeded your current quota.");
    expect(await text("#history-detail-error-hint")).toMatch(/^Check your provider plan and billing/);
    expect(await page.$eval("#history-result", (node) => (node as HTMLElement).hidden)).toBe(true);
    expect(await visibleText(page, "#history-outcome-3")).toBe("failed");
    // The Analyze view's own error panel is untouched.
    expect(await page.$eval("#error-panel", (node) => (node as HTMLElement).hidden)).toBe(true);
    await screenshot(page, "history-failed");

    // Its pointer to Settings leads to the Analyze tab, where Settings are; History keeps the analysis open.
    await page.click("#history-detail-error-hint button");
    await page.waitForSelector("#analyze-view:not([hidden])");
    expect(await page.$eval("#settings-panel", (panel) => (panel as HTMLDetailsElement).open)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("api-key-input");
    await openHistory();
    expect(await page.$eval("#history-detail", (node) => (node as HTMLElement).dataset.analysisId)).toBe(ids.failed);
    expect(await text("#history-detail-error-message")).toBe("You exceeded your current quota.");
    await backToList();
  });

  it("shows the running accuracy per model, 3 bars after the window, with its Wilson interval", async () => {
    const rows = await page.$$eval("#accuracy-rows tr", (nodes) =>
      nodes.map((row) => Array.from(row.children).map((cell) => cell.textContent)),
    );
    const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;
    const modelA = wilsonInterval(1, 2); // ETH LONG 103: hit; BTC SHORT 102: miss
    expect(rows).toEqual(
      expect.arrayContaining([
        ["model-a", "2", "1", "50.0%", `${(modelA.low * 100).toFixed(1)}–${percent(modelA.high)}`],
        ["model-b", "0", "0", "–", "–"],
        ["filler-model", "0", "0", "–", "–"],
      ]),
    );
    expect(rows).toHaveLength(3);

    // The filters apply to the table too.
    await applyFilters({ asset: "ETH" });
    await waitForRows(1);
    await page.waitForFunction(() => document.querySelectorAll("#accuracy-rows tr").length === 1);
    const eth = wilsonInterval(1, 1);
    expect(
      await page.$$eval("#accuracy-rows tr", (nodes) =>
        nodes.map((row) => Array.from(row.children).map((cell) => cell.textContent)),
      ),
    ).toEqual([["model-a", "1", "1", "100.0%", `${(eth.low * 100).toFixed(1)}–${percent(eth.high)}`]]);
    await page.click("#history-clear");
    await waitForRows(25);
  });

  it("deletes an opened analysis after a confirmation, then lists what is left", async () => {
    await openRow(ids.btcPending);
    page.once("dialog", (dialog) => void dialog.dismiss());
    await page.click("#history-delete");
    // A DELETE sent anyway would be in flight now: the page's requests settle before the server is asked.
    await page.waitForNetworkIdle({ idleTime: 100 });
    expect((await getJson(server, `/api/analyses/${ids.btcPending}`)).status).toBe(200);

    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await page.click("#history-delete");
    await page.waitForSelector("#history-list-card:not([hidden])");
    await waitForRows(25);
    expect(asked).toMatch(/^Delete this analysis/);
    expect(await listedIds()).not.toContain(ids.btcPending);
    expect((await listedIds()).slice(0, 2)).toEqual([ids.failed, ids.btcShort]);
    expect(await text("#history-status")).toBe("The analysis was deleted.");
    const gone = await getJson(server, `/api/analyses/${ids.btcPending}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe("analysis_not_found");
  });

  it("scores outcomes on demand, says what it did, and shows the new outcome", async () => {
    const scoreMe = await record(
      sampleEntry({
        asset: "SCOREME",
        symbol: "SCORE-USD",
        timeframe: "1d",
        request: { symbol: "SCORE-USD", timeframe: "1d" },
        directive: "LONG",
        models: models("model-score"),
        entry: { close: 100, time: SCORE_ENTRY_TIME },
      }),
    );
    await applyFilters({ asset: "SCOREME" });
    await waitForRows(1);
    expect((await listedRows())[0]).toMatchObject({ id: scoreMe, one: "pending", three: "pending" });

    await page.click("#score-outcomes-button");
    await waitForText(page, "#score-status", /^Scored 1 · /);
    expect(await page.$eval("#score-status", (node) => (node as HTMLElement).dataset.scored)).toBe("1");
    // LONG from 100; the next closes are 101.25, 102.25, 103.25.
    await page.waitForFunction(
      () => document.querySelector("#history-rows tr .outcome-badge")?.textContent !== "pending",
    );
    expect((await listedRows())[0]).toMatchObject({ id: scoreMe, one: "✓ +1.25%", three: "✓ +3.25%" });
    await page.waitForFunction(
      () => document.querySelector('#accuracy-rows tr[data-model="model-score"] td')?.textContent === "1",
    );
    expect(yahoo.requests.some((request) => request.url.pathname.endsWith("/SCORE-USD"))).toBe(true);
    await page.click("#history-clear");
    await waitForRows(25);
  });

  it("lays the list out as cards on a phone, without sideways scrolling, in both themes", async () => {
    // resetHistory() puts the desktop size and the light theme back, even when this test fails midway.
    await page.setViewport({ width: 390, height: 844 });
    for (const theme of ["light", "dark"] as const) {
      await setColorScheme(page, theme);
      await page.waitForFunction(
        (dark: boolean) => matchMedia("(prefers-color-scheme: dark)").matches === dark,
        {},
        theme === "dark",
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // One header row: brand mark, tabs, Settings side by side, none drawn over another.
      const [brand, tabs, settings] = await Promise.all([
        rectOf(page, ".brand"),
        rectOf(page, ".view-tabs"),
        rectOf(page, "#settings-toggle"),
      ]);
      expect(brand.right).toBeLessThanOrEqual(tabs.left);
      expect(tabs.right).toBeLessThanOrEqual(settings.left);
      expect(settings.right).toBeLessThanOrEqual(390);
      expect(tabs.top).toBeLessThan(settings.bottom);
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
      await screenshot(page, `history-phone-top-${theme}`, { viewportOnly: true });
      await page.$eval("#history-list-card", (card) => card.scrollIntoView({ behavior: "instant" }));
      await screenshot(page, `history-list-phone-${theme}`, { viewportOnly: true });
    }
    await openRow(ids.btcShort);
    await page.waitForSelector("#history-decision-badge");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "history-opened-phone", { viewportOnly: true });
    await backToList();
  });
});

describe("an analysis run in the Analyze tab", () => {
  it("is listed in History as the page's own (X-QuantAgent-Client: page) when the tab is shown again", async () => {
    fake.setHandler(defaultFakeHandler);
    await postJson(server, "/api/update-api-key", { api_key: TEST_KEY, provider: "openai" });
    const csvPath = path.join(scratch, "PAGE_RUN_4h.csv");
    writeFileSync(csvPath, benchmarkCsv());
    await page.setViewport({ width: 1366, height: 900 });
    await loadPage(page, `${server.url}/#history`);
    await page.waitForSelector("#history-rows tr, #history-empty:not([hidden])");
    await page.click("#analyze-tab");
    await runCsvAnalysis(page, csvPath);
    await page.waitForSelector("#decision-badge", { timeout: 60_000 });
    const id = await page.$eval("#result", (node) => (node as HTMLElement).dataset.analysisId);
    expect(id).toBeTruthy();

    await openHistory();
    await page.waitForFunction(
      (expected: string) => document.querySelector<HTMLElement>("#history-rows tr")?.dataset.id === expected,
      { timeout: 60_000 },
      id!,
    );
    // A CSV with no bars after its window can never be scored: the row says so instead of "pending" for ever.
    expect((await listedRows())[0]).toMatchObject({
      id,
      asset: "PAGE_RUN_4h",
      source: "page",
      one: "no outcome: no bars after the window",
      three: "no outcome: no bars after the window",
    });
    // Its long badges wrap inside their cells: the table fits its card at this desktop width, with no sideways
    // scrolling that would hide the last columns.
    const fit = await page.$eval("#history-rows", (rows) => {
      const box = rows.closest(".table-scroll")!;
      return { table: box.scrollWidth, box: box.clientWidth };
    });
    expect(fit.table).toBeLessThanOrEqual(fit.box);
    // The Analyze view's result stays as it was; the History's opened copy has ids of its own.
    await openRow(id!);
    await page.waitForSelector("#history-decision-badge");
    expect(await page.$$eval("#decision-badge", (nodes) => nodes.length)).toBe(1);
    expect(await page.$eval("#result", (node) => (node as HTMLElement).hidden)).toBe(false);
    await backToList();
  });
});

describe("cancelled runs and demo analyses", () => {
  it("lists a cancelled run as cancelled, and a demo analysis with its demo tag", async () => {
    const cancelled = await record(
      failedEntry({
        asset: "CANCELLED",
        error: { code: "cancelled", message: "The analysis was cancelled: The user pressed Cancel." },
        result: { success: false, code: "cancelled", error: "The analysis was cancelled: The user pressed Cancel." },
      }),
    );
    const demo = await seed({ asset: "DEMO", models: models("demo", "demo") });
    await page.setViewport({ width: 1366, height: 900 });
    // A fresh load: the page may already be at /#history, where going to the same address would not reload it.
    await page.goto("about:blank");
    await loadPage(page, `${server.url}/#history`);
    await page.waitForFunction(
      (expected: string) => document.querySelector<HTMLElement>("#history-rows tr")?.dataset.id === expected,
      { timeout: 60_000 },
      demo,
    );
    const [demoRow, cancelledRow] = await listedRows();
    expect(demoRow).toMatchObject({ id: demo, model: "demo demo", one: "pending" });
    expect(cancelledRow).toMatchObject({ id: cancelled, decision: "cancelled", one: "cancelled", three: "cancelled" });
    expect(
      await page.$eval(`#history-rows tr[data-id="${demo}"] .tag.demo`, (node) => node.getAttribute("title")),
    ).toBe("demo: scripted, not a model (never counted in accuracy)");
    // The accuracy card says the demo analysis is left out, beside the models it counts.
    await waitForText(page, "#accuracy-demo", /^1 demo analysis \(demo: scripted, not a model\) left out: /);
    await openRow(cancelled);
    await page.waitForSelector("#history-detail-error:not([hidden])");
    expect(await text("#history-detail-error h2")).toBe("This analysis was cancelled");
    await backToList();
  });
});

describe("hostile text from the journal", () => {
  let hostileId: string;
  let hostileFailedId: string;

  beforeAll(async () => {
    const asset = hostileLine("asset");
    const entry = sampleEntry({ asset, models: models(hostileLine("model")), entry: { close: 100, time: ENTRY_TIME } });
    hostileId = await record({
      ...entry,
      result: { ...entry.result, asset_name: asset, symbol: hostileLine("symbol") },
    });
    hostileFailedId = await record(
      failedEntry({
        asset: "FAILED",
        error: { code: "<b>hostile_code</b>", message: hostileLine("error") },
        result: { success: false, code: "<b>hostile_code</b>", error: hostileLine("error") },
      }),
    );
    await resetHistory();
    await page.click("#history-clear");
    await waitForRows(25);
    await page.waitForFunction(
      (id: string) => document.querySelector<HTMLElement>("#history-rows tr")?.dataset.id === id,
      {},
      hostileFailedId,
    );
  });
  beforeEach(resetHistory);

  it("shows the asset, the model and the error code in the list and the accuracy table as text", async () => {
    for (const selector of ["#history-rows", "#accuracy-rows"])
      expect(await forbiddenElementsIn(page, selector)).toEqual([]);
    const rows = await listedRows();
    expect(rows[1]!.asset).toBe(hostileLine("asset"));
    expect(rows[1]!.model).toBe(hostileLine("model"));
    expect(rows[0]!.decision).toBe("failed <b>hostile_code</b>");
    expect(await visibleText(page, "#accuracy-rows")).toContain(hostileLine("model"));
  });

  it("shows a failed run's message as text in the error view", async () => {
    await openRow(hostileFailedId);
    await page.waitForSelector("#history-detail-error:not([hidden])");
    expect(await forbiddenElementsIn(page, "#history-detail")).toEqual([]);
    expect(await text("#history-detail-error-message")).toBe(hostileLine("error"));
    await backToList();
  });

  it("shows the asset's name as text in the opened result", async () => {
    await openRow(hostileId);
    await page.waitForSelector("#history-decision-badge");
    expect(await forbiddenElementsIn(page, "#history-result .decision-card")).toEqual([]);
    expect(await forbiddenElementsIn(page, "#history-detail-facts")).toEqual([]);
    expect(await visibleText(page, "#history-result .decision-title h2")).toContain(hostileLine("asset"));
    expect(await page.$$eval("#history-detail img", (images) => images.map((image) => image.id))).toEqual([
      "history-pattern-chart-image",
      "history-trend-chart-image",
    ]);
    await backToList();
  });

  it("ran nothing: no flag set, no script error, no CSP violation", async () => {
    await pageSettled(page);
    expect(await pwned(page)).toBeUndefined();
    expect(problems).toEqual([]);
  });
});
