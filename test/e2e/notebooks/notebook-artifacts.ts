// Keeps what an executed notebook looks like, for a person to look at after the suite: the notebook converted to HTML
// by Jupyter itself (nbconvert's lab template, as "File > Save and export as HTML" would) and a full-page screenshot of
// that HTML in headless Chromium, under test-artifacts/notebooks/ (git-ignored, like the page's screenshots).
import { execFile } from "node:child_process";
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";

import { launchBrowser } from "../../server/browser";

export const NOTEBOOK_ARTIFACTS_DIR = path.resolve(__dirname, "../../../test-artifacts/notebooks");

export interface NotebookArtifacts {
  html: string;
  screenshot: string;
  /** What the browser showed: the text of the rendered notebook, for the test to check it is the real thing. */
  renderedText: string;
  /** Plotly charts that drew at least one candle (the interactive chart is inline, so it works offline). */
  drawnPlots: number;
}

/** Converts an executed notebook to HTML in test-artifacts/notebooks/; answers the file's path. */
export async function exportNotebookHtml(options: { executed: string; env: NodeJS.ProcessEnv }): Promise<string> {
  mkdirSync(NOTEBOOK_ARTIFACTS_DIR, { recursive: true });
  await promisify(execFile)(
    "jupyter",
    ["nbconvert", "--to", "html", "--output-dir", NOTEBOOK_ARTIFACTS_DIR, options.executed],
    { env: options.env, maxBuffer: 16 * 1024 * 1024 },
  );
  const html = path.join(NOTEBOOK_ARTIFACTS_DIR, `${path.basename(options.executed, ".ipynb")}.html`);
  statSync(html);
  return html;
}

/** Converts an executed notebook to HTML and screenshots it at a laptop's width. */
export async function saveNotebookArtifacts(options: {
  executed: string;
  env: NodeJS.ProcessEnv;
}): Promise<NotebookArtifacts> {
  const base = path.basename(options.executed, ".ipynb");
  const html = await exportNotebookHtml(options);
  const screenshot = path.join(NOTEBOOK_ARTIFACTS_DIR, `${base}.png`);
  const chromium = await launchBrowser();
  try {
    const page = await chromium.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    // The lab template asks a CDN for MathJax and require.js; with no network those requests fail fast and the
    // notebook's own content (tables, inline PNGs, the inlined Plotly bundle) renders without them.
    await page.goto(pathToFileURL(html).href, { waitUntil: "load", timeout: 60_000 });
    await page
      .waitForFunction(() => document.querySelectorAll(".main-svg").length > 0, { timeout: 60_000 })
      .catch(() => undefined);
    await page.screenshot({ path: screenshot, fullPage: true });
    const renderedText = await page.evaluate(() => document.body.innerText);
    const drawnPlots = await page.evaluate(
      () =>
        Array.from(document.querySelectorAll(".js-plotly-plot")).filter((plot) => plot.querySelector(".trace") !== null)
          .length,
    );
    return { html, screenshot, renderedText, drawnPlots };
  } finally {
    await chromium.close();
  }
}
