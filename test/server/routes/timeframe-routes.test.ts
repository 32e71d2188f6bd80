// The timeframe routes on their own (route-harness.ts), each test with its own router: the lookback table, one
// timeframe's limit in the old API's shape and the refusals of a path parameter that is no timeframe, and the range
// check in both forms: an answer (200, valid or not) for a range it could measure, 400 for one it could not read, the
// old form's "now" taken from the server's clock, and each field's bound. The old client's whole flow is in
// ../legacy-client.test.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createTimeframeRouter } from "../../../server/routes/timeframe-routes";
import { createPipeline, type Pipeline, timeframeTable } from "../../../src/index";
import { timeframeInfo } from "../../../src/market/index";
import { wireLegacyTimeframeLimit, wireTimeframeLimit } from "../../../src/wire/index";
import { getJson, postJson } from "../test-server";
import { routeSettings, withRouter } from "./route-harness";

let dataDir: string;
let pipeline: Pipeline;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "timeframe-routes-"));
  pipeline = createPipeline({ data_dir: dataDir }, { env: {} });
});
afterEach(async () => {
  await pipeline.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("GET /api/timeframe-limits", () => {
  it("answers the whole table, and one timeframe's limit in the old API's shape", async () => {
    await withRouter(createTimeframeRouter(routeSettings(pipeline)), async (served) => {
      const table = await getJson(served, "/api/timeframe-limits");
      expect(table.status).toBe(200);
      expect(table.body).toEqual({ timeframes: timeframeTable().map(wireTimeframeLimit) });
      const one = await getJson(served, "/api/timeframe-limits/1h");
      expect(one.status).toBe(200);
      expect(one.body).toEqual(wireLegacyTimeframeLimit(timeframeInfo("1h")));
    });
  });

  it("answers 400 naming the problem for a parameter that is no timeframe, or too long to be one", async () => {
    await withRouter(createTimeframeRouter(routeSettings(pipeline)), async (served) => {
      const unknown = await getJson(served, "/api/timeframe-limits/2h");
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toBe(
        "Invalid timeframe: timeframe: must be one of the timeframes 1m, 5m, 15m, 30m, 1h, 4h, 1d, 1w, 1mo",
      );
      const long = await getJson(served, "/api/timeframe-limits/123456789");
      expect(long.status).toBe(400);
      expect(long.body.error).toMatch(/^Invalid timeframe: .*is too long/);
    });
  });
});

describe("POST /api/validate-date-range", () => {
  it("answers a range it can measure with 200, valid or not, in either form", async () => {
    await withRouter(createTimeframeRouter(routeSettings(pipeline)), async (served) => {
      const modern = await postJson(served, "/api/validate-date-range", {
        timeframe: "1m",
        start: "2024-05-25T00:00:00Z",
        end: "2024-06-01T00:00:00Z",
      });
      expect(modern.status).toBe(200);
      expect(modern.body).toEqual({ valid: true, days: 7 });
      const tooLong = await postJson(served, "/api/validate-date-range", {
        timeframe: "1m",
        start_date: "2024-05-01",
        start_time: "00:00",
        end_date: "2024-05-31",
        end_time: "12:00",
      });
      expect(tooLong.status).toBe(200);
      expect(tooLong.body).toMatchObject({ valid: false, max_days: 7, current_days: 31 });
    });
  });

  it("ends the old form's range at the server's clock when it asks for the current time", async () => {
    const now = () => new Date("2024-06-01T00:00:00Z");
    await withRouter(createTimeframeRouter(routeSettings(pipeline, { now })), async (served) => {
      const answer = await postJson(served, "/api/validate-date-range", {
        timeframe: "1m",
        start_date: "2024-05-28",
        start_time: "00:00",
        use_current_time: true,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ valid: true, days: 4 });
    });
  });

  it.each([
    ["an unknown timeframe", { timeframe: "7x", start: "2024-05-25T00:00:00Z", end: "2024-06-01T00:00:00Z" }, /7x/],
    [
      "an old-form date that cannot be read",
      { timeframe: "1h", start_date: "05/01/2024", start_time: "00:00", end_date: "2024-05-31", end_time: "00:00" },
      /start_date: must be a date written YYYY-MM-DD/,
    ],
    ["a timeframe too long to be one", { timeframe: "123456789", start: 0, end: 1 }, /timeframe is too long/],
    ["a timeframe that is no string", { timeframe: 1, start: 0, end: 1 }, /timeframe must be a string such as 1h/],
    ["a date that is neither text nor a number", { timeframe: "1h", start: true, end: 1 }, /must be a date such as/],
    ["a date too long to be one", { timeframe: "1h", start: "2".repeat(65), end: 1 }, /start/],
    ["a field of neither form", { timeframe: "1h", start: 0, end: 1, extra: 1 }, /unknown field: extra/],
    ["an old-form field of the other form", { timeframe: "1h", start_date: "2024-05-01", start: 0 }, /start/],
    ["an array", [1, 2], /the body must be a JSON object/],
  ])("answers 400 for %s", async (_case, body, message) => {
    await withRouter(createTimeframeRouter(routeSettings(pipeline)), async (served) => {
      const answer = await postJson(served, "/api/validate-date-range", body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(message);
    });
  });

  it("reads no body larger than the limit the route is given", async () => {
    await withRouter(createTimeframeRouter(routeSettings(pipeline, { maxBodyBytes: 100 })), async (served) => {
      const answer = await postJson(served, "/api/validate-date-range", {
        timeframe: "1h",
        start: "2024-05-25T00:00:00Z",
        end: "2024-06-01T00:00:00Z",
        padding: "p".repeat(120),
      });
      expect(answer.status).toBe(413);
    });
  });
});
