// No oracle: whether text the caller sends matched a secret is never observable. Every place caller text can reach
// an answer is probed twice, on two servers with the same key and token: once with a piece of the provider key (or of
// the access token), once with random text of the same shape. With the piece put back where the random text was, the
// answers must be the same byte for byte: the same status, and the caller's text shown (or not shown) the same way.
// Before, the piece came back as "[redacted]" and the random text as itself, which read a 102-character key in 90
// requests.
import { beforeAll, describe, expect, it } from "vitest";

import { SECRET_PIECE_LENGTH } from "../../src/common/secret-redactor";
import { createSeededRandom } from "../reliability/support/seeded-random";
import { fakeKey } from "../support/fake-key-shapes";
import { noBarsFetch } from "./analysis-fixtures";
import { startTestServer, type TestServer } from "./test-server";

const KEY = fakeKey("sk-proj-", 100);
const TOKEN = fakeKey("", 48, { seed: 4242 });

/** Random text of the same shape: each letter or digit replaced by one of its class, anything else kept. */
function sameShape(text: string, seed: number): string {
  const random = createSeededRandom(seed);
  const classes = ["ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz", "0123456789"];
  return [...text]
    .map((character) => {
      const alphabet = classes.find((letters) => letters.includes(character));
      return alphabet === undefined ? character : random.pick([...alphabet]);
    })
    .join("");
}

interface Probe {
  name: string;
  /** The request for caller text `text`: a path (GET) or a method, path, headers and body. */
  request(text: string): { method?: string; path: string; headers?: Record<string, string>; body?: string };
}

const json = (value: unknown) => JSON.stringify(value);
const DAY = 86_400_000;
const end = new Date(Math.floor(Date.now() / DAY) * DAY - 2 * DAY).toISOString();
const start = new Date(Date.parse(end) - 2 * DAY).toISOString();
const csvRows = (header: string, cell = "11") =>
  `${header}\n2024-01-01 00:00:00,10,12,9,${cell}\n2024-01-01 04:00:00,10,12,9,11\n`;

const PROBES: Probe[] = [
  { name: "unknown field name", request: (text) => post("/api/update-provider", { provider: "openai", [text]: 1 }) },
  { name: "unknown query field", request: (text) => ({ path: `/api/get-api-key-status?${text}=1` }) },
  { name: "query value", request: (text) => ({ path: `/api/get-api-key-status?provider=${text}` }) },
  { name: "journal filter", request: (text) => ({ path: `/api/analyses?asset=${text}&model=${text}` }) },
  { name: "unknown API path", request: (text) => ({ path: `/api/${text}` }) },
  { name: "unknown page path", request: (text) => ({ path: `/${text}.html` }) },
  { name: "path parameter", request: (text) => ({ path: `/api/timeframe-limits/${text}` }) },
  { name: "analysis id", request: (text) => ({ path: `/api/analyses/${text}` }) },
  { name: "analysis id to delete", request: (text) => ({ method: "DELETE", path: `/api/analyses/${text}` }) },
  { name: "provider value", request: (text) => post("/api/update-provider", { provider: text }) },
  { name: "provider to validate", request: (text) => post("/api/validate-api-key", { provider: text }) },
  { name: "timeframe value", request: (text) => post("/api/validate-date-range", { timeframe: text, start, end }) },
  { name: "date value", request: (text) => post("/api/validate-date-range", { timeframe: "1h", start: text, end }) },
  { name: "symbol saved", request: (text) => post("/api/save-custom-asset", { symbol: text }) },
  { name: "custom assets listed", request: () => ({ path: "/api/custom-assets" }) },
  { name: "assets listed", request: () => ({ path: "/api/assets" }) },
  { name: "symbol removed", request: (text) => ({ method: "DELETE", path: `/api/custom-assets/${text}` }) },
  { name: "symbol analysed", request: (text) => post("/api/analyze", { symbol: text, timeframe: "1h", start, end }) },
  {
    name: "old client's asset",
    request: (text) =>
      post("/api/analyze", {
        data_source: "live",
        asset: text,
        timeframe: "1h",
        start_date: start.slice(0, 10),
        start_time: "00:00",
        end_date: end.slice(0, 10),
        end_time: "00:00",
      }),
  },
  { name: "journal list", request: () => ({ path: "/api/analyses" }) },
  { name: "journal groups", request: () => ({ path: "/api/analyses/stats?group_by=asset" }) },
  { name: "journal series", request: () => ({ path: "/api/analyses/accuracy-over-time?group_by=asset" }) },
  {
    name: "CSV name",
    request: (text) =>
      post("/api/analyze", { csv: csvRows("Datetime,Open,High,Low,Close", "x"), timeframe: "4h", name: text }),
  },
  {
    name: "CSV column name",
    request: (text) => post("/api/analyze", { csv: csvRows(`Datetime,Open,High,Low,${text}`), timeframe: "4h" }),
  },
  {
    name: "CSV cell",
    request: (text) => post("/api/analyze", { csv: csvRows("Datetime,Open,High,Low,Close", text), timeframe: "4h" }),
  },
  { name: "JSON syntax", request: (text) => post("/api/update-provider", `{"provider": ${text}}`) },
  {
    name: "media type",
    request: (text) => ({
      ...post("/api/update-provider", { provider: "openai" }),
      headers: { "Content-Type": `text/${text}` },
    }),
  },
  {
    name: "origin",
    request: (text) => ({
      ...post("/api/update-provider", { provider: "openai" }),
      headers: { ...JSON_TYPE, Origin: `http://${text}` },
    }),
  },
  { name: "wrong token", request: (text) => ({ path: "/api/assets", headers: { Authorization: `Bearer ${text}` } }) },
];

const JSON_TYPE = { "Content-Type": "application/json" };

function post(path: string, body: unknown) {
  return { method: "POST", path, headers: JSON_TYPE, body: typeof body === "string" ? body : json(body) };
}

/** Ids and clock readings differ between two servers whatever the input; everything else must not. */
function normalise(text: string): string {
  return text
    .replace(/"id":"[^"]+"/g, '"id":"<id>"')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, "<time>");
}

async function answersFor(text: string): Promise<{ name: string; status: number; text: string }[]> {
  const server: TestServer = await startTestServer({
    config: { api_key: KEY },
    fetch: noBarsFetch,
    app: { accessToken: TOKEN },
  });
  try {
    const answers = [];
    for (const probe of PROBES) {
      const request = probe.request(text);
      const headers = { Authorization: `Bearer ${TOKEN}`, ...request.headers };
      const response = await fetch(server.url + request.path, {
        method: request.method ?? "GET",
        headers,
        body: request.body,
      });
      answers.push({ name: probe.name, status: response.status, text: normalise(await response.text()) });
    }
    return answers;
  } finally {
    await server.close();
  }
}

const PIECES = {
  "a 12-character piece of the provider key": KEY.slice(30, 30 + SECRET_PIECE_LENGTH),
  "a 32-character piece of the provider key": KEY.slice(50, 82),
  "a 40-character piece of the provider key": KEY.slice(55, 95),
  "a 12-character piece of the access token": TOKEN.slice(20, 20 + SECRET_PIECE_LENGTH),
};

describe.each(Object.entries(PIECES))("caller text equal to %s", (_what, piece) => {
  let withPiece: Awaited<ReturnType<typeof answersFor>>;
  let withRandom: Awaited<ReturnType<typeof answersFor>>;
  const random = sameShape(piece, piece.length);
  beforeAll(async () => {
    expect(random).not.toBe(piece);
    [withPiece, withRandom] = await Promise.all([answersFor(piece), answersFor(random)]);
  });

  it("gets the same answer as random text of the same shape, on every probe", () => {
    const compared = withPiece.map((answer, index) => ({
      name: answer.name,
      piece: { status: answer.status, text: answer.text.split(piece).join(random) },
      random: { status: withRandom[index]?.status, text: withRandom[index]?.text },
    }));
    for (const { name, piece: fromPiece, random: fromRandom } of compared) expect(fromPiece, name).toEqual(fromRandom);
  });

  it("means something: the text is shown back whole in many answers, and never as [redacted]", () => {
    const showing = withRandom.filter((answer) => answer.text.includes(random)).map((answer) => answer.name);
    expect(showing.length).toBeGreaterThanOrEqual(piece.length <= 32 ? 12 : 6);
    for (const answer of withPiece) expect(answer.text, answer.name).not.toContain("[redacted]");
  });
});

describe("caller text that is not a short plain name", () => {
  const texts = {
    "41 letters and digits": sameShape("Ab3".repeat(14).slice(0, 41), 41),
    "a space inside": `${sameShape("Cd4Ef5Gh6", 9)} ${sameShape("Jk7Lm8Np9", 10)}`,
    "a colon inside": `${sameShape("Qr2St3Uv4", 11)}:${sameShape("Wx5Yz6Ab7", 12)}`,
  };

  it.each(Object.entries(texts))("with %s is never shown, whole or in part, in any answer", async (_what, text) => {
    const windows = Array.from({ length: text.length - 7 }, (_, index) => text.slice(index, index + 8));
    for (const answer of await answersFor(text)) {
      const shown = windows.filter((window) => answer.text.includes(window));
      expect(shown, `${answer.name}: ${answer.text.slice(0, 200)}`).toEqual([]);
    }
  });
});
