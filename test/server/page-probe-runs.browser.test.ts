// The History's chart-reading probe runs in real headless Chromium against the running server: the empty state, the
// runs the journal holds (recorded as runChartProbe records them) listed with their model and what was planted, and a
// run opened with its verdict in words and its three scores; a demo run is tagged and its pick says "not scored"; a
// hostile model name stays text. Screenshots go to test-artifacts/server/.
import type { Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { probeRunInput } from "../../src/probe/probe-journal";
import { handMadeProbe, points } from "../probe/hand-made-probe";
import { launchBrowser, openPage, screenshot, type TestBrowser } from "./browser";
import { forbiddenElementsIn, loadPage, pwned, text as textOf, waitForText } from "./page-helpers";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let browser: TestBrowser;
let page: Page;
let problems: string[];

const HOSTILE_MODEL = `<b>gpt-4o</b><img src=x onerror="window.__pwned='model'">`;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser.browser));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openHistory(): Promise<void> {
  await page.click("#history-tab");
  await page.waitForSelector("#history-view:not([hidden])");
}

const perfect = handMadeProbe(
  points((label) => ({
    pick: { pattern: label.patternName, said: label.patternName ? "pattern" : "no_clear_pattern" },
    trend: label.trend ?? "sideways",
    directive: label.direction ?? "LONG",
  })),
  false,
  HOSTILE_MODEL,
);
const demo = handMadeProbe(
  points(() => ({ pick: { pattern: null, said: "no_clear_pattern" }, trend: "sideways", directive: "LONG" })),
  true,
);

describe("the History's chart-reading probes", () => {
  it("says how to make one when there is none", async () => {
    await loadPage(page, `${server.url}/`);
    await openHistory();
    await waitForText(page, "#probe-runs-card", /No probe recorded yet/);
    expect(await page.$eval("#probe-runs-table", (node) => (node as HTMLElement).hidden)).toBe(true);
  });

  it("lists the recorded probes newest first and opens one with its verdict and scores", async () => {
    const { id: demoId } = await server.pipeline.journal.recordEvaluationRun(probeRunInput(demo));
    const { id } = await server.pipeline.journal.recordEvaluationRun(probeRunInput(perfect));

    await loadPage(page, `${server.url}/`);
    await openHistory();
    await page.waitForFunction(() => document.querySelectorAll("#probe-runs-rows tr").length === 2, {
      timeout: 10_000,
    });
    const rows = await page.$$eval("#probe-runs-rows tr", (found) =>
      found.map((row) => Array.from(row.querySelectorAll("td")).map((cell) => (cell.textContent ?? "").trim())),
    );
    expect(rows.map((cells) => cells.slice(1))).toEqual([
      [HOSTILE_MODEL, "16 shapes × 2", "32", "0.004"],
      ["demo demo", "16 shapes × 2", "32", "0.004"],
    ]);
    expect(await page.$$eval(`#probe-runs-rows tr[data-id="${demoId}"] .tag.demo`, (tags) => tags.length)).toBe(1);

    await page.click(`#probe-runs-rows tr[data-id="${id}"] td:nth-child(3)`);
    await page.waitForSelector("#probe-run:not([hidden])", { timeout: 20_000 });
    expect(await textOf(page, "#probe-run-title")).toBe(`${HOSTILE_MODEL}: 16 shapes × 2 planted series`);
    const verdict = await page.$$eval("#probe-verdict p", (found) => found.map((node) => node.textContent));
    expect(verdict).toEqual(perfect.verdict);
    expect(verdict[0]).toMatch(/^The model reads charts better than chance/);
    const scores = await page.$$eval("#probe-scores-rows tr", (found) =>
      found.map((row) => Array.from(row.children).map((cell) => (cell.textContent ?? "").trim())),
    );
    expect(scores[0]).toEqual([
      "Pattern named (Pattern agent)",
      "26",
      "100.0% (26)",
      '15.4% (always "V-shaped Reversal")',
      "7.3e-22",
    ]);
    expect(scores[2]!.slice(0, 3)).toEqual(["Directive vs textbook direction", "28", "100.0% (28)"]);
    for (const container of ["#probe-runs-rows", "#probe-run-title", "#probe-verdict", "#probe-scores-rows"])
      expect(await forbiddenElementsIn(page, container), container).toEqual([]);
    expect(await pwned(page)).toBeUndefined();
    await screenshot(page, "history-probe-run");

    await page.click(`#probe-runs-rows tr[data-id="${demoId}"] td:nth-child(3)`);
    await waitForText(page, "#probe-verdict", /demo provider does not read them/);
    const demoScores = await page.$$eval("#probe-scores-rows tr", (found) =>
      found.map((row) => Array.from(row.children).map((cell) => (cell.textContent ?? "").trim())),
    );
    expect(demoScores[0]).toEqual(["Pattern named (Pattern agent)", "not scored", "–", "–", "–"]);
    expect(problems).toEqual([]);
  }, 120_000);
});
