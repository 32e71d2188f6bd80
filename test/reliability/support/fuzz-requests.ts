// Generates one fuzz request for any endpoint of the server (docs/http-api.md): a body (a mutated valid
// body, a random JSON value, raw non-JSON text or bytes, deep or huge values), a query string, headers (content
// types, Accept, Origin, Sec-Fetch-Site, Host, huge values) and now and then the wrong method or a path that tries
// to leave the page's folder. Everything comes from the seeded generator, so a seed replays the same requests.
import { STATE_CHANGING_PATHS, type StateChangingPath } from "./fuzz-oracle";
import { mutateBody, NASTY_STRINGS, randomNode, randomString } from "./fuzz-values";
import { deeplyNested, fromPlain, type JsonNode, toJsonText } from "./json-text";
import type { RawRequest } from "./raw-http";
import type { SeededRandom } from "./seeded-random";

export interface FuzzRequest extends RawRequest {
  /** "METHOD /path" without the query: the bucket the run counts requests in. */
  endpoint: string;
  /** Set for POSTs to an endpoint that changes state. */
  stateChanging?: StateChangingPath;
}

export interface FuzzContext {
  port: number;
  /** A CSV with too few bars (a cheap 400) and one an analysis can run on. */
  shortCsv: string;
  fullCsv: string;
  /** Well-formed analyses still allowed in this run (each costs about ten fake provider calls). */
  analysisBudget: { remaining: number };
  /** ~1 MB strings, built once: generating them per request would dominate the run time. */
  hugeStrings: readonly string[];
}

const GET_PATHS = [
  "/api/get-api-key-status",
  "/api/custom-assets",
  "/api/assets",
  "/api/timeframe-limits",
  "/api/get-provider",
];
const POST_PATHS = [
  "/api/update-api-key",
  "/api/validate-api-key",
  "/api/update-provider",
  "/api/save-custom-asset",
  "/api/validate-date-range",
  "/api/analyze",
];
const STATIC_PATHS = [
  "/",
  "/index.html",
  "/app.js",
  "/styles.css",
  "/js/api-client.js",
  "/vendor/plotly.min.js",
  "/favicon.ico",
  "/../../etc/passwd",
  "/..%2f..%2fetc%2fpasswd",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/%c0%ae%c0%ae/etc/passwd",
  "/..\\..\\package.json",
  "/%2e%2e%5c%2e%2e%5cpackage.json",
  "/%00index.html",
  "/index.html%00.js",
  "/.env",
  "/.git/config",
  "/server/app.ts",
  "/node_modules/koa/package.json",
  "/js/../../app.ts",
  "/js/%2e%2e/%2e%2e/main.ts",
  "//etc/passwd",
  "/api",
  "/api/",
  "/api/assets/",
  "/API/ASSETS",
  "/api/assets/../update-provider",
  "/api/%61ssets",
  "/api/../../etc/passwd",
  "/api/analyze%00",
  "/vendor/../../package.json",
  "/%ZZ",
  "/" + "a/".repeat(1500),
];
const TIMEFRAMES = ["1m", "5m", "15m", "30m", "1h", "4h", "1d", "1w", "1mo"];
const PROVIDERS = ["openai", "anthropic", "qwen"];
const SYMBOLS = ["ETH-USD", "^FTSE", "NQ=F", "BRK-B", "7203.T", "SOL-USD", "btc-usd", "X_1", "AAPL"];
const DAY_MS = 86_400_000;

/** Percent-encodes every byte but the unreserved ones: lone surrogates become U+FFFD instead of throwing. */
function percentEncode(text: string): string {
  return [...Buffer.from(text, "utf8")]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");
}

function randomQuery(random: SeededRandom): string {
  return random.weighted<() => string>([
    [4, () => ""],
    [4, () => `?provider=${random.pick([...PROVIDERS, "", "gemini", "OPENAI", "%20openai"])}`],
    [2, () => "?provider=openai&provider=qwen"],
    [
      2,
      () =>
        random.pick([
          "?provider[]=openai",
          "?provider[0]=x",
          "?provider[a][b]=c",
          "?provider=",
          "?provider",
          "?=",
          "?&&&",
          "?%%%=%%%",
        ]),
    ],
    [
      2,
      () =>
        random.pick([
          "?__proto__[polluted]=yes",
          "?constructor[prototype][polluted]=yes",
          "?__proto__=x&provider=openai",
          "?prototype=1",
        ]),
    ],
    [
      2,
      () =>
        random.pick([
          "?provider=%00",
          "?provider=%E0%A4%A",
          "?provider=%FF%FE",
          "?provider=%C0%AF",
          "?provider=..%2F..%2Fetc%2Fpasswd",
          "?provider=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
        ]),
    ],
    [
      3,
      () =>
        `?provider=${percentEncode(randomString(random).slice(0, 300))}&${percentEncode(random.pick(NASTY_STRINGS))}=${percentEncode(random.pick(NASTY_STRINGS))}`,
    ],
    [1, () => `?${"a=1&".repeat(random.integer(100, 800))}provider=openai`],
    [1, () => `?provider=${"x".repeat(random.integer(1000, 6000))}`],
    [1, () => `?token=${"t".repeat(20)}#fragment`],
  ])();
}

function isoDaysAgo(days: number): string {
  return new Date(Date.now() - days * DAY_MS).toISOString();
}

/** A valid body for each POST endpoint; the caller mutates it. */
function validBody(random: SeededRandom, path: string, context: FuzzContext): Record<string, JsonNode> {
  switch (path) {
    case "/api/update-api-key":
      return {
        api_key: `sk-fuzz-${random.integer(1e9, 9e9)}-valid`,
        ...(random.chance(0.7) ? { provider: random.pick(PROVIDERS) } : {}),
      };
    case "/api/validate-api-key":
      return random.chance(0.8) ? { provider: random.pick(PROVIDERS) } : {};
    case "/api/update-provider":
      return { provider: random.pick(PROVIDERS) };
    case "/api/save-custom-asset":
      return {
        symbol: random.chance(0.5)
          ? random.pick(SYMBOLS)
          : `FZ${random.integer(0, 99999)}-${random.pick(["USD", "X", "F"])}`,
      };
    case "/api/validate-date-range": {
      const end = random.integer(1, 40);
      return {
        timeframe: random.pick(TIMEFRAMES),
        start: isoDaysAgo(end + random.integer(1, 900)),
        end: random.chance(0.5) ? isoDaysAgo(end) : Date.now() - end * DAY_MS,
      };
    }
    default: {
      const form = random.pick(["asset", "symbol", "legacy", "csv"]);
      const end = random.integer(1, 20);
      if (form === "csv")
        return {
          csv: context.shortCsv,
          timeframe: random.pick(TIMEFRAMES),
          name: random.pick(["Fuzz", "<b>x</b>", "\u202eevil"]),
        };
      if (form === "legacy") {
        const date = (days: number) => isoDaysAgo(days).slice(0, 10);
        return {
          asset: random.pick(["BTC", "SPX", "ETH-USD"]),
          timeframe: "1h",
          start_date: date(end + 10),
          start_time: "00:00",
          end_date: date(end),
          end_time: "12:30",
          use_current_time: random.chance(0.3),
        };
      }
      return {
        [form]: form === "asset" ? random.pick(["BTC", "SPX", "GC"]) : random.pick(SYMBOLS),
        timeframe: "1h",
        start: isoDaysAgo(end + 5),
        end: isoDaysAgo(end),
      };
    }
  }
}

/** Bodies that are not JSON, or not UTF-8, or JSON in shapes no endpoint takes. */
function rawBody(random: SeededRandom, context: FuzzContext): string | Buffer {
  return random.weighted<() => string | Buffer>([
    [
      4,
      () =>
        random.pick([
          "",
          " ",
          "\n",
          "not json",
          "{",
          "}",
          "[1,2,",
          "{'provider':'openai'}",
          '{"provider":"openai",}',
          "{provider: openai}",
          "null",
          "0",
          "-0",
          "1e309",
          '"openai"',
          "[]",
          "{}",
          "NaN",
          "undefined",
          "provider=openai",
          "\ufeff{}",
          '{"a":1}{"b":2}',
          '{"a":"\\ud800"}',
          '{"a":"\\u0000"}',
          "\u0000",
          '<?xml version="1.0"?><a/>',
        ]),
    ],
    [
      2,
      () =>
        Buffer.from(
          random.pick([
            [0xff, 0xfe, 0x7b, 0x7d],
            [0xc3, 0x28],
            [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d],
            [0xed, 0xa0, 0x80],
            [0x1f, 0x8b, 0x08, 0x00],
          ]),
        ),
    ],
    [1, () => Buffer.from('{"provider":"qwen"}', "utf16le")],
    [2, () => deeplyNested(random.pick([1000, 10_000, 30_000]), random.chance(0.5) ? "array" : "object")],
    [1, () => `{"provider":${deeplyNested(random.pick([5000, 25_000]), "array")}}`],
    [
      1,
      () => `{${Array.from({ length: random.integer(1000, 5000) }, (_, index) => `"k${index}":${index}`).join(",")}}`,
    ],
    [1, () => JSON.stringify({ symbol: random.pick(context.hugeStrings), provider: "openai" })],
  ])();
}

function contentTypeHeaders(random: SeededRandom): [string, string][] {
  return random.weighted<() => [string, string][]>([
    [16, () => [["Content-Type", "application/json"]]],
    [
      2,
      () => [
        [
          "Content-Type",
          random.pick([
            "application/json; charset=utf-8",
            "APPLICATION/JSON",
            "application/json;charset=latin1",
            "Application/Json ; foo=bar",
          ]),
        ],
      ],
    ],
    [
      3,
      () => [
        [
          "Content-Type",
          random.pick([
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/vnd.api+json",
            "application/json-patch+json",
            "text/json",
            "",
            ";;;",
            "application/",
            "json",
          ]),
        ],
      ],
    ],
    [1, () => []],
    [
      1,
      () =>
        random.pick<[string, string][]>([
          [
            ["Content-Type", "application/json"],
            ["Content-Type", "text/plain"],
          ],
          [
            ["Content-Type", "text/plain"],
            ["Content-Type", "application/json"],
          ],
        ]),
    ],
  ])();
}

function extraHeaders(random: SeededRandom, context: FuzzContext, budget: number): [string, string][] {
  const own = `127.0.0.1:${context.port}`;
  const headers: [string, string][] = [];
  const maybe = (probability: number, make: () => [string, string]) =>
    random.chance(probability) && headers.push(make());
  maybe(0.3, () => [
    "Accept",
    random.pick([
      "application/json",
      "text/event-stream",
      "text/event-stream, application/json",
      "TEXT/EVENT-STREAM",
      "*/*",
      "text/html",
      "",
      "application/json;q=0, text/event-stream;q=1",
    ]),
  ]);
  maybe(0.1, () => [
    "Origin",
    random.pick([
      `http://${own}`,
      `HTTP://${own.toUpperCase()}`,
      "http://evil.example",
      "null",
      "http://127.0.0.1:1",
      "file://",
      `http://${own}.evil.example`,
      "x".repeat(300),
    ]),
  ]);
  maybe(0.1, () => [
    "Sec-Fetch-Site",
    random.pick(["same-origin", "none", "cross-site", "same-site", "SAME-ORIGIN", "bogus", ""]),
  ]);
  maybe(0.05, () => [
    "Host",
    random.pick([
      `localhost:${context.port}`,
      `[::1]:${context.port}`,
      "app.localhost",
      "evil.example",
      "",
      "127.0.0.1.evil.example",
      "a b",
      `${own}:${context.port}`,
    ]),
  ]);
  maybe(0.05, () => [
    "Authorization",
    random.pick(["Bearer x", "Bearer ", "token sk-abc", "Basic Og==", `Bearer ${"z".repeat(2000)}`]),
  ]);
  maybe(0.04, () => [
    random.pick(["X-Forwarded-Host", "X-Forwarded-For", "X-Forwarded-Proto", "Forwarded"]),
    random.pick(["evil.example", "https", "for=1.2.3.4;host=evil.example"]),
  ]);
  maybe(0.03, () => ["Cookie", `session=${"c".repeat(random.integer(1, 500))}; __proto__=polluted`]);
  maybe(0.03, () => ["Accept-Encoding", random.pick(["gzip, br", "identity;q=0", "*"])]);
  maybe(0.03, () => ["X-Fuzz-Latin1", random.pick(["\u00e9\u00ff\u00a0", "caf\u00e9", "\u00c0\u00af"])]);
  // A huge value, kept inside Node's 16 KB header limit together with the path and the other headers.
  if (budget > 9000 && random.chance(0.03))
    headers.push(["X-Fuzz-Padding", "p".repeat(random.integer(4000, budget - 3000))]);
  return headers;
}

function chooseMethod(random: SeededRandom, usual: string): string {
  if (!random.chance(0.06)) return usual;
  return random.pick(
    ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE", "PROPFIND"].filter(
      (method) => method !== usual,
    ),
  );
}

export interface GenerateOptions {
  /** Only POSTs to the endpoints that change state (update-api-key, update-provider, save-custom-asset). */
  onlyStateChanging?: boolean;
  /** Weight of unmutated valid bodies against 7 for mutated ones; default 1. */
  validWeight?: number;
}

export function generateFuzzRequest(
  random: SeededRandom,
  context: FuzzContext,
  options: GenerateOptions = {},
): FuzzRequest {
  const family = options.onlyStateChanging
    ? "post"
    : random.weighted<string>([
        [10, "post"],
        [4, "get"],
        [1, "static"],
      ]);
  const basePath =
    family === "post"
      ? random.pick(options.onlyStateChanging ? STATE_CHANGING_PATHS : POST_PATHS)
      : family === "get"
        ? random.pick(GET_PATHS)
        : random.pick(STATIC_PATHS);
  const method = chooseMethod(random, family === "post" ? "POST" : random.chance(0.1) ? "HEAD" : "GET");
  const path = basePath + (family === "static" && basePath.length > 100 ? "" : randomQuery(random));
  const headers: [string, string][] = family === "post" || random.chance(0.1) ? contentTypeHeaders(random) : [];
  headers.push(...extraHeaders(random, context, 15_000 - path.length));

  let body: string | Buffer | undefined;
  if (family === "post") {
    const kind = random.weighted<string>([
      [7, "mutated"],
      [3, "random"],
      [2, "raw"],
      [options.validWeight ?? 1, "valid"],
    ]);
    if (kind === "raw") body = rawBody(random, context);
    else if (kind === "random") body = toJsonText(random.chance(0.7) ? randomNode(random) : random.pick(NASTY_STRINGS));
    else {
      const huge = () => random.pick(context.hugeStrings);
      body = toJsonText(
        mutateBody(random, validBody(random, basePath, context), kind === "valid" ? 0 : random.integer(1, 3), huge),
      );
    }
    if (basePath === "/api/analyze" && kind === "valid" && context.analysisBudget.remaining > 0 && random.chance(0.3)) {
      // A well-formed analysis that really runs against the fake provider: the path the others only reach the edge of.
      context.analysisBudget.remaining--;
      body = toJsonText(
        fromPlain({
          csv: context.fullCsv,
          timeframe: "4h",
          name: random.pick(["Fuzz run", "<img src=x onerror=alert(1)>"]),
        }),
      );
    }
    if (random.chance(0.03)) headers.push(["Transfer-Encoding", "chunked"]);
  } else if (random.chance(0.03)) {
    body = random.pick(["{}", "x".repeat(100)]);
  }
  const stateChanging =
    method === "POST" && (STATE_CHANGING_PATHS as readonly string[]).includes(basePath)
      ? (basePath as StateChangingPath)
      : undefined;
  return {
    method,
    path,
    headers,
    body,
    endpoint: `${method} ${family === "static" ? "(static or odd path)" : basePath}`,
    stateChanging,
  };
}

/** Huge strings of awkward characters (about 1 MB each), built once per run. */
export function buildHugeStrings(random: SeededRandom): string[] {
  const units = ["A", "𝕏<script>é\u0000", "../", "\ud800x", "\u202e٣"];
  return units.map((unit) => unit.repeat(Math.ceil((1024 * 1024) / unit.length) + random.integer(0, 100)));
}
