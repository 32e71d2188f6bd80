// A newcomer's first minutes in the page, with no key that works and no network: the default run (SPX from Yahoo)
// fails, in plain words, and points to Sample data, whose button switches the source; such a failure spent nothing
// and History records nothing; sample windows are listed with their dates; a provider that cannot be reached is said
// in plain words and points to Demo; a key saved while the provider cannot be reached is "not checked (provider
// unreachable)", never invalid, and saving it clears the stale "no key" error; Demo in Settings with Sample data runs
// a first analysis with live progress and a result labelled "demo: scripted, not a model", listed in History with its
// demo tag and its outcome; Settings show and change a provider's base URL; an end before the start is said in those words; and a server that
// shuts down mid-analysis says so in plain words.
import type { Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ChartRenderer, createChartRenderer, type ProgressEvent } from "../../src/index";
import { launchBrowser, openPage, screenshot, type TestBrowser } from "./browser";
import {
  chooseSource,
  emitter,
  loadPage,
  pipelineWithAnalyze,
  rectOf,
  text,
  visibleText,
  waitForText,
} from "./page-helpers";
import { postJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

/** No network: every market-data request fails as an unplugged machine's would. */
const offline: typeof fetch = () => Promise.reject(new TypeError("fetch failed"));

let renderer: ChartRenderer;
let server: TestServer;
let browser: TestBrowser;
const watched: string[][] = [];

/**
 * The error panel's message and hint are in a user's words: no code, JSON, field name or transport error, and the
 * server's own sentence is folded away in "Technical details".
 */
async function expectPlainWords(page: Page): Promise<void> {
  const words = `${await text(page, "#error-message")} ${await text(page, "#error-hint")}`;
  expect(words).not.toMatch(/[{}[\]_]|fetch failed|Network Error|timeframe:|sample:/);
  expect(await text(page, "#error-details summary")).toBe("Technical details");
  expect(await page.$eval("#error-details", (node) => (node as HTMLDetailsElement).open)).toBe(false);
  expect(await page.$eval("#error-details p", (node) => node.checkVisibility())).toBe(false);
}

async function open(url = `${server.url}/`, size = { width: 1440, height: 900 }): Promise<Page> {
  const opened = await openPage(browser.browser, size);
  watched.push(opened.problems);
  await loadPage(opened.page, url);
  return opened.page;
}

beforeAll(async () => {
  renderer = createChartRenderer();
  // OpenAI at a port nobody listens on, and Yahoo unreachable: a machine without a network.
  server = await startTestServer({ renderer, fetch: offline, config: { openai_base_url: "http://127.0.0.1:9/v1" } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await renderer?.close();
  for (const problems of watched) expect(problems).toEqual([]);
});

describe("offline, with a key the provider cannot check", () => {
  it("the default run fails with no key, and saving one clears that error; the key is not checked, not invalid", async () => {
    const page = await open();
    await page.click("#run-button");
    await waitForText(page, "#error-message", /^No OpenAI API key is set on this server yet\./);
    expect(await text(page, "#error-hint")).toMatch(/No key yet\? Choose Demo as the provider/);

    await page.type("#api-key-input", TEST_KEY);
    await page.click("#save-key-button");
    await page.waitForSelector("#error-panel[hidden]");
    await waitForText(
      page,
      '#key-status-list li[data-provider="openai"] .key-validation',
      /^not checked \(provider unreachable\)$/,
    );
    expect(await text(page, "#key-message")).toMatch(/The OpenAI key was not checked: OpenAI could not be reached/);
    expect(await text(page, '#key-status-list li[data-provider="openai"]')).not.toMatch(/invalid|rejected/);
    expect(await text(page, '#key-status-list li[data-provider="openai"] .key-masked')).toBe("sk-...def");
    await screenshot(page, "first-run-key-unreachable", { viewportOnly: true });
    await page.close();
  });

  it("the default run (SPX from Yahoo) points to Sample data, whose button switches the source; nothing is recorded", async () => {
    await postJson(server, "/api/update-api-key", { api_key: TEST_KEY, provider: "openai" });
    const page = await open();
    await chooseSource(page, "market");
    await page.click("#run-button");
    // In plain words: what happened and what to do; the server's sentence (request syntax, "fetch failed") and the
    // code only in the folded details.
    await waitForText(
      page,
      "#error-message",
      /^The market data could not be fetched: Yahoo Finance could not be reached from this server, or did not answer as expected\. The server may have no internet connection/,
      30_000,
    );
    await expectPlainWords(page);
    expect(await text(page, "#error-hint")).toMatch(
      /^Check the connection, then run again\. No network\? Choose Sample data .* or Upload CSV: neither needs market access\./,
    );
    expect(await text(page, "#error-details p")).toMatch(
      /^Network Error: Unable to reach Yahoo Finance for \^GSPC \(fetch failed\).* \(market_data\)$/,
    );
    await screenshot(page, "first-run-market-unreachable", { viewportOnly: true });
    await page.click("#error-hint button");
    await page.waitForSelector("#sample-source:not([hidden])");
    expect(await page.$eval('input[name="source"][value="sample"]', (node) => node.checked)).toBe(true);
    expect(
      await page.$eval("#timeframe-select", (node) => [
        (node as HTMLSelectElement).value,
        (node as HTMLSelectElement).disabled,
      ]),
    ).toEqual(["4h", true]);
    // It failed before any model was called: it spent nothing and is no analysis.
    expect((await server.pipeline.journal.list()).analyses).toEqual([]);
    await page.close();
  });

  it("a provider that cannot be reached is said in plain words, pointing to the Demo provider", async () => {
    await postJson(server, "/api/update-api-key", { api_key: TEST_KEY, provider: "openai" });
    const page = await open(undefined, { width: 390, height: 844 });
    await chooseSource(page, "sample");
    // Each window is listed with the dates (UTC) of its first and last bar, and the picker fits a phone's width.
    await page.select("#sample-asset-select", "SPX");
    const windows = await page.$$eval("#sample-window-select option", (options) =>
      options.map((option) => [option.value, option.textContent]),
    );
    expect(windows).toHaveLength(100);
    expect(windows[2]).toEqual(["3", "Window 3: 2020-01-09 – 2020-03-23"]);
    for (const [value, label] of windows)
      expect(label).toMatch(new RegExp(`^Window ${value}: \\d{4}-\\d\\d-\\d\\d – \\d{4}-`));
    await page.select("#sample-window-select", "3");
    const picker = await rectOf(page, "#sample-window-select");
    expect(picker.right).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, "first-run-sample-windows-390", { viewportOnly: true });
    await page.click("#run-button");
    await waitForText(
      page,
      "#error-message",
      /^OpenAI could not be reached from this server, so the analysis stopped\. The server may have no internet connection, a proxy may be in the way, or the provider's address \(its base URL\) may be wrong\.$/,
      60_000,
    );
    await expectPlainWords(page);
    expect(await text(page, "#error-hint")).toMatch(
      /^Check the connection, then run again\. No network\? Choose Demo as the provider in Settings: it needs no key and no network\./,
    );
    expect(await text(page, "#error-details p")).toMatch(/ \(provider_network\)$/);
    // The panel fits a phone's width: nothing in it makes the page scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, "first-run-provider-unreachable-390", { viewportOnly: true });
    await page.click("#error-hint button");
    await page.waitForFunction(() => document.querySelector<HTMLDetailsElement>("#settings-panel")?.open === true);
    await page.close();
  });

  it("the CSV picker is a button-like label over a hidden input the keyboard reaches, with the file's name", async () => {
    const page = await open(undefined, { width: 390, height: 844 });
    await chooseSource(page, "csv");
    expect(await text(page, "#csv-file-name")).toBe("No file chosen");
    const input = await page.$eval("#csv-file-input", (node) => node.getBoundingClientRect().width);
    expect(input).toBeLessThanOrEqual(1);
    // Tab from the Upload CSV radio lands on the input, and the label shows the focus ring.
    await page.focus('input[name="source"][value="csv"]');
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("csv-file-input");
    expect(await page.$eval("#csv-file-button", (node) => getComputedStyle(node).outlineStyle)).toBe("solid");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.close();
  });

  it("an end before the start is said in those words", async () => {
    const page = await open();
    await chooseSource(page, "market");
    const start = await page.$eval("#start-input", (node) => (node as HTMLInputElement).value);
    const before = new Date(Date.parse(`${start}:00Z`) - 86_400_000).toISOString().slice(0, 16);
    await page.$eval(
      "#end-input",
      (node, value) => {
        (node as HTMLInputElement).value = value;
        node.dispatchEvent(new Event("change", { bubbles: true }));
      },
      before,
    );
    await waitForText(page, "#range-message", /^The end is before the start, so the start was moved to /);
    await page.close();
  });
});

describe("Demo and Sample data: a first analysis with no key and no network", () => {
  it("runs with live progress, says it is a demo, and is listed in History with its tag and outcome", async () => {
    const page = await open();
    await page.$eval("#settings-panel", (node) => ((node as HTMLDetailsElement).open = true));
    await page.select("#provider-select", "demo");
    await page.waitForSelector("#key-fields", { hidden: true });
    expect(await visibleText(page, "#demo-note")).toMatch(/needs no key and no network/);
    await waitForText(page, "#settings-summary", /^Demo \(scripted, not a model\) · no key needed$/);
    await chooseSource(page, "sample");
    await page.select("#sample-asset-select", "SPX");
    await page.select("#sample-window-select", "3");
    await page.click("#run-button");
    // The reports appear as they are written, before the result.
    await page.waitForFunction(
      () => (document.querySelector("#live-report-list")?.textContent ?? "").includes("demo: scripted, not a model"),
      { timeout: 60_000 },
    );
    await page.waitForSelector("#decision-badge", { timeout: 60_000 });
    expect(await text(page, "#demo-banner")).toMatch(/^demo: scripted, not a model: the demo provider wrote/);
    expect(await text(page, ".decision-title h2")).toBe("S&P 500, sample window 3 (SPX)");
    // The window's later bars score the decision at once, and the result says how it went, not only History.
    expect(await text(page, "#outcome")).toMatch(
      /^1 bar later: (hit|miss) \(-?\d+\.\d\d%\) · 3 bars later: (hit|miss) /,
    );
    await screenshot(page, "first-run-demo-result", { viewportOnly: true });

    await page.click("#history-tab");
    await page.waitForSelector("#history-rows tr");
    const row = await page.$eval("#history-rows tr", (node) =>
      Array.from(node.querySelectorAll("td")).map((cell) => (cell.textContent ?? "").replace(/\s+/g, " ").trim()),
    );
    expect(row[1]).toBe("SPX");
    expect(row[4]).toBe("demo demo");
    expect(row[6]).toMatch(/^[✓✗] /); // scored at once from the window's later bars
    await page.close();
  });
});

describe("the header's Settings chip", () => {
  it("opens the panel and closes it again, saying which (aria-expanded)", async () => {
    const page = await open();
    const state = () =>
      page.evaluate(() => ({
        open: document.querySelector<HTMLDetailsElement>("#settings-panel")!.open,
        expanded: document.querySelector("#settings-toggle")!.getAttribute("aria-expanded"),
      }));
    // Whatever it starts as (open on a first visit without a key), each click turns it over.
    await page.waitForFunction(() => document.querySelector("#settings-toggle")!.hasAttribute("aria-expanded"));
    const first = (await state()).open;
    const expandedIs = (value: boolean) =>
      page.waitForFunction(
        (wanted: string) => document.querySelector("#settings-toggle")!.getAttribute("aria-expanded") === wanted,
        {},
        String(value),
      );
    await page.click("#settings-toggle");
    await expandedIs(!first);
    expect(await state()).toEqual({ open: !first, expanded: String(!first) });
    await page.click("#settings-toggle");
    await expandedIs(first);
    expect(await state()).toEqual({ open: first, expanded: String(first) });
    await page.close();
  });
});

describe("Settings: a provider's base URL", () => {
  it("shows where the provider's requests go, changes it, and puts the default back", async () => {
    await postJson(server, "/api/update-provider", { provider: "anthropic" });
    const page = await open();
    await waitForText(page, "#base-url-status", /^Requests go to the provider's own address \(the default\)\.$/);
    await page.type("#base-url-input", "http://localhost:11434/v1");
    await page.click("#save-base-url-button");
    // No key went with the new address: the page says one must be saved for it.
    await waitForText(
      page,
      "#base-url-status",
      /^Requests go to http:\/\/localhost:11434\/v1 \(set here\): no key set before this address is sent there; save the key for it above\.$/,
    );
    expect(await text(page, "#key-message")).toBe(
      "Anthropic requests now go to http://localhost:11434/v1. Save the key for this server in Settings (any text if it needs none).",
    );
    await page.click("#reset-base-url-button");
    await waitForText(page, "#base-url-status", /\(the default\)\.$/);
    expect(await page.$eval("#base-url-input", (node) => (node as HTMLInputElement).value)).toBe("");
    await page.$eval("#base-url-input", (node) => ((node as HTMLInputElement).value = "ftp://example.org"));
    await page.click("#save-base-url-button");
    await waitForText(page, "#key-message", /must start with http:\/\/ or https:\/\//);
    await page.close();
  });
});

describe("a server that shuts down while the page waits for an analysis", () => {
  it("says so in plain words, with what to do", async () => {
    const shutdown = new AbortController();
    const stopping = await startTestServer({
      renderer,
      app: { shutdown: shutdown.signal },
      pipeline: pipelineWithAnalyze(server.pipeline, async (_request, options = {}) => {
        emitter(options.onEvent)({ type: "step-start", step: "data", at: Date.now() } satisfies ProgressEvent);
        return new Promise((_resolve, reject) => {
          options.signal?.addEventListener("abort", () => reject(new Error("stopped by the shutdown")), { once: true });
        });
      }),
    });
    try {
      const page = await open(`${stopping.url}/`);
      await chooseSource(page, "sample");
      await page.click("#run-button");
      await page.waitForSelector('#progress-steps li[data-step="data"][data-state="running"]');
      shutdown.abort();
      await waitForText(page, "#error-message", /^The server is shutting down, so this analysis was stopped\./);
      expect(await text(page, "#error-hint")).toMatch(/^Start the server again/);
      await page.close();
    } finally {
      await stopping.close();
    }
  });
});
