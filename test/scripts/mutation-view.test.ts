// The HTML view of a committed mutation report (scripts/mutation-view.ts): the report embedded so that no text of it
// can end its script, read back intact, and the page rendered by the viewer in real headless Chromium from disk.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { mutationReportHtml } from "../../scripts/mutation-view";
import { launchBrowser, type TestBrowser } from "../server/browser";

const HOSTILE = `</script><img src=x onerror="window.__pwned = true"><script>window.__pwned = true</script>`;

interface Report {
  files: Record<string, { source: string; mutants: { status: string }[] }>;
}

/** A committed report (the list cursor's rerun: one file, 40 mutants) with a hostile line added to its source. */
async function hostileReport(): Promise<Report> {
  const report = JSON.parse(
    await readFile(path.resolve(__dirname, "../../bench/mutation/journal-cursor-after/report.json"), "utf8"),
  ) as Report;
  const file = report.files["src/journal/list-cursor.ts"]!;
  file.source = `${file.source}\n// ${HOSTILE}\n`;
  return report;
}

const viewerScript = () =>
  readFile(createRequire(__filename).resolve("mutation-testing-elements/dist/mutation-test-elements.js"), "utf8");

describe("mutationReportHtml", () => {
  it("embeds the report so that its text cannot end the script, and reads back the same report", async () => {
    const report = await hostileReport();
    const html = mutationReportHtml(report, "/* viewer */", 'mutation: <cursor> & "co"');
    expect(html).not.toContain("</script><img");
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the viewer's and the report's own
    expect(html).toContain("<title>mutation: &lt;cursor> &amp; &quot;co&quot;</title>");
    expect(html).toContain('title-postfix="mutation: &lt;cursor> &amp; &quot;co&quot;"');
    const embedded = /^app\.report = (.*);$/m.exec(html)?.[1];
    expect(JSON.parse(embedded ?? "null")).toEqual(report);
  });
});

describe("the HTML view in Chromium", () => {
  let browser: TestBrowser;
  let folder: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    folder = await mkdtemp(path.join(tmpdir(), "mutation-view-"));
  });
  afterAll(async () => {
    await browser?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("opens from disk with the file, its score and its mutants, and runs nothing from the report", async () => {
    const target = path.join(folder, "report.html");
    await writeFile(target, mutationReportHtml(await hostileReport(), await viewerScript(), "mutation: cursor"));
    const page = await browser.browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(pathToFileURL(target).href);
    await page.waitForFunction(() => document.title === "All files - mutation: cursor", { timeout: 20_000 });
    // The viewer draws inside shadow roots: gather their text.
    const text = await page.evaluate(() => {
      const textOf = (root: Document | ShadowRoot): string =>
        Array.from(root.querySelectorAll("*"))
          .map((node) => (node.shadowRoot ? textOf(node.shadowRoot) : ""))
          .join(" ") + (root.textContent ?? "");
      return textOf(document).replace(/\s+/g, " ");
    });
    expect(text).toContain("list-cursor.ts");
    expect(text).toContain("95.00");
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
