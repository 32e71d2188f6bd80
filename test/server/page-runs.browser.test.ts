// The History tab's "Queued runs" card in real headless Chromium: hidden on a server without queued runs; with runs,
// newest first, each with its label (hostile text shown as text), a progress bar of finished points, the counts
// failed, running and waiting, and its state in words. Runs are written straight into the server's SQLite journal,
// which has the queued runs' tables as every journal does. The card shows the newest 50 and "Load more" pages through
// the rest, on a server with JOURNAL=off too. A screenshot goes to test-artifacts/server/.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { Page } from "puppeteer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDatabaseHandle, type DatabaseHandle } from "../../src/journal/database-handle";
import { finishPoint, insertQueuedRun, startPoint } from "../../src/queue/queued-runs";
import { queuedRunsReader } from "../../src/queue/run-progress";
import { launchBrowser, openPage, screenshot, type TestBrowser } from "./browser";
import { forbiddenElementsIn, hostileLine, loadPage, pwned } from "./page-helpers";
import { startTestServer, type TestServer } from "./test-server";

let scratch: string;
let database: DatabaseHandle;
let server: TestServer;
let bare: TestServer;
let browser: TestBrowser;
let page: Page;
let problems: string[];

async function queue(id: string, day: number, label: string, finished: { ok: boolean }[], started = 0) {
  const { db } = await database.open();
  const points = Array.from({ length: 4 }, (_, index) => ({ id: `p${index}`, input: {} }));
  await insertQueuedRun(db, {
    id,
    kind: "evaluation",
    createdAt: new Date(Date.UTC(2026, 0, day)).toISOString(),
    label,
    spec: {},
    points,
  });
  const now = new Date();
  for (const [index, outcome] of finished.entries()) {
    await startPoint(db, { runId: id, pointId: `p${index}`, now });
    await finishPoint(db, {
      runId: id,
      pointId: `p${index}`,
      worker: "w:1",
      now,
      outcome: outcome.ok ? { ok: true, result: {} } : { ok: false, error: "failed" },
    });
  }
  for (let index = finished.length; index < finished.length + started; index += 1)
    await startPoint(db, { runId: id, pointId: `p${index}`, now });
}

async function openHistory(url: string): Promise<void> {
  await loadPage(page, `${url}/`);
  await page.click("#history-tab");
  await page.waitForSelector("#history-view:not([hidden])");
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "page-runs-"));
  database = createDatabaseHandle({ dataDir: scratch });
  server = await startTestServer({ dataDir: scratch, app: { queuedRuns: queuedRunsReader(database) } });
  bare = await startTestServer();
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser.browser));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await bare?.close();
  await database?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("queued runs in the History tab", () => {
  it("shows no card when there are none", async () => {
    await openHistory(bare.url);
    await page.waitForFunction(() => !document.querySelector("#history-table[aria-busy]"));
    expect(await page.$eval("#runs-card", (node) => (node as HTMLElement).hidden)).toBe(true);
  });

  it("lists each run with its progress and state, newest first, labels as text", async () => {
    await queue("run-done", 1, "evaluation: gpt-4o on BTC, 4 points", [
      { ok: true },
      { ok: true },
      { ok: true },
      { ok: false },
    ]);
    await queue("run-going", 2, `evaluation ${hostileLine("label")}`, [{ ok: true }, { ok: false }], 1);
    await openHistory(server.url);
    await page.waitForSelector("#runs-card:not([hidden]) #runs-rows tr");
    const rows = await page.$$eval("#runs-rows tr", (trs) =>
      trs.map((tr) => ({
        id: (tr as HTMLElement).dataset.id,
        cells: Object.fromEntries(
          Array.from(tr.querySelectorAll("td")).map((td) => [
            (td as HTMLElement).dataset.column,
            (td.textContent ?? "").replace(/\s+/g, " ").trim(),
          ]),
        ),
        bar: [tr.querySelector("progress")?.value, tr.querySelector("progress")?.max],
      })),
    );
    expect(rows.map((row) => row.id)).toEqual(["run-going", "run-done"]);
    expect(rows[0]?.cells).toMatchObject({
      progress: "2 / 4",
      failed: "1",
      running: "1",
      waiting: "1",
      state: "in progress",
    });
    expect(rows[0]?.cells.label).toContain("<img src=x");
    expect(rows[0]?.bar).toEqual([2, 4]);
    expect(rows[1]?.cells).toMatchObject({
      progress: "4 / 4",
      failed: "1",
      running: "0",
      waiting: "0",
      state: "done: write the report with quantagent evaluate --report",
    });
    expect(await forbiddenElementsIn(page, "#runs-card")).toEqual([]);
    expect(await pwned(page)).toBeUndefined();
    await screenshot(page, "history-queued-runs");
    expect(problems).toEqual([]);
  });

  it("shows the newest 50 and pages through the rest with Load more, also with JOURNAL=off", async () => {
    // 55 queued runs in all (the two above and 53 more, a day apart from 3 January on).
    for (let index = 0; index < 53; index += 1) await queue(`run-${100 + index}`, 3 + index, `evaluation ${index}`, []);
    const rowIds = () => page.$$eval("#runs-rows tr", (trs) => trs.map((tr) => (tr as HTMLElement).dataset.id));
    const off = await startTestServer({
      dataDir: scratch,
      config: { journal: false },
      app: { queuedRuns: queuedRunsReader(database) },
    });
    try {
      for (const url of [server.url, off.url]) {
        await openHistory(url);
        await page.waitForSelector("#runs-card:not([hidden]) #runs-rows tr");
        const first = await rowIds();
        expect(first).toHaveLength(50);
        expect(first[0]).toBe("run-152"); // the newest
        expect(await page.$eval("#runs-count", (node) => node.textContent)).toBe(
          "50 queued runs, newest first · more to load",
        );
        expect(await page.$eval("#runs-load-more", (node) => (node as HTMLElement).hidden)).toBe(false);
        await page.click("#runs-load-more");
        await page.waitForFunction(() => document.querySelectorAll("#runs-rows tr").length === 55);
        const all = await rowIds();
        expect(all.slice(0, 50)).toEqual(first);
        expect(all.slice(-2)).toEqual(["run-going", "run-done"]);
        expect(new Set(all).size).toBe(55);
        expect(await page.$eval("#runs-count", (node) => node.textContent)).toBe("55 queued runs, newest first");
        expect(await page.$eval("#runs-load-more", (node) => (node as HTMLElement).hidden)).toBe(true);
      }
    } finally {
      await off.close();
    }
    expect(problems).toEqual([]);
  });
});
