// Hostile markup in every model-written field reaches the page as text and runs nothing. The fake provider answers
// the real pipeline, through the real server, with <img onerror>, <script>, javascript: links (HTML and markdown)
// and an iframe in the indicator report, the pattern and trend reports, the justification and the forecast horizon.
// Each field must show those characters, create no element they spell, and never set the global flag they aim at.
// (Plugin analysts' reports are checked the same way in page-result-fields.browser.test.ts.)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ChartRenderer, createChartRenderer } from "../../src/index";
import { defaultFakeHandler, fakeDecision } from "../fakes/fake-default-handler";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";
import { benchmarkCsv } from "./analysis-fixtures";
import { launchBrowser, openPage, screenshot, type TestBrowser } from "./browser";
import {
  forbiddenElementsIn,
  hostileLine,
  hostileText,
  loadPage,
  pageSettled,
  pwned,
  runCsvAnalysis,
  visibleText,
} from "./page-helpers";
import { postJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

let fake: FakeProviderServer;
let renderer: ChartRenderer;
let server: TestServer;
let browser: TestBrowser;
let page: Page;
let problems: string[];
let scratch: string;
let csvPath: string;

/** Each model-written field, where the page shows it, and the text the fake model wrote into it. */
const FIELDS = [
  { field: "technical_indicators", selector: "#indicator-report", sent: hostileText("indicator") },
  { field: "pattern_analysis", selector: "#pattern-report", sent: hostileText("pattern") },
  { field: "trend_analysis", selector: "#trend-report", sent: hostileText("trend") },
  { field: "justification", selector: "#justification", sent: hostileText("justification") },
  { field: "forecast_horizon", selector: "#forecast-horizon", sent: hostileLine("horizon") },
] as const;

const sent = (field: (typeof FIELDS)[number]["field"]) => FIELDS.find((entry) => entry.field === field)?.sent ?? "";

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  fake.setHandler((request) => {
    const summary = request.summary;
    if (summary.wantsJson) {
      return fakeReply.json({
        ...fakeDecision,
        decision: "SHORT",
        justification: sent("justification"),
        forecast_horizon: sent("forecast_horizon"),
      });
    }
    // The Trend agent's vision prompt names its role (its line descriptions follow the chart's style, not fixed words).
    if (summary.imageCount > 0)
      return fakeReply.text(
        summary.lastUserText.includes("You are the trend analyst") ? sent("trend_analysis") : sent("pattern_analysis"),
      );
    // The Indicator agent's report: after its tools (indicator_mode "tool-call"), or its one call ("direct").
    const finalIndicatorReport =
      (summary.trailingToolResults > 0 && summary.toolNames.includes("compute_rsi")) ||
      (summary.systemText.includes("indicator analyst") && summary.toolNames.length === 0);
    if (finalIndicatorReport) return fakeReply.text(sent("technical_indicators"));
    return defaultFakeHandler(request);
  });
  renderer = createChartRenderer();
  server = await startTestServer({ config: { openai_base_url: fake.openaiBaseUrl }, renderer });
  await postJson(server, "/api/update-api-key", { api_key: TEST_KEY, provider: "openai" });
  scratch = mkdtempSync(path.join(tmpdir(), "page-hostile-csv-"));
  csvPath = path.join(scratch, "BTC_4h_1.csv");
  writeFileSync(csvPath, benchmarkCsv());
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser.browser, { width: 1440, height: 900 }));
  await loadPage(page, `${server.url}/`);
  await runCsvAnalysis(page, csvPath);
  await page.waitForSelector("#decision-badge", { timeout: 60_000 });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await renderer?.close();
  await fake?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("hostile markup in model-written fields", () => {
  it("reached the page through the real pipeline: the analysis used the hostile answers", async () => {
    expect(await page.$eval("#decision-badge", (node) => node.textContent)).toBe("SHORT");
  });

  for (const { field, selector } of FIELDS) {
    it(`${field}: shown as text, no element created from it`, async () => {
      expect(await forbiddenElementsIn(page, selector)).toEqual([]);
      const shown = await visibleText(page, selector);
      expect(shown).toContain("<img src=x onerror=");
      expect(shown).toContain("<script>window.__pwned");
      expect(shown).toContain("(javascript:window.__pwned=");
      if (field !== "forecast_horizon") {
        expect(shown).toContain('<a href="javascript:');
        expect(shown).toContain('<iframe src="javascript:1"></iframe>');
        expect(shown).toContain("<b>not bold</b>");
      }
    });
  }

  it("still renders the reports' markdown, built from DOM nodes", async () => {
    for (const { field, selector } of FIELDS.slice(0, 3)) {
      const tag = field === "technical_indicators" ? "indicator" : field === "pattern_analysis" ? "pattern" : "trend";
      expect(await page.$eval(`${selector} .markdown strong`, (node) => node.textContent)).toBe(`${tag} bold text`);
      expect(await page.$eval(`${selector} .markdown h4`, (node) => node.textContent)).toMatch(
        new RegExp(`^${tag} heading <img`),
      );
    }
  });

  it("ran nothing: the flag the markup aims at was never set, no script error, no CSP violation", async () => {
    // Any image error handler had its chance to fire, had one been created.
    await pageSettled(page);
    expect(await pwned(page)).toBeUndefined();
    expect(await page.$$eval("#result img", (images) => images.map((image) => image.id))).toEqual([
      "pattern-chart-image",
      "trend-chart-image",
    ]);
    expect(problems).toEqual([]);
    await screenshot(page, "hostile-text-result");
  });
});
