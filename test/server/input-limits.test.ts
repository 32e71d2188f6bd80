// Both directions of every length check a request meets: at the limit the request goes on to its next check (its
// answer shows which), one past it, it is refused by this one. A check written the wrong way round (> for >=, a
// minimum for a maximum) fails one side or the other.
import { randomBytes } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { accessTokenProblem } from "../../server/access-token-quality";
import { ANALYZE_BODY_LIMIT_BYTES, ANALYZE_BODY_SHAPE } from "../../server/analyze-input";
import { DEFAULT_BODY_LIMIT_BYTES } from "../../server/middleware/json-body";
import { MAX_API_KEY_LENGTH } from "../../src/config/index";
import { MAX_SYMBOL_LENGTH } from "../../src/market/index";
import { MAX_CSV_CHARACTERS, MAX_INPUT_BARS } from "../../src/pipeline/analyze-request";
import { createStubChartRenderer } from "../reliability/support/stub-chart-renderer";
import { getJson, type JsonAnswer, postJson, startTestServer, type TestServer } from "./test-server";

let keyless: TestServer;
let keyed: TestServer;

beforeAll(async () => {
  keyless = await startTestServer();
  // A key and a provider that cannot be reached: a request that passes every check fails only at the first call.
  keyed = await startTestServer({
    config: { api_key: "sk-input-limits-0123456789", openai_base_url: "http://127.0.0.1:9/v1" },
    renderer: createStubChartRenderer(),
  });
});
afterAll(async () => {
  await keyless?.close();
  await keyed?.close();
});

const HOUR = 3_600_000;
const candle = (index: number) => ({ time: index * HOUR, open: 10, high: 12, low: 9, close: 11, volume: 1 });
const csvWithRows = (rows: number) =>
  [
    "Datetime,Open,High,Low,Close",
    ...Array.from(
      { length: rows },
      (_, index) => `${new Date(Date.UTC(2020, 0, 1) + index * HOUR).toISOString()},10,12,9,11`,
    ),
  ].join("\n");
/** A JSON object of exactly `bytes` bytes: the given fields, then a padding field. */
const bodyOfBytes = (bytes: number, fields: Record<string, unknown>) => {
  const start = JSON.stringify({ ...fields, padding: "" });
  return `${start.slice(0, -2)}${"x".repeat(bytes - start.length)}"}`;
};

interface Case {
  name: string;
  limit: number;
  send(size: number): Promise<JsonAnswer>;
  /** What the answer is at the limit: the request went on to a later check. */
  within(answer: JsonAnswer): void;
  /** What the answer is one past it. */
  beyond(answer: JsonAnswer): void;
}

const code = (expected: string, status?: number) => (answer: JsonAnswer) => {
  expect(answer.body?.code, answer.text.slice(0, 300)).toBe(expected);
  if (status !== undefined) expect(answer.status).toBe(status);
};

const CASES: Case[] = [
  {
    name: "bytes of a small body",
    limit: DEFAULT_BODY_LIMIT_BYTES,
    send: (size) => postJson(keyless, "/api/update-provider", bodyOfBytes(size, { provider: "openai" })),
    within: code("invalid_request", 400), // its unknown padding field
    beyond: code("payload_too_large", 413),
  },
  {
    name: "bytes of an analyze body",
    limit: ANALYZE_BODY_LIMIT_BYTES,
    send: (size) => postJson(keyless, "/api/analyze", bodyOfBytes(size, { timeframe: "1h" })),
    within: code("invalid_request", 400),
    beyond: code("payload_too_large", 413),
  },
  {
    name: "items of an analyze body",
    limit: ANALYZE_BODY_SHAPE.maxItems,
    // {"candles":[0,...]} with n zeros holds n + 1 items (the field and its elements).
    send: (items) =>
      postJson(
        keyless,
        "/api/analyze",
        `{"candles":[${Array(items - 1)
          .fill(0)
          .join(",")}]}`,
      ),
    within: (answer) => expect(answer.body.error).toMatch(/at most 20000 candles/),
    beyond: code("payload_too_large", 413),
  },
  {
    name: "nesting of an analyze body",
    limit: ANALYZE_BODY_SHAPE.maxDepth,
    send: (depth) => postJson(keyless, "/api/analyze", `${"[".repeat(depth)}${"]".repeat(depth)}`),
    within: code("invalid_request", 400),
    beyond: code("payload_too_large", 413),
  },
  {
    name: "candles",
    limit: MAX_INPUT_BARS,
    send: (count) =>
      postJson(keyless, "/api/analyze", {
        candles: Array.from({ length: count }, (_, index) => candle(index)),
        timeframe: "1h",
      }),
    within: code("missing_api_key", 400),
    beyond: (answer) => expect(answer.body.error).toMatch(/at most 20000 candles/),
  },
  {
    name: "characters of CSV text",
    limit: MAX_CSV_CHARACTERS,
    send: (size) => postJson(keyless, "/api/analyze", { csv: "x".repeat(size), timeframe: "1h" }),
    within: code("missing_api_key", 400),
    beyond: (answer) => expect(answer.body.error).toMatch(/the CSV text is longer than 5242880 characters/),
  },
  {
    name: "data rows of CSV text",
    limit: MAX_INPUT_BARS,
    send: (rows) => postJson(keyed, "/api/analyze", { csv: csvWithRows(rows), timeframe: "1h" }),
    within: code("provider_network", 502), // read, charted, and sent to the provider
    beyond: (answer) => expect(answer.body.error).toMatch(/has more than 20000 data rows/),
  },
  {
    name: "characters of a display name",
    limit: 80,
    send: (size) =>
      postJson(keyless, "/api/analyze", { csv: csvWithRows(40), timeframe: "1h", name: "n".repeat(size) }),
    within: code("missing_api_key", 400),
    beyond: (answer) => expect(answer.body.error).toMatch(/name: must be at most 80 characters/),
  },
  {
    name: "characters of a symbol",
    limit: MAX_SYMBOL_LENGTH,
    send: (size) => postJson(keyless, "/api/save-custom-asset", { symbol: "S".repeat(size) }),
    within: (answer) => expect(answer.status).toBe(200),
    beyond: (answer) => expect(answer.body.error).toMatch(/symbol must be at most 32 characters/),
  },
  {
    name: "characters of an API key",
    limit: MAX_API_KEY_LENGTH,
    send: (size) => postJson(keyless, "/api/update-api-key", { api_key: `sk-${"k".repeat(size - 3)}` }),
    within: (answer) => expect(answer.status).toBe(200),
    beyond: (answer) => expect(answer.body.error).toMatch(/api_key is longer than 500 characters/),
  },
  {
    name: "characters of a date",
    limit: 64,
    send: (size) => postJson(keyless, "/api/validate-date-range", { timeframe: "1h", start: "9".repeat(size), end: 0 }),
    within: code("date_range"), // read as a date (an absurd one)
    beyond: code("invalid_request", 400),
  },
  {
    name: "characters of a timeframe in the path",
    limit: 8,
    send: (size) => getJson(keyless, `/api/timeframe-limits/${"h".repeat(size)}`),
    within: (answer) => expect(answer.body.error).toMatch(/must be one of the timeframes/),
    beyond: (answer) => expect(answer.body.error).toMatch(/is too long/),
  },
  {
    name: "characters of a journal filter",
    limit: 200,
    send: (size) => getJson(keyless, `/api/analyses?asset=${"a".repeat(size)}`),
    within: (answer) => expect(answer.status).toBe(200),
    beyond: (answer) => expect(answer.body.error).toMatch(/asset: is too long/),
  },
  {
    name: "characters of a journal cursor",
    limit: 512,
    send: (size) => getJson(keyless, `/api/analyses?cursor=${"c".repeat(size)}`),
    within: (answer) => expect(answer.body.error).not.toMatch(/cursor: is too long/),
    beyond: (answer) => expect(answer.body.error).toMatch(/cursor: is too long/),
  },
  {
    name: "a journal page",
    limit: 500,
    send: (size) => getJson(keyless, `/api/analyses?limit=${size}`),
    within: (answer) => expect(answer.status).toBe(200),
    beyond: (answer) => expect(answer.body.error).toMatch(/limit: must be at most 500/),
  },
  {
    name: "characters of an analysis id",
    limit: 64,
    send: (size) => getJson(keyless, `/api/analyses/${"i".repeat(size)}`),
    within: code("analysis_not_found", 404),
    beyond: code("invalid_request", 400),
  },
];

describe("every length check, at its limit and one past it", () => {
  it.each(CASES.map((item) => [item.name, item] as const))("%s", async (_name, item) => {
    item.within(await item.send(item.limit));
    item.beyond(await item.send(item.limit + 1));
  });

  it("the minimums too: a journal page of 1 is read, 0 is refused; an empty symbol is refused", async () => {
    expect((await getJson(keyless, "/api/analyses?limit=1")).status).toBe(200);
    expect((await getJson(keyless, "/api/analyses?limit=0")).body.error).toMatch(
      /limit: must be a whole number from 1/,
    );
    expect((await postJson(keyless, "/api/save-custom-asset", { symbol: "S" })).status).toBe(200);
    expect((await postJson(keyless, "/api/save-custom-asset", { symbol: "" })).body.error).toMatch(/must not be empty/);
  });

  it("an access token: 40 random characters are enough, 39 are not", () => {
    const token = randomBytes(30).toString("base64url"); // 40 random characters, drawn each run
    expect(accessTokenProblem(token.slice(0, 40))).toBeUndefined();
    expect(accessTokenProblem(token.slice(0, 39))).toMatch(/at least 40 characters/);
  });
});
