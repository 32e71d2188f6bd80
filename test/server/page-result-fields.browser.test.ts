// Fields the result will carry soon, rendered when present and skipped when absent: `window.requested_start` (a note
// that the window reaches back further than asked), `analyst_reports` from plugins (one report card each, titled by
// name, as safe markdown; hostile markup in a name or a report stays text), extra `indicator_values` keys, and the
// journal `id` (kept on the result view). The server runs a scripted analyze() that returns a real result with those
// fields added, through the real route.
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
  hostileText,
  loadPage,
  pageSettled,
  pipelineWithAnalyze,
  pwned,
  runCsvAnalysis,
  setColorScheme,
  visibleText,
} from "./page-helpers";
import { postJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

const HOSTILE_NAME = `news <img src=x onerror="window.__pwned='name'">`;

let fake: FakeProviderServer;
let renderer: ChartRenderer;
let realServer: TestServer;
let server: TestServer;
let browser: TestBrowser;
let scratch: string;
let csvPath: string;
let baseResult: AnalysisResult;
/** What the scripted analysis answers next. */
let nextResult: () => AnalysisResult;
const watched: string[][] = [];

function withNewFields(): AnalysisResult {
  return {
    ...baseResult,
    id: "journal-42",
    window: { ...baseResult.window, requestedStart: "2023-09-03T00:00:00.000Z" },
    analystReports: {
      sentiment: "## Mood\nThe crowd is **calm**.\n- funding flat\n- no panic",
      [HOSTILE_NAME]: hostileText("plugin"),
    },
    pluginIndicatorValues: { obv_slope: 0.523456, "<b>vwap</b>": null },
  };
}

const scriptedAnalyze: ServerPipeline["analyze"] = async (_request, options = {}) => {
  const emit = emitter(options.onEvent);
  emit({ type: "step-start", step: "data", at: Date.now() });
  return nextResult();
};

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  renderer = createChartRenderer();
  realServer = await startTestServer({ config: { openai_base_url: fake.openaiBaseUrl }, renderer });
  realServer.pipeline.updateApiKey(TEST_KEY, { provider: "openai" });
  // Without its journal id: the tests give one (or none) themselves.
  const { id: _recordedId, ...analysed } = await realServer.pipeline.analyze({
    csv: benchmarkCsv(),
    timeframe: "4h",
    name: "BTC_4h_1",
  });
  baseResult = analysed;
  server = await startTestServer({ pipeline: pipelineWithAnalyze(realServer.pipeline, scriptedAnalyze) });
  await postJson(server, "/api/update-api-key", { api_key: TEST_KEY, provider: "openai" });
  scratch = mkdtempSync(path.join(tmpdir(), "page-fields-csv-"));
  csvPath = path.join(scratch, "BTC_4h_1.csv");
  writeFileSync(csvPath, benchmarkCsv());
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await realServer?.close();
  await renderer?.close();
  await fake?.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function runAt(width: number, height: number, theme: "light" | "dark"): Promise<Page> {
  const opened = await openPage(browser.browser, { width, height });
  watched.push(opened.problems);
  await setColorScheme(opened.page, theme);
  await loadPage(opened.page, `${server.url}/`);
  await runCsvAnalysis(opened.page, csvPath);
  await opened.page.waitForSelector("#decision-badge", { timeout: 60_000 });
  return opened.page;
}

describe("fields of a newer server's result", () => {
  for (const [width, height, theme] of [
    [1440, 900, "light"],
    [390, 844, "dark"],
  ] as const) {
    it(`are shown when present (${width} px, ${theme})`, async () => {
      nextResult = withNewFields;
      const page = await runAt(width, height, theme);

      expect(await page.$eval("#window-note", (node) => node.textContent)).toBe(
        "Requested from 2023-09-03 00:00 UTC; the window starts at 2023-09-01 04:00 UTC to have enough bars (45).",
      );

      const analysts = await page.$$eval(".analyst-report", (nodes) =>
        nodes.map((node) => [(node as HTMLElement).dataset.analyst, node.querySelector("h3")?.textContent]),
      );
      expect(analysts).toEqual([
        ["sentiment", "sentiment"],
        [HOSTILE_NAME, HOSTILE_NAME],
      ]);
      expect(await page.$eval(".analyst-report[data-analyst=sentiment] h4", (node) => node.textContent)).toBe("Mood");
      expect(await page.$eval(".analyst-report[data-analyst=sentiment] strong", (node) => node.textContent)).toBe(
        "calm",
      );
      expect(
        await page.$$eval(".analyst-report[data-analyst=sentiment] li", (items) =>
          items.map((item) => item.textContent),
        ),
      ).toEqual(["funding flat", "no panic"]);
      expect(await forbiddenElementsIn(page, ".reports")).toEqual([]);
      const hostile = await visibleText(page, "#analyst-report-1");
      expect(hostile).toContain(HOSTILE_NAME);
      expect(hostile).toContain("<script>window.__pwned = 'plugin-script'</script>");
      expect(hostile).toContain("(javascript:window.__pwned='plugin-link')");

      const values = await page.$$eval("#indicator-values > div", (rows) =>
        rows.map((row) => [row.querySelector("dt")?.textContent, row.querySelector("dd")?.textContent]),
      );
      expect(values.slice(0, 8).map(([label]) => label)).toEqual([
        "RSI (14)",
        "MACD (12, 26, 9)",
        "MACD signal (9)",
        "MACD histogram",
        "Stochastic %K (14, 3)",
        "Stochastic %D (3)",
        "ROC (10)",
        "Williams %R (14)",
      ]);
      expect(values.slice(8)).toEqual([
        ["obv_slope", "0.52"],
        ["<b>vwap</b>", "–"],
      ]);
      expect(await forbiddenElementsIn(page, "#indicator-values")).toEqual([]);

      expect(await page.$eval("#result", (node) => (node as HTMLElement).dataset.analysisId)).toBe("journal-42");
      await pageSettled(page);
      expect(await pwned(page)).toBeUndefined();
      await screenshot(page, `result-fields-${width}-${theme}`);
      await page.close();
    });
  }

  it("are skipped when absent, and a window that starts where asked has no note", async () => {
    nextResult = () => ({ ...baseResult, window: { ...baseResult.window, requestedStart: baseResult.window.start } });
    const page = await runAt(1440, 900, "light");
    expect(await page.$$eval("#window-note, .analyst-report", (nodes) => nodes.length)).toBe(0);
    expect(await page.$$eval("#indicator-values > div", (rows) => rows.length)).toBe(8);
    expect(await page.$eval("#result", (node) => (node as HTMLElement).dataset.analysisId)).toBeUndefined();
    // Token totals, which reach the page in the wire's snake_case names.
    nextResult = () => ({
      ...baseResult,
      usage: { ...baseResult.usage, total: { inputTokens: 1200, outputTokens: 34 } },
    });
    await page.click("#run-button");
    await page.waitForFunction(() => /· 1,234 tokens/.test(document.querySelector("#run-facts")?.textContent ?? ""));
    // A second result in the same page does not keep the first one's id.
    nextResult = withNewFields;
    await page.click("#run-button");
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>("#result")?.dataset.analysisId === "journal-42",
    );
    nextResult = () => baseResult;
    await page.click("#run-button");
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLElement>("#result")?.dataset.analysisId === undefined &&
        document.querySelector("#decision-badge") !== null,
    );
    await page.close();
  });

  it("ran without script errors or Content-Security-Policy violations", () => {
    expect(watched.flat()).toEqual([]);
  });
});
