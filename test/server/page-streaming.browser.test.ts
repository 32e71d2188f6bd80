// Reports as they are written: the server will send `report-delta` progress events (the new text of one step) before
// that step's step-end. The real pipeline does not emit them yet, so the server here runs a scripted analyze() that
// sends them through the real route and event stream, pausing where the test looks at the page. Each agent's card
// must fill in as text arrives (safe markdown, hostile markup as text), in the pipeline's order, and give way to the
// final reports of the result; a failure keeps what was written. (Without deltas, see page.browser.test.ts.)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { ServerPipeline } from "../../server/app-dependencies";
import { type AnalysisResult, type ChartRenderer, createChartRenderer } from "../../src/index";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { benchmarkCsv } from "./analysis-fixtures";
import { launchBrowser, openPage, screenshot, type TestBrowser } from "./browser";
import {
  emitter,
  forbiddenElementsIn,
  loadPage,
  pipelineWithAnalyze,
  pwned,
  runCsvAnalysis,
  setColorScheme,
  visibleText,
  waitForText,
  zeroUsage,
} from "./page-helpers";
import { postJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

/** A promise the test resolves to let the scripted analysis go on. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

let fake: FakeProviderServer;
let renderer: ChartRenderer;
let realServer: TestServer;
let server: TestServer;
let browser: TestBrowser;
let scratch: string;
let csvPath: string;
let baseResult: AnalysisResult;
let gates: ReturnType<typeof gate>[] = [];
let failAfterDeltas = false;
const watched: string[][] = [];

const FINAL_INDICATOR_REPORT = "Final indicator report: **momentum** turned up.";

const scriptedAnalyze: ServerPipeline["analyze"] = async (_request, options = {}) => {
  const emit = emitter(options.onEvent);
  const at = Date.now();
  const delta = (step: string, text: string) => emit({ type: "report-delta", step, text });
  emit({ type: "step-start", step: "data", at });
  emit({ type: "step-end", step: "data", at, durationMs: 12.345678, usage: zeroUsage });
  for (const step of ["indicator", "pattern", "trend"] as const) emit({ type: "step-start", step, at });
  // The trend agent speaks first, then the pattern agent: the cards must still come in the pipeline's order.
  delta("trend", "Trend: ");
  delta("pattern", "Pattern: an ascending ");
  delta("indicator", "## Momentum\n");
  delta("indicator", "**RSI** is rising <img src=x onerror=\"window.__pwned='delta'\">\n- first point");
  await gates[0]!.opened;
  delta("pattern", "triangle");
  delta("indicator", "\n- second point");
  delta("trend", "upward");
  delta("sentiment", "A plugin analyst's words"); // a step this page's config does not list
  await gates[1]!.opened;
  if (failAfterDeltas) throw new Error("scripted failure after the deltas");
  for (const step of ["indicator", "pattern", "trend"] as const)
    emit({ type: "step-end", step, at, durationMs: 1500, usage: zeroUsage });
  emit({ type: "step-start", step: "decision", at });
  delta("decision", '{"decision": "LONG"');
  emit({ type: "step-end", step: "decision", at, durationMs: 300, usage: zeroUsage });
  emit({ type: "analysis-end", at, durationMs: 2000, decision: "LONG" });
  return { ...baseResult, reports: { ...baseResult.reports, indicator: FINAL_INDICATOR_REPORT } };
};

const cards = (page: Page) =>
  page.$$eval("#live-report-list article", (nodes) =>
    nodes.map((node) => [node.dataset.step, node.querySelector("h3")?.textContent]),
  );

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  renderer = createChartRenderer();
  realServer = await startTestServer({ config: { openai_base_url: fake.openaiBaseUrl }, renderer });
  realServer.pipeline.updateApiKey(TEST_KEY, { provider: "openai" });
  // A real result (charts and all) for the scripted analysis to return.
  baseResult = await realServer.pipeline.analyze({ csv: benchmarkCsv(), timeframe: "4h", name: "BTC_4h_1" });
  server = await startTestServer({ pipeline: pipelineWithAnalyze(realServer.pipeline, scriptedAnalyze) });
  await postJson(server, "/api/update-api-key", { api_key: TEST_KEY, provider: "openai" });
  scratch = mkdtempSync(path.join(tmpdir(), "page-streaming-csv-"));
  csvPath = path.join(scratch, "BTC_4h_1.csv");
  writeFileSync(csvPath, benchmarkCsv());
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const pending of gates) pending.open();
  await browser?.close();
  await server?.close();
  await realServer?.close();
  await renderer?.close();
  await fake?.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function openAt(width: number, height: number, theme: "light" | "dark"): Promise<Page> {
  const opened = await openPage(browser.browser, { width, height });
  watched.push(opened.problems);
  await setColorScheme(opened.page, theme);
  await loadPage(opened.page, `${server.url}/`);
  return opened.page;
}

describe("report-delta events", () => {
  for (const [width, height, theme] of [
    [1440, 900, "light"],
    [390, 844, "dark"],
  ] as const) {
    it(`fill each agent's card as the text arrives, then give way to the final reports (${width} px, ${theme})`, async () => {
      gates = [gate(), gate()];
      failAfterDeltas = false;
      const page = await openAt(width, height, theme);
      await runCsvAnalysis(page, csvPath);

      await waitForText(page, '#live-report-list article[data-step="indicator"]', /first point/);
      expect(await page.$eval("#live-reports", (node) => (node as HTMLElement).hidden)).toBe(false);
      expect(await cards(page)).toEqual([
        ["indicator", "Indicator agent"],
        ["pattern", "Pattern agent"],
        ["trend", "Trend agent"],
      ]);
      // Markdown from DOM nodes, the markup as text.
      expect(await page.$eval('#live-report-list [data-step="indicator"] h4', (node) => node.textContent)).toBe(
        "Momentum",
      );
      expect(await page.$eval('#live-report-list [data-step="indicator"] strong', (node) => node.textContent)).toBe(
        "RSI",
      );
      expect(await visibleText(page, '#live-report-list [data-step="indicator"]')).toContain("<img src=x onerror=");
      expect(await forbiddenElementsIn(page, "#live-report-list")).toEqual([]);
      expect(await visibleText(page, '#live-report-list [data-step="pattern"]')).toMatch(/Pattern: an ascending$/);
      expect(await page.$eval("#result", (node) => (node as HTMLElement).hidden)).toBe(true);
      await screenshot(page, `streaming-${width}-${theme}-writing`, { viewportOnly: width < 900 });

      gates[0]!.open();
      await waitForText(page, '#live-report-list article[data-step="sentiment"]', /A plugin analyst's words/);
      expect(await visibleText(page, '#live-report-list [data-step="pattern"]')).toMatch(
        /Pattern: an ascending triangle$/,
      );
      expect(await visibleText(page, '#live-report-list [data-step="trend"]')).toMatch(/Trend: upward$/);
      expect(
        await page.$$eval('#live-report-list [data-step="indicator"] li', (items) =>
          items.map((item) => item.textContent),
        ),
      ).toEqual(["first point", "second point"]);
      expect(await cards(page)).toEqual([
        ["indicator", "Indicator agent"],
        ["pattern", "Pattern agent"],
        ["trend", "Trend agent"],
        ["sentiment", "sentiment"],
      ]);

      gates[1]!.open();
      await page.waitForSelector("#decision-badge", { timeout: 60_000 });
      expect(await page.$eval("#live-reports", (node) => (node as HTMLElement).hidden)).toBe(true);
      expect(await page.$$eval("#live-report-list article", (nodes) => nodes.length)).toBe(0);
      expect(await visibleText(page, "#indicator-report")).toContain("Final indicator report: momentum turned up.");
      expect(await pwned(page)).toBeUndefined();
      await page.close();
    });
  }

  it("keep what was written when the analysis fails", async () => {
    gates = [gate(), gate()];
    failAfterDeltas = true;
    const page = await openAt(1440, 900, "light");
    await runCsvAnalysis(page, csvPath);
    await waitForText(page, '#live-report-list article[data-step="indicator"]', /first point/);
    gates[0]!.open();
    gates[1]!.open();
    await page.waitForSelector("#error-panel:not([hidden])", { timeout: 60_000 });
    expect(await visibleText(page, '#live-report-list [data-step="indicator"]')).toContain("second point");
    expect(await page.$eval("#live-reports", (node) => (node as HTMLElement).hidden)).toBe(false);
    await page.close();
  });

  it("ran without script errors or Content-Security-Policy violations", () => {
    // The scripted failure is reported by the server as an error event, not a script error in the page.
    expect(watched.flat()).toEqual([]);
  });
});
