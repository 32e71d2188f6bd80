// notebooks/01-quick-start.ipynb executed through real Jupyter (jupyter nbconvert --execute, notebook-harness.ts):
// live progress, the decision card, both charts inline, the indicator and call tables, and the interactive Plotly
// chart; then the executed notebook exported to HTML by Jupyter and screenshotted in Chromium, where the card, the
// tables and the chart all rendered. The HTML and the screenshot stay in test-artifacts/notebooks/ for a reader.
import { statSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { saveNotebookArtifacts } from "./notebook-artifacts";
import { count, dataOf, texts, useNotebookHarness } from "./notebook-harness";

const notebook = useNotebookHarness();

describe("notebook 01 executed through Jupyter", () => {
  it("01 quick start: live progress, the decision card and both charts inline", async () => {
    const outputs = await notebook.execute("01-quick-start.ipynb");
    const markdown = dataOf(outputs, "text/markdown");
    expect(markdown).toContain("| decision | ● done |");
    expect(markdown).toContain("| charts | ● done |"); // the step of drawing the charts, in its place in the table
    const html = dataOf(outputs, "text/html");
    expect(html).toMatch(/>LONG</);
    expect(count(outputs, "image/png")).toBe(2);
    expect(texts(outputs)).toMatch(/hasKey: true,\s+maskedKey: 'sk-\.\.\.789'/);
    // The numbers as tables (rounded), and the window as an interactive chart with Plotly written into the output
    // (compressed: the harness holds every executed notebook under 1 MB).
    expect(html).toContain("Indicators at the last bar");
    expect(html).toMatch(/>RSI \(14\)<\/td><td[^>]*>\d+\.\d\d<\/td>/);
    expect(html).toContain("Model calls");
    expect(html).toMatch(/<div id="quantagent-plot-[0-9a-f-]{36}"/);
    expect(html).toMatch(/\(\s*"finance", "[A-Za-z0-9+/=]{100000,}"\)/);
    expect(html).toContain('"name":"Support (close)"');

    // The executed notebook as a reader sees it, kept in test-artifacts/notebooks/: the HTML Jupyter exports and a
    // screenshot of it, in which the decision card, the tables and the interactive chart all rendered.
    const artifacts = await saveNotebookArtifacts({
      executed: notebook.executedPath("01-quick-start.ipynb"),
      env: notebook.env(),
    });
    expect(artifacts.renderedText).toContain("Indicators at the last bar");
    expect(artifacts.renderedText).toMatch(/\bLONG\b/);
    expect(artifacts.drawnPlots).toBe(1);
    expect(statSync(artifacts.screenshot).size).toBeGreaterThan(50_000);
  }, 300_000);
});
