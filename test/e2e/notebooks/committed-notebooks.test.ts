// The notebooks as committed: exactly these nine, each for the tslab kernel, with no outputs and no execution counts
// (a notebook saved after running would carry a reader's keys or results into the repository). Each one is executed
// through Jupyter by its own test file beside this one.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { notebooksDir } from "./notebook-harness";
import type { Notebook } from "./run-notebook";

describe("committed notebooks", () => {
  const names = readdirSync(notebooksDir)
    .filter((name) => name.endsWith(".ipynb"))
    .sort();

  it("are the notebooks, for the tslab kernel, without outputs", () => {
    expect(names).toEqual([
      "01-quick-start.ipynb",
      "02-providers-and-keys.ipynb",
      "03-assets-and-date-ranges.ipynb",
      "04-evaluation.ipynb",
      "05-plugins-and-ablation.ipynb",
      "06-journal.ipynb",
      "07-is-there-an-edge.ipynb",
      "08-backtest.ipynb",
      "09-chart-probe.ipynb",
      "10-forward-test.ipynb",
    ]);
    for (const name of names) {
      const notebook = JSON.parse(readFileSync(path.join(notebooksDir, name), "utf8")) as Notebook;
      expect(notebook.metadata.kernelspec?.name, name).toBe("tslab");
      // Every cell has its id (nbformat 4.5), unique in its notebook: without, Jupyter warns and rewrites the file.
      const ids = notebook.cells.map((cell) => (cell as { id?: unknown }).id);
      expect(
        ids.every((id) => typeof id === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(id)),
        name,
      ).toBe(true);
      expect(new Set(ids).size, name).toBe(ids.length);
      for (const cell of notebook.cells.filter((candidate) => candidate.cell_type === "code")) {
        expect(cell.outputs, name).toEqual([]);
        expect(cell.execution_count ?? null, name).toBeNull();
      }
    }
  });
});
