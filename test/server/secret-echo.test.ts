// Keys removed by value: a provider that echoes the key back in its error (whole, without its prefix, or in pieces)
// must not get it into any answer, event or log line, whatever the key looks like. The check is strict: no
// 12-character piece of the key may appear anywhere.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SECRET_PIECE_LENGTH } from "../../src/common/secret-redactor";
import { type ChartRenderer, createChartRenderer } from "../../src/index";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";
import { testAccessToken } from "../support/access-token";
import { parseEventStreamText } from "../support/event-stream-text";
import { FAKE_KEY_SHAPES, secretPieces } from "../support/fake-key-shapes";
import { benchmarkCsv } from "./analysis-fixtures";
import { postJson, startTestServer } from "./test-server";

const KEYS = {
  "OpenAI project key": FAKE_KEY_SHAPES.openai,
  "bare hex key": FAKE_KEY_SHAPES.bare,
  "Google-style key": FAKE_KEY_SHAPES.google,
  "GitHub-style token": FAKE_KEY_SHAPES.github,
  "key with odd characters": FAKE_KEY_SHAPES.oddCharacters,
};

function leaks(text: string, secret: string): string[] {
  return secretPieces(secret).filter((piece) => text.includes(piece));
}

let fake: FakeProviderServer;
let renderer: ChartRenderer;
beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: Object.values(KEYS) });
  renderer = createChartRenderer();
});
afterAll(async () => {
  await renderer.close();
  await fake.close();
});

describe.each(Object.entries(KEYS))("a provider echoing a %s", (_shape, key) => {
  it("never gets the key, or any 12-character piece of it, into an answer, an event or a log line", async () => {
    const echo = `Invalid request for key ${key}; (hint: ${key.slice(4)}) [${key.slice(6, 6 + SECRET_PIECE_LENGTH + 2)}]`;
    fake.reset();
    fake.setHandler(() => fakeReply.error(400, echo, { openaiType: "invalid_request_error" }));
    const server = await startTestServer({ config: { api_key: key, openai_base_url: fake.openaiBaseUrl }, renderer });
    try {
      const csv = benchmarkCsv();
      const json = await postJson(server, "/api/analyze", { csv, timeframe: "4h" });
      expect(json.status).toBe(502);
      expect(json.body.code).toBe("provider_bad_request");
      const stream = await postJson(server, "/api/analyze", { csv, timeframe: "4h" }, { Accept: "text/event-stream" });
      const events = parseEventStreamText(stream.text);
      expect(events.some((event) => event.event === "error")).toBe(true);
      const validation = await postJson(server, "/api/validate-api-key", { provider: "openai" });
      expect(validation.body.valid).toBe(false);
      // The provider did echo it: the test would mean nothing otherwise.
      expect(fake.requests.length).toBeGreaterThan(0);
      for (const [where, text] of [
        ["the JSON answer", json.text],
        ["the event stream", stream.text],
        ["the validation answer", validation.text],
        ["the log", server.logs.join("\n")],
      ] as const) {
        expect(leaks(text, key), where).toEqual([]);
      }
      expect(json.body.error).toContain("[redacted]");
    } finally {
      await server.close();
    }
  });
});

describe("the access token", () => {
  it("is removed by value from answers and logs, even from an unexpected error that quotes it", async () => {
    const token = testAccessToken("secret-echo");
    const failing = new Error(`exploded while holding ${token} and ${token.slice(3)}`);
    const server = await startTestServer({
      app: { accessToken: token },
      pipeline: new Proxy({} as never, {
        get: (_target, property) =>
          property === "secretValues"
            ? () => []
            : () => {
                throw failing;
              },
      }),
    });
    try {
      const answer = await fetch(`${server.url}/api/assets`, { headers: { Authorization: `Bearer ${token}` } });
      expect(answer.status).toBe(500);
      const text = (await answer.text()) + server.logs.join("\n");
      expect(server.logs.join("\n")).toContain("exploded while holding [redacted]");
      expect(leaks(text, token)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
