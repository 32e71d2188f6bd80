// The web page in real headless Chromium against the running server and the fake provider: Settings (save a key and
// see it masked, validate, switch provider), the asset dropdown (add a symbol, still there after a reload), the date
// pickers' limits, a full analysis of an uploaded benchmark CSV with every part of the result, model text shown as
// text, errors in plain words with a pointer to the fix, and the access-token flow. Screenshots of the main states
// go to test-artifacts/server/.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ElementHandle, Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChartRenderer, type ChartRenderer } from "../../src/index";
import { defaultFakeHandler } from "../fakes/fake-default-handler";
import { fakeReply, startFakeProviderServer, type FakeProviderServer } from "../fakes/fake-provider-server";
import { benchmarkCsv, noBarsFetch } from "./analysis-fixtures";
import { launchBrowser, openPage, screenshot, type TestBrowser } from "./browser";
import { getJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

const HOSTILE_REPORT = [
  "## Momentum",
  "**RSI** sits near 55 and `MACD` is rising.",
  "- <script>window.__pwned = 1</script>",
  '- <img src="x" onerror="window.__pwned = 2">',
].join("\n");

let fake: FakeProviderServer;
let renderer: ChartRenderer;
let server: TestServer;
let browser: TestBrowser;
let page: Page;
let problems: string[];
let scratch: string;
let csvPath: string;

const text = (selector: string) => page.$eval(selector, (node) => node.textContent ?? "");
const waitForText = (selector: string, pattern: RegExp, timeout = 15_000) =>
  page.waitForFunction(
    (css: string, source: string) => new RegExp(source).test(document.querySelector(css)?.textContent ?? ""),
    { timeout },
    selector,
    pattern.source,
  );

async function setInputAndCommit(selector: string, value: string): Promise<void> {
  await page.$eval(
    selector,
    (node, newValue) => {
      const input = node as HTMLInputElement;
      input.value = newValue;
      input.dispatchEvent(new Event("change", { bubbles: true }));
    },
    value,
  );
}

/** Picks the data source and waits until its part of the form is shown. */
async function chooseSource(source: "market" | "csv"): Promise<void> {
  await page.click(`input[name="source"][value="${source}"]`);
  await page.waitForSelector(source === "market" ? "#add-symbol-button" : "#csv-file-input", { visible: true, timeout: 5_000 });
}

async function loadPage(): Promise<void> {
  await page.goto(`${server.url}/`, { waitUntil: "domcontentloaded" });
  await page.waitForSelector("body[data-ready=true]", { timeout: 15_000 });
}

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  renderer = createChartRenderer();
  server = await startTestServer({
    config: { openai_base_url: fake.openaiBaseUrl, anthropic_base_url: fake.anthropicBaseUrl, qwen_base_url: fake.qwenBaseUrl },
    renderer,
    fetch: noBarsFetch,
  });
  scratch = mkdtempSync(path.join(tmpdir(), "server-page-csv-"));
  csvPath = path.join(scratch, "BTC_4h_1.csv");
  writeFileSync(csvPath, benchmarkCsv());
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser.browser));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await renderer?.close();
  await fake?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("the web page", () => {
  it("opens with Settings open on a first visit without a key", async () => {
    await loadPage();
    expect(await page.$eval("#settings-panel", (node) => (node as HTMLDetailsElement).open)).toBe(true);
    expect(await text("#settings-summary")).toBe("OpenAI · no key");
    expect(await page.$$eval("#asset-select option", (options) => options.length)).toBe(12);
    await screenshot(page, "01-first-visit");
  });

  it("saves a key and shows it masked, never in full", async () => {
    await page.type("#api-key-input", TEST_KEY);
    await page.click("#save-key-button");
    await waitForText('#key-status-list li[data-provider="openai"]', /sk-\.\.\.def/);
    expect(await text("#key-message")).toMatch(/OpenAI API key saved and applied \(sk-\.\.\.def\)/);
    expect(await page.$eval("#api-key-input", (node) => (node as HTMLInputElement).value)).toBe("");
    expect(await text("#settings-summary")).toBe("OpenAI · sk-...def");
    expect(await page.content()).not.toContain("SECRET");
    await page.click("#validate-key-button");
    await waitForText("#key-message", /OpenAI API key is valid/);
    await screenshot(page, "02-key-saved");
  });

  it("switches the provider of both roles", async () => {
    await page.select("#provider-select", "anthropic");
    await waitForText("#provider-models", /claude-haiku-4-5-20251001 · graph model claude-haiku-4-5-20251001/);
    expect(await text("#settings-summary")).toBe("Anthropic · no key");
    expect((await getJson(server, "/api/get-provider")).body.config).toMatchObject({ agent_llm_provider: "anthropic", graph_llm_provider: "anthropic" });
    await screenshot(page, "03-provider-anthropic");
  });

  it("shows a missing key in plain words, with a button to the Settings panel", async () => {
    await chooseSource("csv");
    const fileInput = (await page.$("#csv-file-input")) as ElementHandle<HTMLInputElement>;
    await fileInput.uploadFile(csvPath);
    await page.click("#run-button");
    await waitForText("#error-message", /^Anthropic API key not found\./);
    expect(await text("#error-hint")).toMatch(/Open Settings to add your Anthropic key/);
    await screenshot(page, "04-missing-key");
    await page.$eval("#settings-panel", (node) => ((node as HTMLDetailsElement).open = false));
    await page.click("#error-hint button");
    expect(await page.$eval("#settings-panel", (node) => (node as HTMLDetailsElement).open)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("api-key-input");
    await page.select("#provider-select", "openai");
    await waitForText("#settings-summary", /^OpenAI · sk-\.\.\.def$/);
  });

  it("adds a custom symbol to the dropdown at once, and keeps it after a reload", async () => {
    await chooseSource("market");
    await page.type("#custom-symbol-input", "bad/symbol");
    await page.click("#add-symbol-button");
    await waitForText("#symbol-message", /at most 32 letters, digits/);
    await page.$eval("#custom-symbol-input", (node) => ((node as HTMLInputElement).value = ""));
    await page.type("#custom-symbol-input", "ETH-USD");
    await page.click("#add-symbol-button");
    await waitForText("#symbol-message", /Added ETH-USD/);
    expect(await page.$eval("#asset-select", (node) => (node as HTMLSelectElement).value)).toBe("ETH-USD");
    expect(await page.$$eval('#asset-select optgroup[label="Custom symbols"] option', (options) => options.map((option) => option.textContent))).toEqual(["ETH-USD"]);
    await screenshot(page, "05-custom-symbol");
    await loadPage();
    expect(await page.$$eval('#asset-select optgroup[label="Custom symbols"] option', (options) => options.map((option) => option.textContent))).toEqual(["ETH-USD"]);
    expect(await page.$eval("#asset-select", (node) => (node as HTMLSelectElement).value)).toBe("ETH-USD"); // the choice is remembered
  });

  it("keeps the date range within the timeframe's limit and says why", async () => {
    await page.select("#timeframe-select", "1m");
    await waitForText("#range-message", /1m bars: at most 7 days/);
    const end = await page.$eval("#end-input", (node) => (node as HTMLInputElement).value);
    const monthBefore = new Date(Date.parse(`${end}:00Z`) - 30 * 86_400_000).toISOString().slice(0, 16);
    await setInputAndCommit("#start-input", monthBefore);
    await waitForText("#range-message", /1m bars: at most 7 days of history per request, so the start was moved/);
    const start = await page.$eval("#start-input", (node) => (node as HTMLInputElement).value);
    expect(Date.parse(`${end}:00Z`) - Date.parse(`${start}:00Z`)).toBe(7 * 86_400_000);
    expect(await page.$eval("#start-input", (node) => (node as HTMLInputElement).min)).toBe(start);
    await screenshot(page, "06-range-limit");
  });

  it("shows no data for a market request in plain words", async () => {
    await page.select("#timeframe-select", "1h");
    const requested: string[] = [];
    const record = (request: { url(): string }) => requested.push(new URL(request.url()).pathname);
    page.on("request", record);
    await page.click("#run-button");
    await waitForText("#error-message", /^No data available for ETH-USD \(1h, /);
    expect(await text("#error-hint")).toMatch(/Choose another asset/);
    page.off("request", record);
    expect(requested.filter((pathname) => pathname.startsWith("/api/"))).toEqual(["/api/analyze"]); // Run asks once
  });

  it("runs an analysis of an uploaded benchmark CSV and shows every part of the result", async () => {
    fake.setHandler((request) => {
      const summary = request.summary;
      const finalIndicatorReport = summary.trailingToolResults > 0 && summary.imageCount === 0 && !summary.wantsJson;
      return finalIndicatorReport ? fakeReply.text(HOSTILE_REPORT) : defaultFakeHandler(request);
    });
    await chooseSource("csv");
    await page.select("#timeframe-select", "4h");
    const fileInput = (await page.$("#csv-file-input")) as ElementHandle<HTMLInputElement>;
    await fileInput.uploadFile(csvPath);
    await page.click("#run-button");
    await page.waitForSelector("#progress-card:not([hidden])");
    await screenshot(page, "07-running");
    await page.waitForSelector("#decision-badge", { timeout: 60_000 });
    await page.waitForSelector("#candle-chart .main-svg", { timeout: 30_000 });

    expect(await page.$$eval("#progress-steps li", (items) => items.map((item) => (item as HTMLElement).dataset.state))).toEqual(["done", "done", "done", "done", "done"]);
    expect(await text("#decision-badge")).toBe("LONG");
    expect(await text("#risk-reward")).toBe("1.5");
    expect(await text("#forecast-horizon")).toMatch(/candlesticks/);
    expect(await text("#justification")).toMatch(/Fake provider/);
    expect(await text("#pattern-report")).toMatch(/Ascending Triangle/);
    expect(await text("#trend-report")).toMatch(/upward/);
    for (const id of ["#pattern-chart-image", "#trend-chart-image"]) {
      await page.waitForFunction((selector: string) => (document.querySelector(selector) as HTMLImageElement | null)?.naturalWidth ?? 0 > 0, {}, id);
      expect(await page.$eval(id, (node) => (node as HTMLImageElement).naturalWidth)).toBeGreaterThan(500);
    }
    const plotted = await page.$eval("#candle-chart", (node) => {
      const data = (node as unknown as { data: { type: string; x: unknown[] }[] }).data;
      return { type: data[0].type, bars: data[0].x.length };
    });
    expect(plotted).toEqual({ type: "candlestick", bars: 45 });

    // The model's "HTML" is shown as text: rendered markdown, no script or image elements, nothing ran.
    const report = await text("#indicator-report");
    expect(report).toContain("<script>window.__pwned = 1</script>");
    expect(report).toContain('<img src="x" onerror="window.__pwned = 2">');
    expect(await page.$$eval("#indicator-report script, #indicator-report img", (nodes) => nodes.length)).toBe(0);
    expect(await page.$eval("#indicator-report strong", (node) => node.textContent)).toBe("RSI");
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await screenshot(page, "08-result");

    await page.setViewport({ width: 390, height: 844 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "09-result-phone");
    await page.setViewport({ width: 1366, height: 900 });
  });

  it("shows a provider error in plain words with a pointer to Settings", async () => {
    fake.setHandler(() => fakeReply.unauthorized());
    await page.click("#run-button");
    await waitForText("#error-message", /^Invalid API Key: The OpenAI API key you provided is invalid or has expired\./, 30_000);
    expect(await text("#error-hint")).toMatch(/Open Settings to paste a valid OpenAI key/);
    expect(await page.$$eval('#progress-steps li[data-state="failed"]', (items) => items.length)).toBeGreaterThan(0);
    await screenshot(page, "10-provider-error");
  });

  it("ran without script errors or Content-Security-Policy violations", () => {
    expect(problems).toEqual([]);
  });
});

describe("the web page behind an access token", () => {
  const token = "page-test-token-0123456789";
  let guarded: TestServer;
  beforeAll(async () => {
    guarded = await startTestServer({ app: { accessToken: token } });
  });
  afterAll(() => guarded.close());

  it("asks for the token, and works once opened as /?token=..., which it then removes from the address bar", async () => {
    const { page: tokenPage } = await openPage(browser.browser);
    await tokenPage.goto(`${guarded.url}/`, { waitUntil: "domcontentloaded" });
    await tokenPage.waitForSelector("#token-panel:not([hidden])", { timeout: 15_000 });
    await screenshot(tokenPage, "11-token-required");
    await tokenPage.goto(`${guarded.url}/?token=${token}`, { waitUntil: "domcontentloaded" });
    await tokenPage.waitForSelector("body[data-ready=true]", { timeout: 15_000 });
    expect(tokenPage.url()).toBe(`${guarded.url}/`);
    expect(await tokenPage.$eval("#token-panel", (node) => (node as HTMLElement).hidden)).toBe(true);
    await tokenPage.close();
  });
});
