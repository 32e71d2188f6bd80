// notebooks/09-chart-probe.ipynb executed through real Jupyter (notebook-harness.ts): the planted series and their
// labels, the demo provider left unscored, a vision model's verdict and confusion matrix, and the report in DATA_DIR.
import { existsSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { count, dataOf, texts, useNotebookHarness } from "./notebook-harness";

const notebook = useNotebookHarness();

describe("notebook 09 executed through Jupyter", () => {
  it("09 chart probe: the planted labels, the double top's chart, the demo unscored, a model's verdict and confusion matrix, the report", async () => {
    const outputs = await notebook.execute("09-chart-probe.ipynb");
    const text = texts(outputs);
    const html = dataOf(outputs, "text/html");
    const markdown = dataOf(outputs, "text/markdown");
    // The labels of one series of every shape, and the Pattern agent's chart of the double top (interactive Plotly).
    expect(html).toContain(">double_top<");
    expect(html).toContain(">inverse_head_and_shoulders<");
    expect(html).toContain("Plotly.newPlot");
    // The demo: the pick is not scored, in words; no figure for it.
    expect(markdown).toContain(
      "Whether the model reads charts is not measured here: the demo provider does not read them.",
    );
    expect(markdown).toContain("| Pattern named (Pattern agent) | not scored |");
    // The fake names an Ascending Triangle every time: right on 2 of the 16 series, 12.5%, and no better than chance.
    expect(markdown).toContain("The model does not read charts better than chance here");
    expect(markdown).toMatch(/\| Pattern named \(Pattern agent\) \| 16 \| 2 \| 12\.5% \|/);
    expect(count(outputs, "image/png")).toBe(1); // the confusion matrix
    expect(text).toMatch(/Estimate: 16 decisions \(0 cached, 16 to analyse\): about 64 model calls/);
    for (const file of ["notebook.json", "notebook.html", "notebook.md", "notebook.confusion.png"])
      expect(existsSync(path.join(notebook.dataDir, "probe", file)), file).toBe(true);
  }, 600_000);
});
