// notebooks/03-assets-and-date-ranges.ipynb executed through real Jupyter (notebook-harness.ts): a custom symbol saved
// in DATA_DIR's asset file, an invalid one refused, the lookback limits per timeframe, a short range widened to fill
// the window, and 4-hour bars built from hourly ones.
import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { CUSTOM_ASSETS_FILE_NAME } from "../../../src/market/custom-assets-file";
import { texts, useNotebookHarness } from "./notebook-harness";

const notebook = useNotebookHarness();

describe("notebook 03 executed through Jupyter", () => {
  it("03 assets and date ranges: a custom symbol saved in DATA_DIR, lookback limits, 4h bars from hourly bars", async () => {
    const text = texts(await notebook.execute("03-assets-and-date-ranges.ipynb"));
    expect(text).toContain("{ symbol: 'ETH-USD', added: true }");
    expect(text).toContain("Invalid symbol");
    expect(text).toMatch(/at most 7 days allowed/);
    expect(text).toContain("2024-03-04T13:30:00.000Z");
    expect(text).toMatch(/30 days asked; fetched from \d{4}-\d{2}-\d{2}, 77 days back/); // a short range fills the window
    expect(readFileSync(path.join(notebook.dataDir, CUSTOM_ASSETS_FILE_NAME), "utf8")).toContain("ETH-USD");
  }, 300_000);
});
