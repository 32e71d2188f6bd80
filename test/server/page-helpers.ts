// Helpers shared by the page's browser tests: reading and waiting for text, loading the page, running a CSV
// analysis, switching the colour scheme, checking that nothing hostile ran, and a server pipeline whose analyze()
// a test scripts (to stream events the real pipeline does not send yet, or results with fields it does not have).
import path from "node:path";

import type { ElementHandle, Page } from "puppeteer";

import type { ServerPipeline } from "../../server/app-dependencies";
import type { Pipeline, ProgressEvent } from "../../src/index";

export const text = (page: Page, selector: string) => page.$eval(selector, (node) => node.textContent ?? "");

/** innerText: what is rendered, so text inside hidden or collapsed nodes does not count. */
export const visibleText = (page: Page, selector: string) =>
  page.$eval(selector, (node) => (node as HTMLElement).innerText);

export const waitForText = (page: Page, selector: string, pattern: RegExp, timeout = 60_000) =>
  page.waitForFunction(
    (css: string, source: string, flags: string) =>
      new RegExp(source, flags).test(document.querySelector(css)?.textContent ?? ""),
    { timeout },
    selector,
    pattern.source,
    pattern.flags,
  );

export async function loadPage(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await page.waitForSelector("body[data-ready=true]", { timeout: 60_000 });
}

/** Picks the data source and waits until its part of the form is shown. */
export async function chooseSource(page: Page, source: "market" | "sample" | "csv"): Promise<void> {
  const radio = `input[name="source"][value="${source}"]`;
  // Puppeteer clicks a control that is on screen where it is, even under the sticky header (a page scrolled to its
  // end can leave the radios there): scrolled to the middle first, as a user would have it before tapping.
  await page.$eval(radio, (node) => node.scrollIntoView({ block: "center", behavior: "instant" }));
  await page.click(radio);
  const shown = { market: "#add-symbol-button", sample: "#sample-window-select", csv: "#csv-file-button" }[source];
  await page.waitForSelector(shown, { visible: true, timeout: 60_000 });
}

/** Chooses the CSV source and the file, then presses Run (the result or error is for the caller to wait for). */
export async function runCsvAnalysis(page: Page, csvPath: string): Promise<void> {
  await chooseSource(page, "csv");
  await page.select("#timeframe-select", "4h");
  const fileInput = (await page.$("#csv-file-input")) as ElementHandle<HTMLInputElement>;
  await fileInput.uploadFile(csvPath);
  // The styled picker names the chosen file.
  await page.waitForFunction(
    (name: string) => document.querySelector("#csv-file-name")?.textContent === name,
    {},
    path.basename(csvPath),
  );
  await page.click("#run-button");
}

/** Saves a key through the Settings panel and waits for its check to finish. */
export async function saveKey(page: Page, key: string): Promise<void> {
  await page.$eval("#settings-panel", (node) => ((node as HTMLDetailsElement).open = true));
  await page.type("#api-key-input", key);
  await page.click("#save-key-button");
  await page.waitForFunction(() => {
    const badge = document.querySelector("#key-status-list li.active .key-validation");
    return badge !== null && (badge as HTMLElement).dataset.validation !== "checking";
  });
}

export async function setColorScheme(page: Page, scheme: "light" | "dark"): Promise<void> {
  await page.emulateMediaFeatures([
    { name: "prefers-color-scheme", value: scheme },
    // Kept from openPage(): instant scrolls, so clicks land where they are aimed.
    { name: "prefers-reduced-motion", value: "reduce" },
  ]);
}

/** The rectangle of the first node matching a selector, in viewport coordinates. */
export function rectOf(
  page: Page,
  selector: string,
): Promise<{ top: number; bottom: number; left: number; right: number; height: number }> {
  return page.$eval(selector, (node) => {
    const rect = node.getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right, height: rect.height };
  });
}

/** Markup that would run or add elements if any of it were parsed as HTML; `tag` names the field it is sent in. */
export function hostileText(tag: string): string {
  return [
    `## ${tag} heading <img src=x onerror="window.__pwned='${tag}-img'">`,
    `<script>window.__pwned = '${tag}-script'</script>`,
    `- [markdown link](javascript:window.__pwned='${tag}-link')`,
    `- <a href="javascript:window.__pwned='${tag}-anchor'">anchor</a> and <iframe src="javascript:1"></iframe>`,
    `**${tag} bold text** stays text: <b>not bold</b>`,
  ].join("\n");
}

/** One line of markup for fields shown as a single line (forecast horizon). */
export function hostileLine(tag: string): string {
  return `<img src=x onerror="window.__pwned='${tag}-img'"> [next 3 bars](javascript:window.__pwned='${tag}-link') <script>window.__pwned=1</script>`;
}

/** Elements that hostile text must never create inside a container of model text. */
export const FORBIDDEN_ELEMENTS = "img, script, iframe, a, b, object, embed, svg, style, link";

export async function forbiddenElementsIn(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(`${selector} :is(${FORBIDDEN_ELEMENTS})`, (nodes) => nodes.map((node) => node.outerHTML));
}

export const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);

/**
 * Resolves once every image the page loads at once (not the lazy chart thumbnails) has loaded or failed, and the tasks
 * queued meanwhile have run: an error handler that markup had smuggled onto an image, the usual way such markup runs,
 * would have fired by then. A condition, not a pause: a busy machine only makes it take longer.
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => image.loading === "lazy" || image.complete),
  );
  // Error and load events are queued as tasks when an image settles: a task queued after them runs after them.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

type Analyze = ServerPipeline["analyze"];

/**
 * The real pipeline for every endpoint but /api/analyze, which `analyze` answers. A proxy rather than a list of
 * methods, so a method the server starts to call later comes along. Methods are bound to the pipeline itself: its
 * private fields are not reachable through a proxy.
 */
export function pipelineWithAnalyze(pipeline: Pipeline, analyze: Analyze): ServerPipeline {
  return new Proxy(pipeline, {
    get(target, name) {
      if (name === "analyze") return analyze;
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Sends events through an analysis's listener, as the real pipeline does. */
export function emitter(onEvent: ((event: ProgressEvent) => void) | undefined): (event: ProgressEvent) => void {
  return (event) => onEvent?.(event);
}

export const zeroUsage = { inputTokens: 0, outputTokens: 0 };
