// notebooks/08-backtest.ipynb executed through real Jupyter (notebook-harness.ts): the benchmark's windows joined into
// one series, the baselines' backtest, the agents' backtest after its cost estimate, a rerun that sends nothing (every
// decision cached) and gives the same lines, and the report written to DATA_DIR.
import { existsSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { count, dataOf, texts, useNotebookHarness } from "./notebook-harness";

const notebook = useNotebookHarness();

describe("notebook 08 executed through Jupyter", () => {
  it("08 backtest: the joined benchmark series, the baselines, the agents with an estimate first, a free rerun, the report", async () => {
    const outputs = await notebook.execute("08-backtest.ipynb");
    const text = texts(outputs);
    expect(text).toMatch(
      /808 bars of BTC 4h joined from \d+ of the 100 windows: 2023-04-27T00:00:00\.000Z to 2023-09-08T12:00:00\.000Z/,
    );
    const markdown = dataOf(outputs, "text/markdown");
    expect(
      markdown.match(/\| Line \| Trades \| Total return % \| Sharpe \| Max drawdown % \| Hit rate % \| Exposure % \|/g),
    ).toHaveLength(2);
    // The model's line, set apart, named by the fake's address (model-at-address.ts): it is not OpenAI's own.
    expect(markdown).toMatch(/\| \*\*gpt-4o(?: @ http:\/\/127\.0\.0\.1:\d+\/v1)?\*\* \| \d+ \| -?\d+\.\d\d \|/);
    expect(markdown).toMatch(
      /gpt-4o(?: @ http:\/\/127\.0\.0\.1:\d+\/v1)? (beats|does worse than|does not beat) always-LONG at 5%/,
    );
    expect(count(outputs, "image/png")).toBe(4); // equity and drawdown, twice
    expect(text).toMatch(/Estimate: 5 decisions \(0 cached, 5 to analyse\): about 20 model calls/);
    expect(text).toMatch(/Estimate: 5 decisions \(5 cached, 0 to analyse\): about 0 model calls/);
    expect(text).toContain("Model calls sent: 0; same lines: true");
    for (const file of ["btc-last-60.json", "btc-last-60.html", "btc-last-60.equity.png"])
      expect(existsSync(path.join(notebook.dataDir, "backtest", file)), file).toBe(true);
  }, 600_000);
});
