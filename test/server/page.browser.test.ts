// The web page in real headless Chromium against the running server and the fake provider: Settings (save a key,
// see it masked and checked at once: valid, invalid with the provider's words, or could not check; switch
// provider), the asset dropdown (add a symbol, remove it, both kept after a reload), the date pickers' limits, a
// full analysis of an uploaded benchmark CSV with every part of the result (the candles in the agents' palette and
// the four trendlines), errors in plain words with a pointer to the fix, and the access-token flow. Screenshots of
// the main states go to test-artifacts/server/.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { chartColors } from "../../src/charts/index";
import { type ChartRenderer, createChartRenderer } from "../../src/index";
import { defaultFakeHandler } from "../fakes/fake-default-handler";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";
import { testAccessToken } from "../support/access-token";
import { benchmarkCsv, noBarsFetch } from "./analysis-fixtures";
import { launchBrowser, openPage, screenshot, type TestBrowser } from "./browser";
import { chooseSource, loadPage as load, runCsvAnalysis, text as textOf, waitForText as waitFor } from "./page-helpers";
import { getJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

const MARKDOWN_REPORT = [
  "## Momentum",
  "**RSI** sits near 55 and `MACD` is rising.",
  "- first point",
  "- second point",
].join("\n");

let fake: FakeProviderServer;
let renderer: ChartRenderer;
let server: TestServer;
let browser: TestBrowser;
let page: Page;
let problems: string[];
let scratch: string;
let csvPath: string;

const text = (selector: string) => textOf(page, selector);
const waitForText = (selector: string, pattern: RegExp, timeout = 60_000) => waitFor(page, selector, pattern, timeout);
const loadPage = () => load(page, `${server.url}/`);
const customSymbols = () =>
  page.$$eval('#asset-select optgroup[label="Custom symbols"] option', (options) =>
    options.map((option) => option.textContent),
  );
const removeButtons = () =>
  page.$$eval("#custom-asset-list li", (items) =>
    items.map((item) => item.querySelector("button")?.getAttribute("aria-label")),
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

/** Runs the form again against the fake's default answers: the last result goes first, then this run's comes. */
async function runAgain(until = "#decision-badge"): Promise<void> {
  await page.click("#run-button");
  await page.waitForFunction(() => document.querySelector("#decision-badge") === null);
  await page.waitForSelector(until, { timeout: 60_000 });
}

async function typeKeyAndSave(key: string): Promise<void> {
  await page.type("#api-key-input", key);
  await page.click("#save-key-button");
}

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  renderer = createChartRenderer();
  server = await startTestServer({
    config: {
      openai_base_url: fake.openaiBaseUrl,
      anthropic_base_url: fake.anthropicBaseUrl,
      qwen_base_url: fake.qwenBaseUrl,
    },
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
  it("opens with Settings open on a first visit without a key, with the providers and rules from the server", async () => {
    await loadPage();
    expect(await page.$eval("#settings-panel", (node) => (node as HTMLDetailsElement).open)).toBe(true);
    expect(await text("#settings-summary")).toBe("OpenAI · no key");
    expect(
      await page.$$eval("#provider-select option", (options) =>
        options.map((option) => [option.value, option.textContent]),
      ),
    ).toEqual([
      ["openai", "OpenAI"],
      ["anthropic", "Anthropic"],
      ["qwen", "Qwen"],
      ["demo", "Demo (scripted, not a model)"],
    ]);
    expect(await page.$$eval("#asset-select option", (options) => options.length)).toBe(12);
    expect(await text("#csv-minimum-bars")).toBe("35");
    expect(await text("#csv-size-limit")).toBe("5 MB");
    expect(await page.$$eval("#timeframe-select option", (options) => options.length)).toBe(9);
    expect(await text("#key-env-vars")).toBe("OPENAI_API_KEY, ANTHROPIC_API_KEY or DASHSCOPE_API_KEY");
    expect(await page.$eval("#custom-symbol-input", (node) => (node as HTMLInputElement).maxLength)).toBe(32);
    await screenshot(page, "01-first-visit");
  });

  it("saves a key, shows it masked, never in full, and checks it at once: valid", async () => {
    await typeKeyAndSave(TEST_KEY);
    await waitForText('#key-status-list li[data-provider="openai"] .key-validation', /^valid$/);
    expect(await text('#key-status-list li[data-provider="openai"] .key-masked')).toBe("sk-...def");
    expect(await text("#key-message")).toMatch(
      /^OpenAI API key saved and applied \(sk-\.\.\.def\)\. OpenAI API key is valid/,
    );
    expect(await page.$eval("#api-key-input", (node) => (node as HTMLInputElement).value)).toBe("");
    expect(await text("#settings-summary")).toBe("OpenAI · sk-...def · valid");
    expect(await text('#key-status-list li[data-provider="openai"] .tag')).toBe("in use");
    expect(await page.content()).not.toContain("SECRET");
    // Saving made exactly one validation call to the provider, with the saved key.
    expect(fake.requests.filter((request) => request.apiKey === TEST_KEY)).toHaveLength(1);
    await page.click("#validate-key-button");
    await waitForText("#key-message", /^OpenAI API key is valid/);
    await screenshot(page, "02-key-saved");
  });

  it("checks what the setup needs with the Check button: one row a check, its status in words", async () => {
    fake.reset();
    await page.click("#check-setup-button");
    await page.waitForSelector("#check-setup-result:not([hidden]) .check-table");
    const rows = await page.$$eval("#check-setup-result tbody tr", (items) =>
      items.map((item) => [(item as HTMLElement).dataset.check, item.querySelectorAll("td")[1]?.textContent]),
    );
    expect(rows).toEqual([
      ["node", "ok"],
      ["data_dir", "ok"],
      ["chromium", "ok"],
      ["yahoo", "unreachable"], // this server's market data answers no bars
      ["text", "ok"],
      ["json", "ok"],
      ["images", "ok"],
    ]);
    expect(fake.requestCount()).toBe(3);
    expect(await text("#key-message")).toBe(
      "Something this setup needs does not work: see the rows marked missing or unreachable.",
    );
    expect(await page.content()).not.toContain(TEST_KEY);
    // At phone width the table scrolls in its box, and the page does not.
    await page.setViewport({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewport({ width: 1366, height: 900 });
  });

  it("shows a key the provider refuses as invalid, in the provider's words, and no longer as in use", async () => {
    await typeKeyAndSave("sk-wrong-key-0123456789");
    await waitForText('#key-status-list li[data-provider="openai"] .key-validation', /^invalid$/);
    expect(await text('#key-status-list li[data-provider="openai"] .key-validation-detail')).toMatch(
      /^Invalid API Key: /,
    );
    expect(await text("#key-message")).toBe(
      "OpenAI API key saved and applied (sk-...789). OpenAI rejected this key: see why below.",
    );
    expect(await text('#key-status-list li[data-provider="openai"] .tag')).toBe("key rejected");
    expect(await text("#settings-summary")).toBe("OpenAI · sk-...789 · invalid");
    expect(await page.$eval("#settings-summary", (node) => (node as HTMLElement).dataset.tone)).toBe("warn");
    await screenshot(page, "02b-key-invalid");
  });

  it("says a key could not be checked when the check itself fails, and leaves it unjudged", async () => {
    await page.setRequestInterception(true);
    const failValidation = (request: import("puppeteer").HTTPRequest) =>
      void (request.url().endsWith("/api/validate-api-key") ? request.abort("connectionrefused") : request.continue());
    page.on("request", failValidation);
    try {
      await typeKeyAndSave(TEST_KEY);
      await waitForText('#key-status-list li[data-provider="openai"] .key-validation', /^could not check$/);
      expect(await text("#key-message")).toMatch(/The OpenAI key could not be checked: see why below\.$/);
      expect(await text('#key-status-list li[data-provider="openai"] .key-validation-detail')).toMatch(
        /^The server could not be reached/,
      );
      expect(await text('#key-status-list li[data-provider="openai"] .tag')).toBe("in use");
    } finally {
      page.off("request", failValidation);
      await page.setRequestInterception(false);
    }
    await page.click("#validate-key-button");
    await waitForText('#key-status-list li[data-provider="openai"] .key-validation', /^valid$/);
  });

  it("switches the provider of both roles", async () => {
    await page.select("#provider-select", "anthropic");
    await waitForText("#provider-models", /claude-haiku-4-5-20251001 · graph model claude-haiku-4-5-20251001/);
    expect(await text("#settings-summary")).toBe("Anthropic · no key");
    expect((await getJson(server, "/api/get-provider")).body.config).toMatchObject({
      agent_llm_provider: "anthropic",
      graph_llm_provider: "anthropic",
    });
    await screenshot(page, "03-provider-anthropic");
  });

  it("tells what to do in the page about a missing key, not the library's words, with a button to Settings", async () => {
    await runCsvAnalysis(page, csvPath);
    await waitForText("#error-message", /^No Anthropic API key is set on this server yet\.$/);
    expect(await text("#error-hint")).toMatch(
      /^Open Settings, choose Anthropic as the provider, paste your Anthropic API key and press Save key\./,
    );
    const shown = await text("#error-panel");
    expect(shown).not.toMatch(/api_key|updateApiKey|ANTHROPIC_API_KEY|config record/);
    await screenshot(page, "04-missing-key");
    await page.$eval("#settings-panel", (node) => ((node as HTMLDetailsElement).open = false));
    await page.click("#error-hint button");
    expect(await page.$eval("#settings-panel", (node) => (node as HTMLDetailsElement).open)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("api-key-input");
    await page.select("#provider-select", "openai");
    await waitForText("#settings-summary", /^OpenAI · sk-\.\.\.def · valid$/);
  });

  it("adds a custom symbol to the dropdown at once, and keeps it after a reload", async () => {
    await chooseSource(page, "market");
    await page.type("#custom-symbol-input", "bad/symbol");
    await page.click("#add-symbol-button");
    // The rule's text is built from the server's pattern: the signs it accepts, and its length.
    await waitForText("#symbol-message", /^A symbol has at most 32 letters, digits or - \. = \^ _ /);
    await page.$eval("#custom-symbol-input", (node) => ((node as HTMLInputElement).value = ""));
    for (const symbol of ["ETH-USD", "^FTSE"]) {
      await page.type("#custom-symbol-input", symbol);
      await page.click("#add-symbol-button");
      await waitForText(
        "#symbol-message",
        new RegExp(`^Added ${symbol.replace(/[\^$.*+?()[\]{}|\\-]/g, "\\$&")} and selected it`),
      );
    }
    expect(await page.$eval("#asset-select", (node) => (node as HTMLSelectElement).value)).toBe("^FTSE");
    expect(await customSymbols()).toEqual(["ETH-USD", "^FTSE"]);
    expect(await removeButtons()).toEqual(["Remove ETH-USD", "Remove ^FTSE"]);
    await screenshot(page, "05-custom-symbol");
    await loadPage();
    expect(await customSymbols()).toEqual(["ETH-USD", "^FTSE"]);
    expect(await page.$eval("#asset-select", (node) => (node as HTMLSelectElement).value)).toBe("^FTSE"); // the choice is remembered
  });

  it("removes a custom symbol with its button: the list changes at once, the server forgets it", async () => {
    const deletes: string[] = [];
    const record = (request: import("puppeteer").HTTPRequest) => {
      if (request.method() === "DELETE") deletes.push(new URL(request.url()).pathname);
    };
    page.on("request", record);
    await page.click('#custom-asset-list button[aria-label="Remove ^FTSE"]');
    await waitForText("#symbol-message", /^Removed \^FTSE\.$/);
    page.off("request", record);
    expect(deletes).toEqual(["/api/custom-assets/%5EFTSE"]); // percent-encoded
    expect(await customSymbols()).toEqual(["ETH-USD"]);
    expect(await removeButtons()).toEqual(["Remove ETH-USD"]);
    // The removed symbol was selected: the dropdown moved to a symbol that still exists.
    expect(await page.$eval("#asset-select", (node) => (node as HTMLSelectElement).value)).toBe("SPX");
    expect((await getJson(server, "/api/custom-assets")).body.custom_assets).toEqual(["ETH-USD"]);
    await page.select("#asset-select", "ETH-USD");
    await loadPage();
    expect(await customSymbols()).toEqual(["ETH-USD"]);
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
      // The Indicator agent's report: after its tools (indicator_mode "tool-call"), or its one call ("direct").
      const indicatorReport =
        summary.trailingToolResults > 0 ||
        (summary.systemText.includes("indicator analyst") && summary.toolNames.length === 0);
      const finalIndicatorReport = indicatorReport && summary.imageCount === 0 && !summary.wantsJson;
      return finalIndicatorReport ? fakeReply.text(MARKDOWN_REPORT) : defaultFakeHandler(request);
    });
    await runCsvAnalysis(page, csvPath);
    await page.waitForSelector("#progress-card:not([hidden])");
    await screenshot(page, "07-running");
    await page.waitForSelector("#decision-badge", { timeout: 60_000 });
    await page.waitForSelector("#candle-chart .main-svg", { timeout: 60_000 });

    expect(
      await page.$$eval("#progress-steps li", (items) =>
        items.map((item) => [(item as HTMLElement).dataset.step, (item as HTMLElement).dataset.state]),
      ),
    ).toEqual([
      ["data", "done"],
      ["charts", "done"],
      ["indicator", "done"],
      ["pattern", "done"],
      ["trend", "done"],
      ["decision", "done"],
    ]);
    expect(await text('#progress-steps li[data-step="pattern"] .step-label')).toBe("Pattern agent");
    expect(await text('#progress-steps li[data-step="charts"] .step-label')).toBe("Drawing charts");
    // No report-delta events from this server: the live reports never showed, the final ones are there.
    expect(await page.$eval("#live-reports", (node) => (node as HTMLElement).hidden)).toBe(true);
    expect(await text("#decision-badge")).toBe("LONG");
    expect(await text("#risk-reward")).toBe("1.5");
    expect(await text("#forecast-horizon")).toMatch(/candlesticks/);
    expect(await text("#justification")).toMatch(/Fake provider/);
    expect(await text("#pattern-report")).toMatch(/Ascending Triangle/);
    expect(await text("#trend-report")).toMatch(/upward/);
    expect(await page.$eval("#indicator-report h3 + .markdown strong", (node) => node.textContent)).toBe("RSI");
    expect(await page.$$eval("#indicator-report li", (items) => items.map((item) => item.textContent))).toEqual([
      "first point",
      "second point",
    ]);
    for (const id of ["#pattern-chart-image", "#trend-chart-image"]) {
      await page.waitForFunction(
        (selector: string) => (document.querySelector<HTMLImageElement>(selector)?.naturalWidth ?? 0) > 0,
        {},
        id,
      );
      expect(await page.$eval(id, (node) => (node as HTMLImageElement).naturalWidth)).toBeGreaterThan(500);
    }
    // The indicator values carry the periods the library computes them at.
    expect(await page.$$eval("#indicator-values dt", (nodes) => nodes.map((node) => node.textContent))).toEqual([
      "RSI (14)",
      "MACD (12, 26, 9)",
      "MACD signal (9)",
      "MACD histogram",
      "Stochastic %K (14, 3)",
      "Stochastic %D (3)",
      "ROC (10)",
      "Williams %R (14)",
    ]);

    // The interactive chart: the window's candles in the agents' palette, and the four trendlines they read.
    const plotted = await page.$eval("#candle-chart", (node) => {
      const data = (
        node as unknown as {
          data: {
            type: string;
            name: string;
            x: unknown[];
            y?: number[];
            line?: { color: string; dash: string };
            increasing?: { fillcolor: string };
            decreasing?: { fillcolor: string };
          }[];
        }
      ).data;
      return data.map((trace) => ({
        type: trace.type,
        name: trace.name,
        bars: trace.x.length,
        colors:
          trace.type === "candlestick"
            ? [trace.increasing?.fillcolor, trace.decreasing?.fillcolor]
            : [trace.line?.color, trace.line?.dash],
        ends: trace.y ? [trace.y[0], trace.y[trace.y.length - 1]] : undefined,
      }));
    });
    expect(plotted.map(({ type, name, bars, colors }) => ({ type, name, bars, colors }))).toEqual([
      { type: "candlestick", name: "Price", bars: 45, colors: [chartColors.upCandle, chartColors.downCandle] },
      { type: "scatter", name: "Support (close)", bars: 45, colors: [chartColors.closeSupport, "solid"] },
      { type: "scatter", name: "Resistance (close)", bars: 45, colors: [chartColors.closeResistance, "solid"] },
      { type: "scatter", name: "Support (lows)", bars: 45, colors: [chartColors.lowSupport, "dash"] },
      { type: "scatter", name: "Resistance (highs)", bars: 45, colors: [chartColors.highResistance, "dash"] },
    ]);
    // The lines end where the Trend agent read them (its summary rounds to 6 significant digits).
    const lastSupport = plotted[1]!.ends?.[1] ?? NaN;
    const lastResistance = plotted[2]!.ends?.[1] ?? NaN;
    expect(lastSupport).toBeLessThan(lastResistance);

    // Timings are rounded: no float such as 9737.536460000001 anywhere in the result.
    const facts = await text("#run-facts");
    expect(facts).toMatch(/total \d+(\.\d)? (ms|s)/);
    expect(await text("#result")).not.toMatch(/\d\.\d{4,}/);
    await screenshot(page, "08-result");

    await page.setViewport({ width: 390, height: 844 });
    // The candle chart redraws itself for the new width (Plotly's responsive resize, after its own short delay).
    await page.waitForFunction(
      () => (document.querySelector("#candle-chart .main-svg")?.getBoundingClientRect().width ?? Infinity) <= 390,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "09-result-phone");
    await page.setViewport({ width: 1366, height: 900 });
  });

  it("runs blind when the Blind box is ticked: no date of the file reaches the provider", async () => {
    fake.reset();
    fake.setHandler(defaultFakeHandler);
    await page.click("#blind-input");
    await runAgain();
    expect(fake.requests.some((request) => request.summary.wantsJson)).toBe(true);
    expect(fake.requestCount()).toBeGreaterThan(0);
    for (const request of fake.requests)
      expect(request.rawBody.replace(/[A-Za-z0-9+/=]{200,}/g, "")).not.toMatch(/\d{4}-\d{2}-\d{2}|BTC_4h_1/);
    await page.click("#blind-input");
    expect(await page.$eval("#blind-input", (node) => (node as HTMLInputElement).checked)).toBe(false);
  });

  it("asks one vision call when Who decides is the single agent, and shows no reports card", async () => {
    fake.reset();
    fake.setHandler(defaultFakeHandler);
    await page.select("#agents-input", "single");
    await runAgain();
    expect(fake.requestCount()).toBe(1);
    expect(fake.requests[0]!.summary).toMatchObject({ imageCount: 2, wantsJson: true });
    expect(await page.$(".reports-card")).toBeNull();
    expect(
      await page.$$eval("#progress-steps li", (items) =>
        items.map((item) => [(item as HTMLElement).dataset.step, (item as HTMLElement).dataset.state]),
      ),
    ).toEqual([
      ["data", "done"],
      ["charts", "done"],
      ["decision", "done"],
    ]);
    expect(await page.$(".images-card")).not.toBeNull(); // the charts it read are shown
    // And back to the team: four calls, and the reports.
    fake.reset();
    fake.setHandler(defaultFakeHandler);
    await page.select("#agents-input", "team");
    await runAgain(".reports-card");
    expect(fake.requestCount()).toBe(4);
  });

  it("shows a provider error in plain words with a pointer to Settings", async () => {
    fake.setHandler(() => fakeReply.unauthorized());
    await page.click("#run-button");
    await waitForText(
      "#error-message",
      /^Invalid API Key: The OpenAI API key you provided is invalid or has expired\./,
      60_000,
    );
    expect(await text("#error-hint")).toMatch(/Open Settings to paste a valid OpenAI key/);
    expect(await page.$$eval('#progress-steps li[data-state="failed"]', (items) => items.length)).toBeGreaterThan(0);
    await screenshot(page, "10-provider-error");
  });

  it("ran without script errors or Content-Security-Policy violations", () => {
    expect(problems).toEqual([]);
  });
});

describe("the web page behind an access token", () => {
  const token = testAccessToken("page-test");
  let guarded: TestServer;
  beforeAll(async () => {
    guarded = await startTestServer({ app: { accessToken: token } });
  });
  afterAll(() => guarded.close());

  it("asks for the token, and works once opened as /?token=..., which it then removes from the address bar", async () => {
    const { page: tokenPage } = await openPage(browser.browser);
    await tokenPage.goto(`${guarded.url}/`, { waitUntil: "domcontentloaded" });
    await tokenPage.waitForSelector("#token-panel:not([hidden])", { timeout: 60_000 });
    await screenshot(tokenPage, "11-token-required");
    await tokenPage.goto(`${guarded.url}/?token=${token}`, { waitUntil: "domcontentloaded" });
    await tokenPage.waitForSelector("body[data-ready=true]", { timeout: 60_000 });
    expect(tokenPage.url()).toBe(`${guarded.url}/`);
    expect(await tokenPage.$eval("#token-panel", (node) => (node as HTMLElement).hidden)).toBe(true);
    await tokenPage.close();
  });
});
