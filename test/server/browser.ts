// Headless Chromium for the page tests: the run's one Chromium (test/support/global/shared-chromium.ts), in a browser
// context of the file's own (its cookies, storage and pages are nobody else's), and screenshots saved under
// test-artifacts/server/ (git-ignored). Each page records CSP violations and script errors for the tests. Outside a
// vitest run with that setup it launches the project's Chromium (PUPPETEER_EXECUTABLE_PATH, .puppeteerrc.cjs, then
// /usr/bin/chromium) with the flags that work on this project's machines and a throwaway profile.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import puppeteer, { type BrowserContext, type Page } from "puppeteer";

import { CHROMIUM_FLAGS } from "../../src/charts/chromium-setup";

export const ARTIFACTS_DIR = path.resolve(__dirname, "../../test-artifacts/server");

export function chromiumPath(): string | undefined {
  const configured: string | undefined = (() => {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the project's CommonJS puppeteer config
      return require("../../.puppeteerrc.cjs").executablePath;
    } catch {
      return undefined;
    }
  })();
  return [process.env.PUPPETEER_EXECUTABLE_PATH, configured, "/usr/bin/chromium"].find(
    (candidate) => candidate && existsSync(candidate),
  );
}

export interface TestBrowser {
  /** Where the test opens its pages: a browser context of its own. */
  browser: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<TestBrowser> {
  const endpoint = process.env.CHROMIUM_WS_ENDPOINT;
  if (endpoint) {
    const connected = await puppeteer.connect({ browserWSEndpoint: endpoint });
    const context = await connected.createBrowserContext();
    return {
      browser: context,
      async close() {
        await context.close().catch(() => undefined);
        await connected.disconnect();
      },
    };
  }
  const userDataDir = mkdtempSync(path.join(tmpdir(), "server-page-test-"));
  const browser = await puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    userDataDir,
    args: [...CHROMIUM_FLAGS],
  });
  return {
    browser: browser.defaultBrowserContext(),
    async close() {
      await browser.close();
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

export interface WatchedPage {
  page: Page;
  /** Script errors and CSP violations seen so far. */
  problems: string[];
}

export async function openPage(
  browser: BrowserContext,
  options: { width?: number; height?: number } = {},
): Promise<WatchedPage> {
  const page = await browser.newPage();
  await page.setViewport({ width: options.width ?? 1366, height: options.height ?? 900 });
  // The page scrolls smoothly to panels it opens; a click puppeteer aims while such a scroll is still moving the page
  // lands on whatever has slid under the mouse. Users who ask for reduced motion get instant scrolls, and so do tests.
  await page.emulateMediaFeatures([{ name: "prefers-reduced-motion", value: "reduce" }]);
  const problems: string[] = [];
  page.on("pageerror", (error) =>
    problems.push(`page error: ${error instanceof Error ? error.message : String(error)}`),
  );
  page.on("console", (message) => {
    if (message.type() === "error" && !/Failed to load resource/.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  await page.evaluateOnNewDocument(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return { page, problems };
}

/**
 * Saves a screenshot: the whole page from the top, or with `viewportOnly` what the user sees right now (the
 * screen after a scroll the page made, a sticky bar at the bottom edge).
 */
export async function screenshot(page: Page, name: string, options: { viewportOnly?: boolean } = {}): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`) as `${string}.png`;
  if (options.viewportOnly) {
    await page.screenshot({ path: file });
    return;
  }
  // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.screenshot({ path: file, fullPage: true });
}
