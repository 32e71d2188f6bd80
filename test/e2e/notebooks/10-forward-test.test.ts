// notebooks/10-forward-test.ipynb executed through real Jupyter (notebook-harness.ts): a watchlist entry in a journal
// of the notebook's own, the last 60 bars of the joined BTC series replayed as if live (one analysis a bar close from
// the 45th bar on, outcomes scored as bars arrive), the live record as a backtest of the same decisions, and a second
// replay that analyses nothing.
import { existsSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { count, dataOf, texts, useNotebookHarness } from "./notebook-harness";

const notebook = useNotebookHarness();

describe("notebook 10 executed through Jupyter", () => {
  it("10 forward test: a replay bar by bar, the live record, and a restart that repeats nothing", async () => {
    const outputs = await notebook.execute("10-forward-test.ipynb");
    const text = texts(outputs);
    const html = dataOf(outputs, "text/html");
    const markdown = dataOf(outputs, "text/markdown");
    expect(text).toContain("60 bars, 2023-08-29T16:00:00.000Z to 2023-09-08T12:00:00.000Z");
    expect(html).toMatch(/>BTC<\/td><td[^>]*>4h<\/td><td[^>]*>active<\/td><td[^>]*>120 s</);
    // One analysis a bar close from the 45th bar on (16), each printed as it is recorded; 13 horizons have passed.
    expect(text.match(/^BTC bar \d{4}-\d\d-\d\dT\d\d:00:00\.000Z: (LONG|SHORT)$/gm)).toHaveLength(16);
    expect(text.match(/^BTC bar \S+: scored$/gm)).toHaveLength(13);
    expect(text).toContain("Decisions: 16, failures: 0, scored: 13");
    // The live record: 15 decisions played, 13 scored, and the backtest's tables naming the model that decided.
    expect(html).toMatch(/>15<\/td><td[^>]*>13<\/td><td[^>]*>\d+<\/td><td[^>]*>\d+\.\d%<\/td>/);
    expect(markdown).not.toContain("Baselines only");
    expect(markdown).toMatch(/\| \*\*gpt-4o(?: @ http:\/\/127\.0\.0\.1:\d+\/v1)?\*\* \| \d+ \| -?\d+\.\d\d \|/);
    expect(markdown).toMatch(/always-LONG at 5%/);
    expect(count(outputs, "image/png")).toBe(2); // equity and drawdown
    expect(text).toContain("Second replay: 0 new decisions, 0 failures");
    // The notebook's own journal, apart from the data folder's.
    expect(existsSync(path.join(notebook.dataDir, "forward-replay", "quantagent.db"))).toBe(true);
    expect(existsSync(path.join(notebook.dataDir, "quantagent.db"))).toBe(false);
  }, 600_000);
});
