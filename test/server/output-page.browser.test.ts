// /output, the page older clients open after an analysis: the result from its `results` query parameter (URL-encoded
// JSON with the chart fields emptied, as the replaced system's web page builds it), with the charts from the full
// result that page stored in sessionStorage (`analysisResults`) when it is the same analysis. Every field is shown as
// text; a missing or unreadable parameter says so in plain words; a server behind a token still shows the result.
import type { Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { legacyRedirectAnswer, SHORTENED_MARK } from "../../server/legacy-redirect";
import { createMemorySecretStore } from "../../server/output-link/installation-secret";
import { createLinkSigner } from "../../server/output-link/link-signature";
import { type AnalysisResult, type ChartRenderer, createChartRenderer } from "../../src/index";
import { toWireResult } from "../../src/wire/index";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { testAccessToken } from "../support/access-token";
import { benchmarkCsv } from "./analysis-fixtures";
import { launchBrowser, openPage, screenshot, type TestBrowser } from "./browser";
import {
  forbiddenElementsIn,
  hostileLine,
  hostileText,
  pageSettled,
  pwned,
  setColorScheme,
  visibleText,
} from "./page-helpers";
import { startTestServer, TEST_KEY, type TestServer } from "./test-server";

let fake: FakeProviderServer;
let renderer: ChartRenderer;
let server: TestServer;
let guarded: TestServer;
let browser: TestBrowser;
let fullResults: Record<string, unknown>;
const outputLinkSecret = createMemorySecretStore();
const watched: string[][] = [];

/** The old system's formatted results: its field names, its decision record, charts included. */
function legacyResults(result: AnalysisResult): Record<string, unknown> {
  const wire = toWireResult(result);
  return {
    success: true,
    asset_name: wire.asset_name,
    timeframe: wire.timeframe,
    data_length: wire.data_length,
    technical_indicators: wire.technical_indicators,
    pattern_analysis: wire.pattern_analysis,
    trend_analysis: wire.trend_analysis,
    pattern_chart: wire.pattern_chart,
    trend_chart: wire.trend_chart,
    pattern_image_filename: "",
    trend_image_filename: "",
    final_decision: wire.final_decision,
  };
}

/** The address the old page is redirected to: the results without their charts, URL-encoded. */
function outputUrl(base: string, results: Record<string, unknown>): string {
  return `${base}/output?results=${encodeURIComponent(JSON.stringify({ ...results, pattern_chart: "", trend_chart: "" }))}`;
}

/** Opens /output as the old page does: sessionStorage written on this origin first, then the redirect. */
async function openOutput(
  base: string,
  url: string,
  stored?: Record<string, unknown>,
  options: { width?: number; height?: number; theme?: "light" | "dark" } = {},
): Promise<Page> {
  const opened = await openPage(browser.browser, { width: options.width ?? 1440, height: options.height ?? 900 });
  watched.push(opened.problems);
  await setColorScheme(opened.page, options.theme ?? "light");
  await opened.page.goto(`${base}/styles.css`); // any page of the origin, to reach its sessionStorage
  if (stored)
    await opened.page.evaluate((text) => sessionStorage.setItem("analysisResults", text), JSON.stringify(stored));
  await opened.page.goto(url, { waitUntil: "domcontentloaded" });
  await opened.page.waitForSelector("body[data-ready=true]", { timeout: 60_000 });
  return opened.page;
}

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  renderer = createChartRenderer();
  server = await startTestServer({
    config: { openai_base_url: fake.openaiBaseUrl },
    renderer,
    app: { outputLinkSecret },
  });
  server.pipeline.updateApiKey(TEST_KEY, { provider: "openai" });
  fullResults = legacyResults(
    await server.pipeline.analyze({ csv: benchmarkCsv(), timeframe: "4h", name: "BTC_4h_1" }),
  );
  guarded = await startTestServer({
    app: { accessToken: testAccessToken("output-page") },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await guarded?.close();
  await renderer?.close();
  await fake?.close();
});

describe("/output", () => {
  for (const [width, height, theme] of [
    [1440, 900, "light"],
    [390, 844, "dark"],
  ] as const) {
    it(`shows the linked result with the stored charts (${width} px, ${theme})`, async () => {
      const page = await openOutput(server.url, outputUrl(server.url, fullResults), fullResults, {
        width,
        height,
        theme,
      });
      expect(await page.$eval("#decision-badge", (node) => node.textContent)).toBe("LONG");
      expect(await page.$eval(".decision-title h2", (node) => node.textContent)).toBe("BTC_4h_1");
      expect(await page.$eval(".decision-title p", (node) => node.textContent)).toBe("4h bars · 45 in the window");
      expect(await page.$eval("#risk-reward", (node) => node.textContent)).toBe("1.5");
      expect(await visibleText(page, "#pattern-report")).toMatch(/Ascending Triangle/);
      for (const id of ["#pattern-chart-image", "#trend-chart-image"]) {
        await page.waitForFunction(
          (selector: string) => (document.querySelector<HTMLImageElement>(selector)?.naturalWidth ?? 0) > 0,
          {},
          id,
        );
        expect(await page.$eval(id, (node) => (node as HTMLImageElement).naturalWidth)).toBe(1280);
      }
      // The legacy link carries no candles and no indicator values: those parts are left out, not shown empty.
      expect(await page.$$eval("#candle-chart, #indicator-values", (nodes) => nodes.length)).toBe(0);
      await page.click("#trend-chart-image");
      await page.waitForSelector("#image-viewer[open]");
      await page.keyboard.press("Escape");
      await screenshot(page, `output-${width}-${theme}`);
      await page.close();
    });
  }

  it("says over a link this server did not sign (or that was changed) that it did not produce it", async () => {
    const signer = createLinkSigner(await outputLinkSecret.secret());
    const { redirect } = legacyRedirectAnswer(fullResults as never, { sign: signer.sign });
    const bannerShown = (page: Page) =>
      page.$eval("#link-banner", (node) => (node as HTMLElement).offsetParent !== null && node.textContent);
    let page = await openOutput(server.url, server.url + redirect, fullResults);
    expect(await page.$eval("body", (node) => node.dataset.link)).toBe("signed");
    expect(await bannerShown(page)).toBe(false);
    expect(await page.$eval("#decision-badge", (node) => node.textContent)).toBe("LONG");
    await page.close();
    for (const link of [outputUrl(server.url, fullResults), server.url + redirect.replace("LONG", "SHORT")]) {
      page = await openOutput(server.url, link);
      // Still shown (an old client's own link is unsigned), under the banner.
      expect(await page.$eval("#decision-badge", (node) => node.textContent)).toMatch(/LONG|SHORT/);
      expect(await bannerShown(page)).toMatch(/^\s*Not produced by this server\./);
      await page.close();
    }
    page = await openOutput(server.url, outputUrl(server.url, fullResults), undefined, { width: 390, height: 844 });
    await screenshot(page, "output-unsigned-390-light");
    await page.close();
  });

  it("shows hostile markup in every field as text", async () => {
    const hostile = {
      ...fullResults,
      asset_name: `<img src=x onerror="window.__pwned='asset'">`,
      timeframe: "<script>window.__pwned='timeframe'</script>",
      data_length: "<b>45</b>",
      technical_indicators: hostileText("indicator"),
      pattern_analysis: hostileText("pattern"),
      trend_analysis: hostileText("trend"),
      final_decision: {
        decision: "<img src=x onerror=alert(1)>",
        forecast_horizon: hostileLine("horizon"),
        justification: hostileText("justification"),
        risk_reward_ratio: "<i>1:2.5</i>",
      },
    };
    const page = await openOutput(server.url, outputUrl(server.url, hostile));
    expect(await forbiddenElementsIn(page, "#result")).toEqual([]);
    expect(await page.$$eval("#result :is(i, img, script)", (nodes) => nodes.length)).toBe(0);
    const shown = await visibleText(page, "#result");
    for (const piece of [
      `<img src=x onerror="window.__pwned='asset'">`,
      "<script>window.__pwned='timeframe'</script>",
      "<i>1:2.5</i>",
      "[markdown link](javascript:window.__pwned='justification-link')",
    ]) {
      expect(shown).toContain(piece);
    }
    await pageSettled(page);
    expect(await pwned(page)).toBeUndefined();
    await page.close();
  });

  it("takes no charts from a stored result of another analysis, and none that are not base64 images", async () => {
    const other = { ...fullResults, technical_indicators: "another analysis" };
    let page = await openOutput(server.url, outputUrl(server.url, fullResults), other);
    expect(await page.$$eval("#result img", (images) => images.length)).toBe(0);
    await page.close();
    page = await openOutput(server.url, outputUrl(server.url, fullResults), {
      ...fullResults,
      pattern_chart: '" onerror="window.__pwned=1',
      trend_chart: "javascript:window.__pwned=2",
    });
    expect(await page.$$eval("#result img", (images) => images.length)).toBe(0);
    expect(await pwned(page)).toBeUndefined();
    await page.close();
  });

  it("shows the whole texts and the charts from storage when the server's link carries the texts shortened", async () => {
    const long = {
      ...fullResults,
      technical_indicators: `${"An indicator paragraph that goes on. ".repeat(400)}The last words.`,
      window: { start: "2024-01-01T00:00:00Z", end: "2024-01-08T00:00:00Z", requested_start: "2024-01-05T00:00:00Z" },
    };
    const { redirect } = legacyRedirectAnswer(long as never);
    const linked = JSON.parse(decodeURIComponent(redirect.slice("/output?results=".length)));
    expect(linked.technical_indicators.endsWith(SHORTENED_MARK)).toBe(true);
    let page = await openOutput(server.url, server.url + redirect, long);
    expect(await visibleText(page, "#indicator-report")).toMatch(/The last words\.$/);
    await page.waitForFunction(
      () => (document.querySelector<HTMLImageElement>("#trend-chart-image")?.naturalWidth ?? 0) > 0,
    );
    expect(await visibleText(page, "#window-note")).toMatch(/^Requested from 2024-01-05/);
    await page.close();
    // Without the stored copy, the shortened text is what there is.
    page = await openOutput(server.url, server.url + redirect);
    expect(await visibleText(page, "#indicator-report")).toMatch(/\[…\]$/);
    await page.close();
  });

  it("reads the old system's unparsed decision ({raw}) as text", async () => {
    const page = await openOutput(
      server.url,
      outputUrl(server.url, { ...fullResults, final_decision: { raw: "The model said <b>maybe</b>" } }),
    );
    expect(await page.$eval("#decision-badge", (node) => node.textContent)).toBe("–");
    expect(await page.$eval("#justification", (node) => node.textContent)).toBe("The model said <b>maybe</b>");
    await page.close();
  });

  it("says in plain words when the address holds no result or an unreadable one", async () => {
    let page = await openOutput(server.url, `${server.url}/output`);
    expect(await page.$eval("#error-message", (node) => node.textContent)).toMatch(
      /^This address holds no analysis result/,
    );
    await page.close();
    page = await openOutput(
      server.url,
      `${server.url}/output?results=${encodeURIComponent('{"asset_name": "BTC", "tim')}`,
    );
    expect(await page.$eval("#error-message", (node) => node.textContent)).toMatch(
      /^The analysis result in this address could not be read/,
    );
    expect(await page.$eval("#result", (node) => (node as HTMLElement).hidden)).toBe(true);
    await page.close();
  });

  it("shows the result on a server behind a token this tab was not given", async () => {
    const page = await openOutput(guarded.url, outputUrl(guarded.url, fullResults));
    expect(await page.$eval("#decision-badge", (node) => node.textContent)).toBe("LONG");
    await page.close();
  });

  it("ran without script errors or Content-Security-Policy violations", () => {
    // The token-guarded server answers the page config with 401: a failed load, which is not a script error.
    expect(watched.flat()).toEqual([]);
  });
});
