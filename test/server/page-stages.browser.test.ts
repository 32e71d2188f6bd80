// The optional stages in the page: the form's "More agents" fields go into the request; the progress list shows the
// stages' steps in the order they run, the debate streams into live cards, and the result shows the risk levels,
// the lessons and the debate only when they ran. Lessons, debate text and a risk reason from a model stay text.
// One server runs the real pipeline against the fake provider; a second answers a scripted result with hostile text.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { ServerPipeline } from "../../server/app-dependencies";
import { type AnalysisResult, type ChartRenderer, createChartRenderer } from "../../src/index";
import {
  defaultFakeHandler,
  fakeArguments,
  type FakeProviderServer,
  fakeReply,
  startFakeProviderServer,
} from "../fakes/fake-provider-server";
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
  visibleText,
} from "./page-helpers";
import { startTestServer, TEST_KEY, type TestServer } from "./test-server";

// Each test runs whole analyses (charts, model calls over HTTP, the journal): on a busy 2-core machine that can take
// far longer than the project's 30 s default, so the bound here is generous; nothing measures speed.
vi.setConfig({ testTimeout: 180_000 });

let fake: FakeProviderServer;
let renderer: ChartRenderer;
let server: TestServer;
let scripted: TestServer;
let browser: TestBrowser;
let scratch: string;
let csvPath: string;
let scriptedResult: AnalysisResult;
const bodies: unknown[] = [];
const watched: string[][] = [];

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  renderer = createChartRenderer();
  server = await startTestServer({ config: { api_key: TEST_KEY, openai_base_url: fake.openaiBaseUrl }, renderer });
  const { id: _id, ...plain } = await server.pipeline.analyze({ csv: benchmarkCsv(), timeframe: "4h", name: "BTC" });
  scriptedResult = {
    ...plain,
    stages: { memory: { lessons: 2 }, debate: { rounds: 1 }, risk: {} },
    debate: [
      { side: "bull", round: 1, text: hostileText("bull") },
      { side: "bear", round: 1, text: "Plain **bear** case." },
    ],
    risk: { stopLoss: null, takeProfit: null, size: null, atr: 0, reason: `flat window ${hostileText("risk")}` },
    memory: {
      recalled: [
        {
          analysisId: "a1",
          windowEnd: "2023-08-30T12:00:00.000Z",
          decision: "SHORT",
          outcomeBarTime: "2023-08-31T00:00:00.000Z",
          outcome: [
            { bars: 1, hit: true, return: 0.004 },
            { bars: 3, hit: false, return: -0.012 },
          ],
          text: hostileText("lesson"),
        },
      ],
      lesson: hostileText("written"),
    },
  };
  const analyze: ServerPipeline["analyze"] = async (request, options = {}) => {
    bodies.push(request);
    emitter(options.onEvent)({ type: "step-start", step: "data", at: Date.now() });
    return scriptedResult;
  };
  scripted = await startTestServer({ pipeline: pipelineWithAnalyze(server.pipeline, analyze) });
  scratch = mkdtempSync(path.join(tmpdir(), "page-stages-"));
  csvPath = path.join(scratch, "BTC_4h_1.csv");
  writeFileSync(csvPath, benchmarkCsv());
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await scripted?.close();
  await server?.close();
  await renderer?.close();
  await fake?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function setStages(page: import("puppeteer").Page, stages: { lessons: string; rounds: string; risk: boolean }) {
  await page.$eval("#stages-fieldset", (node) => ((node as HTMLDetailsElement).open = true));
  for (const [selector, value] of [
    ["#memory-lessons", stages.lessons],
    ["#debate-rounds", stages.rounds],
  ] as const) {
    await page.$eval(selector, (node) => ((node as HTMLInputElement).value = ""));
    await page.type(selector, value);
  }
  const checked = await page.$eval("#risk-levels", (node) => (node as HTMLInputElement).checked);
  if (checked !== stages.risk) await page.click("#risk-levels");
}

describe("the stages in the page", () => {
  it("run from the form: their steps in the progress list, the debate streamed, the result's stages card", async () => {
    // The researchers write slowly, so the live cards can be seen before the result replaces them.
    fake.setHandler(async (request) => {
      const reply = await defaultFakeHandler(request);
      return request.summary.systemText.includes("researcher")
        ? fakeReply.streamed(reply as Parameters<typeof fakeReply.streamed>[0], { chunkDelayMs: 40 })
        : reply;
    });
    const opened = await openPage(browser.browser, { width: 1440, height: 900 });
    watched.push(opened.problems);
    const { page } = opened;
    await loadPage(page, `${server.url}/`);
    expect(await page.$eval("#stages-fieldset", (node) => (node as HTMLDetailsElement).open)).toBe(false);
    await setStages(page, { lessons: "2", rounds: "1", risk: true });
    // The bull's live card, under its label, while the analysis runs: an observer records it the moment it appears,
    // so a busy machine that shows the result soon after cannot hide it from the test.
    await page.evaluate(() => {
      const seen = () =>
        document.querySelector('#live-report-list [data-step="bull-1"] h3')?.textContent === "Bull researcher, round 1";
      const observer = new MutationObserver(() => {
        if (!seen()) return;
        (window as unknown as { bullCardSeen: boolean }).bullCardSeen = true;
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await runCsvAnalysis(page, csvPath);
    await page.waitForFunction(() => (window as unknown as { bullCardSeen?: boolean }).bullCardSeen === true, {
      timeout: 60_000,
    });
    const labels = await page.$$eval("#progress-steps .step-label", (nodes) => nodes.map((node) => node.textContent));
    expect(labels.slice(5)).toEqual([
      "Memory",
      "Bull researcher, round 1",
      "Bear researcher, round 1",
      "Decision agent",
      "Risk levels",
    ]);
    await page.waitForSelector("#stages-card", { timeout: 30_000 });
    expect(await page.$eval("#stages-card .card-head", (node) => node.textContent)).toContain(
      "memory 2, debate 1, risk",
    );
    expect(await page.$eval("#stop-loss", (node) => node.textContent)).toMatch(/^\d[\d,]*(\.\d+)?$/);
    expect(await page.$eval("#lessons h3", (node) => node.textContent)).toBe(
      "No earlier lesson was known by this window's end",
    );
    expect(await page.$$eval(".debate-turn h3", (nodes) => nodes.map((node) => node.textContent))).toEqual([
      "Bull researcher, round 1",
      "Bear researcher, round 1",
    ]);
    expect(await visibleText(page, "#debate-turn-0")).toContain(fakeArguments.bull.split("\n")[0]);
    const states = await page.$$eval("#progress-steps .step", (nodes) =>
      nodes.map((node) => (node as HTMLElement).dataset.state),
    );
    expect(states.every((state) => state === "done")).toBe(true);
    await screenshot(page, "stages-result-1440");
    await page.close();
  });

  it("send no stages when all are off, and show no stages card", async () => {
    const opened = await openPage(browser.browser, { width: 390, height: 844 });
    watched.push(opened.problems);
    const { page } = opened;
    await loadPage(page, `${server.url}/`);
    await runCsvAnalysis(page, csvPath);
    await page.waitForSelector("#decision-badge", { timeout: 30_000 });
    expect(await page.$("#stages-card")).toBeNull();
    const labels = await page.$$eval("#progress-steps .step-label", (nodes) => nodes.map((node) => node.textContent));
    expect(labels).toHaveLength(6);
    await page.close();
  });

  it("refuse a count out of range in the page, before any request", async () => {
    const opened = await openPage(browser.browser, { width: 1440, height: 900 });
    watched.push(opened.problems);
    const { page } = opened;
    await loadPage(page, `${scripted.url}/`);
    await setStages(page, { lessons: "0", rounds: "9", risk: false });
    const before = bodies.length;
    await runCsvAnalysis(page, csvPath);
    await page.waitForFunction(() =>
      /Debate rounds must be a whole number from 0 \(off\) to 5/.test(
        document.querySelector("#error-panel")?.textContent ?? "",
      ),
    );
    expect(bodies.length).toBe(before);
    await page.close();
  });

  it("keep model text as text: lessons, the written lesson, the debate and a risk reason", async () => {
    const opened = await openPage(browser.browser, { width: 390, height: 844 });
    watched.push(opened.problems);
    const { page } = opened;
    await loadPage(page, `${scripted.url}/`);
    await setStages(page, { lessons: "2", rounds: "1", risk: true });
    await runCsvAnalysis(page, csvPath);
    await page.waitForSelector("#stages-card", { timeout: 30_000 });
    expect(bodies[bodies.length - 1]).toMatchObject({
      stages: { memory: { lessons: 2 }, debate: { rounds: 1 }, risk: {} },
    });
    expect(await forbiddenElementsIn(page, "#stages-card")).toEqual([]);
    expect(await visibleText(page, "#lessons")).toContain("<script>window.__pwned = 'lesson-script'</script>");
    expect(await visibleText(page, "#lesson-written")).toContain("<script>window.__pwned = 'written-script'</script>");
    expect(await visibleText(page, "#risk-reason")).toContain("<script>window.__pwned = 'risk-script'</script>");
    expect(await visibleText(page, "#lessons")).toContain(
      "SHORT at 2023-08-30 12:00 UTC · +0.4% after 1 bar, -1.2% after 3 bars",
    );
    expect(await page.$eval("#debate-turn-1 strong", (node) => node.textContent)).toBe("bear");
    await pageSettled(page);
    expect(await pwned(page)).toBeUndefined();
    await screenshot(page, "stages-hostile-390");
    await page.close();
  });

  it("ran without script errors or Content-Security-Policy violations", () => {
    expect(watched.flat()).toEqual([]);
  });
});
