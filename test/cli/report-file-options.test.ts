// The file options evaluate, backtest and probe share (cli/report-file-options.ts): --data-dir, else DATA_DIR, else
// ./data; the cache and report flags off unless given; an empty folder refused.
import { describe, expect, it } from "vitest";
import { z } from "zod";

import { reportFileShape, reportFileValues } from "../../cli/report-file-options";

const schema = z.object(reportFileShape);

describe("the report file options", () => {
  it("take --data-dir over DATA_DIR, and DATA_DIR over ./data", () => {
    expect(reportFileValues({ "data-dir": "given" }, { DATA_DIR: "env" }).dataDir).toBe("given");
    expect(reportFileValues({}, { DATA_DIR: "env" }).dataDir).toBe("env");
    expect(reportFileValues({}, {}).dataDir).toBe("data");
  });

  it("leave the cache on, charts drawn and reports unreplaced unless asked", () => {
    expect(schema.parse(reportFileValues({}, {}))).toEqual({
      dataDir: "data",
      noCache: false,
      overwrite: false,
      noCharts: false,
    });
    const given = { "cache-dir": "c", "no-cache": true, out: "o", overwrite: true, "no-charts": true };
    expect(schema.parse(reportFileValues(given, {}))).toEqual({
      dataDir: "data",
      cacheDir: "c",
      noCache: true,
      out: "o",
      overwrite: true,
      noCharts: true,
    });
  });

  it("refuse an empty folder", () => {
    expect(schema.safeParse(reportFileValues({ "data-dir": "" }, {})).success).toBe(false);
    expect(schema.safeParse(reportFileValues({ out: "" }, {})).success).toBe(false);
  });
});
