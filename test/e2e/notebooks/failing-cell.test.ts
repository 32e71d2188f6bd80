// A notebook whose cell fails, run by `jupyter nbconvert --execute` as a user would (no --allow-errors): Jupyter's
// own error names the error and its message (the kernel's reply carries them), here the missing key and the way to
// run without one, where tslab alone left only "<Error>: ".
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

import { describe, expect, it } from "vitest";

import { notebooksDir, useNotebookHarness } from "./notebook-harness";

const notebook = useNotebookHarness();

describe("a failing notebook cell through nbconvert", () => {
  it("says what failed: the error's name and message, not <Error>", async () => {
    const { OPENAI_API_KEY: _key, ...withoutKey } = notebook.env();
    const run = promisify(execFile)(
      "jupyter",
      [
        "nbconvert",
        "--to",
        "notebook",
        "--execute",
        "--output-dir",
        path.join(notebook.dataDir, "failing"),
        path.join(notebooksDir, "01-quick-start.ipynb"),
      ],
      { env: withoutKey, maxBuffer: 16 * 1024 * 1024 },
    );
    const failure = (await run.then(
      () => ({ stderr: "it succeeded" }),
      (error: unknown) => error,
    )) as { stderr: string };
    expect(failure.stderr).toContain("CellExecutionError");
    expect(failure.stderr).toMatch(/^MissingApiKeyError: OpenAI API key not found\..*QUANTAGENT_PROVIDER=demo/m);
    expect(failure.stderr).not.toContain("<Error>");
  }, 300_000);
});
