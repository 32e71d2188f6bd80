// The Forward tab in real headless Chromium against the running server: the empty watchlist says what to do; an entry
// added through the form is listed as active; its Pause button pauses it with the reason shown, Resume resumes it;
// opened, its live record shows the decisions stored for it (on the fake market's daily bars), their accuracy and the
// decisions played beside buy-and-hold; Remove takes it off the list. Screenshots go to test-artifacts/server/.
import type { Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { fakeYahooMarket } from "../support/fake-yahoo-market";
import { launchBrowser, openPage, screenshot, type TestBrowser } from "./browser";
import { loadPage, text, waitForText } from "./page-helpers";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let browser: TestBrowser;
let page: Page;
let problems: string[];
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer({ fetch: fakeYahooMarket({ symbol: "BTC-USD", market: "crypto" }).fetch });
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser.browser));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const rowState = () =>
  page.$$eval("#forward-rows tr", (rows) =>
    rows.map((row) => ({
      id: (row as HTMLElement).dataset.id ?? "",
      cells: Array.from(row.querySelectorAll("td")).map((cell) => (cell.textContent ?? "").trim()),
    })),
  );

/** The empty watchlist's words shown (they are in the page, hidden, whenever there are entries). */
const waitForEmptyList = () =>
  page.waitForFunction(
    () =>
      !(document.querySelector("#forward-empty") as HTMLElement).hidden &&
      document.querySelectorAll("#forward-rows tr").length === 0,
  );

describe("the Forward tab", () => {
  it("adds an entry, lists it, pauses and resumes it, shows its live record, and removes it", async () => {
    await loadPage(page, `${server.url}/#forward`);
    await page.waitForSelector("#forward-view:not([hidden])");
    await waitForEmptyList();

    await page.type("#forward-market", "BTC-USD");
    await page.select("#forward-timeframe", "1d");
    await page.click("#forward-add-button");
    await waitForText(page, "#forward-add-status", /Watching BTC-USD 1d/);
    await page.waitForFunction(() => document.querySelectorAll("#forward-rows tr").length === 1);
    const [added] = await rowState();
    expect(added!.cells).toEqual(["BTC-USD", "1d", "the watcher's", "active", "PauseRemove"]);
    await expect((await server.pipeline.journal.open()).watchlist.list()).resolves.toHaveLength(1);

    await page.click(`#forward-rows tr[data-id="${added!.id}"] button`);
    await page.waitForSelector(`#forward-rows tr[data-status="paused"]`);
    expect((await rowState())[0]!.cells).toEqual([
      "BTC-USD",
      "1d",
      "the watcher's",
      "paused: paused by hand",
      "ResumeRemove",
    ]);
    const stored = await (await server.pipeline.journal.open()).watchlist.get(added!.id);
    expect(stored).toMatchObject({ status: "paused", pausedReason: "paused by hand" });

    // Five decisions on the fake market's last daily bars, as the watcher would have recorded them.
    const today = Math.floor(Date.now() / DAY) * DAY;
    const journal = await server.pipeline.journal.open();
    for (const daysAgo of [12, 11, 10, 9, 8])
      await journal.watchlist.recordDecision({
        entryId: added!.id,
        barTime: today - daysAgo * DAY,
        analysisId: null,
        directive: daysAgo % 2 === 0 ? "LONG" : "SHORT",
      });
    await page.click(`#forward-rows tr[data-id="${added!.id}"] td:nth-child(3)`);
    await page.waitForSelector("#forward-record:not([hidden]) #forward-lines-rows tr");
    expect(await text(page, "#forward-record-title")).toBe("BTC-USD, 1d");
    expect(await text(page, '#forward-record-facts dd[data-fact="Decisions"]')).toBe("5");
    expect(await text(page, '#forward-record-facts dd[data-fact="Scored"]')).toBe("5");
    expect(await text(page, '#forward-record-facts dd[data-fact="Accuracy"]')).toMatch(/^\d+\.\d%$/);
    const lines = await page.$$eval("#forward-lines-rows tr", (rows) => rows.map((row) => row.dataset.line));
    expect(lines).toEqual(expect.arrayContaining([server.pipeline.config.graph_llm_model, "buy_and_hold"]));
    await screenshot(page, "page-forward-record");

    await page.click(`#forward-rows tr[data-id="${added!.id}"] button`); // Resume
    await page.waitForSelector(`#forward-rows tr[data-status="active"]`);
    const buttons = await page.$$(`#forward-rows tr[data-id="${added!.id}"] button`);
    await buttons[1]!.click(); // Remove
    await waitForEmptyList();
    expect(await page.$eval("#forward-record", (node) => (node as HTMLElement).hidden)).toBe(true);
    await expect((await server.pipeline.journal.open()).watchlist.list()).resolves.toEqual([]);
    expect(problems).toEqual([]);
  });

  it("adds an entry with its own graph model, listed with it", async () => {
    await loadPage(page, `${server.url}/#forward`);
    await page.waitForSelector("#forward-view:not([hidden])");
    await page.type("#forward-market", "ETH");
    await page.select("#forward-kind", "asset");
    await page.select("#forward-timeframe", "4h");
    await page.type("#forward-graph-model", "claude-sonnet-4-5");
    await page.click("#forward-add-button");
    await waitForText(page, "#forward-add-status", /Watching ETH 4h with claude-sonnet-4-5\./);
    await page.waitForFunction(() => document.querySelectorAll("#forward-rows tr").length === 1);
    expect((await rowState())[0]!.cells.slice(0, 3)).toEqual(["ETH", "4h", "claude-sonnet-4-5"]);
    const [entry] = await (await server.pipeline.journal.open()).watchlist.list();
    expect(entry).toMatchObject({ market: "ETH", marketKind: "asset", models: { graph: "claude-sonnet-4-5" } });
    await (await server.pipeline.journal.open()).watchlist.remove(entry!.id);
  });

  it("says why an entry cannot be added, in the server's words", async () => {
    await loadPage(page, `${server.url}/#forward`);
    await page.waitForSelector("#forward-view:not([hidden])");
    await page.click("#forward-add-button");
    await waitForText(page, "#forward-add-status", /Give a symbol/);
    await page.type("#forward-market", "not a symbol!");
    await page.click("#forward-add-button");
    await waitForText(page, "#forward-add-status", /symbol/i);
    expect(await page.$eval("#forward-add-status", (node) => (node as HTMLElement).dataset.tone)).toBe("error");
    await expect((await server.pipeline.journal.open()).watchlist.list()).resolves.toEqual([]);
  });
});
