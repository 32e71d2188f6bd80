// notebooks/04-evaluation.ipynb executed through real Jupyter (notebook-harness.ts): the evaluation's live progress,
// its tables and Plotly charts inline, the published protocol's baselines, and the report written to DATA_DIR; then
// the same notebook again, every model answer from DATA_DIR's cache (no request sent).
import { existsSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { count, dataOf, useNotebookHarness } from "./notebook-harness";

const notebook = useNotebookHarness();

describe("notebook 04 executed through Jupyter", () => {
  it("04 evaluation: progress, tables and Plotly charts inline, the report written; a rerun is free", async () => {
    const outputs = await notebook.execute("04-evaluation.ipynb");
    const firstRunRequests = notebook.server.requestCount();
    expect(firstRunRequests).toBeGreaterThan(0);
    const html = dataOf(outputs, "text/html");
    expect(html).toContain("<b>10/10</b> windows");
    const markdown = dataOf(outputs, "text/markdown");
    expect(markdown).toContain(
      "| Asset | Samples | Up-moves % | Agents % | Random % | Always long % | Always short % |",
    );
    expect(markdown).toContain("| Published, 4h |");
    // The published protocol's baselines: 300 samples per asset, and the conventions section.
    expect(markdown).toMatch(/\| SPX \| 300 \| /);
    expect(markdown).toContain("Conventions tried against the published random and linear-regression figures");
    expect(count(outputs, "image/png")).toBe(5); // accuracy and mean return of both runs, and the model run's reliability diagram
    expect(markdown).toContain("Does the model know when it is right? (stated confidence)");
    for (const file of ["evaluation.md", "evaluation.html", "evaluation.accuracy-k1.png"])
      expect(existsSync(path.join(notebook.dataDir, "evaluation", file)), file).toBe(true);

    // The same notebook again: every model answer comes from DATA_DIR's cache.
    notebook.server.reset();
    const again = await notebook.execute("04-evaluation.ipynb");
    expect(notebook.server.requestCount()).toBe(0);
    expect(dataOf(again, "text/markdown")).toContain("Model calls: 0 sent");
  }, 600_000);
});
