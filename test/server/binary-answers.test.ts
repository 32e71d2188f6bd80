// The charts of an analysis are binary data the server encoded itself: the secret redaction of answers leaves them as
// they are (server/binary-texts.ts), in the analysis's answer and when the journal gives the analysis back, while
// every other string is still redacted. A chart's base64 that holds a piece of a key by chance must not be broken.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { redactAroundBinary } from "../../server/binary-texts";
import { SECRET_PIECE_LENGTH } from "../../src/common/secret-redactor";
import type { ChartRenderer } from "../../src/index";
import { defaultFakeHandler } from "../fakes/fake-default-handler";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";
import { parseEventStreamText } from "../support/event-stream-text";
import { FAKE_KEY_SHAPES } from "../support/fake-key-shapes";
import { benchmarkCsv } from "./analysis-fixtures";
import { getJson, postJson, startTestServer } from "./test-server";

// Hex digits are base64 digits too, so a piece of this key can sit inside a chart's base64.
const KEY = FAKE_KEY_SHAPES.bare;
const PIECE = KEY.slice(4, 4 + SECRET_PIECE_LENGTH);
// A PNG's signature, then the piece; a length of a multiple of 4 with no padding, so the bytes encode back the same.
const CHART_BASE64 = `iVBORw0KGgo${PIECE}AAAAAAAAA`;

function chartRenderer(): ChartRenderer {
  return {
    render: async () => Buffer.from(CHART_BASE64, "base64"),
    start: async () => {},
    close: async () => {},
    status: () => ({ state: "running", browserPid: null, pageCount: 0, userDataDir: null }),
  };
}

let fake: FakeProviderServer;
beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [KEY] });
  // The chart readers' model echoes the piece: model text is still redacted.
  fake.setHandler(async (request) =>
    request.summary.imageCount > 0 ? fakeReply.text(`Nothing to see. Echo ${PIECE}.`) : defaultFakeHandler(request),
  );
});
afterAll(async () => {
  await fake.close();
});

describe("the charts of an analysis", () => {
  it("come back as drawn in the answer and from the journal; model text with a key piece is still redacted", async () => {
    expect(Buffer.from(CHART_BASE64, "base64").toString("base64")).toBe(CHART_BASE64);
    const server = await startTestServer({
      config: { api_key: KEY, openai_base_url: fake.openaiBaseUrl },
      renderer: chartRenderer(),
    });
    try {
      const answer = await postJson(server, "/api/analyze", { csv: benchmarkCsv(), timeframe: "4h" });
      expect(answer.status).toBe(200);
      expect(answer.body.pattern_chart).toBe(CHART_BASE64);
      expect(answer.body.trend_chart).toBe(CHART_BASE64);
      expect(answer.body.pattern_analysis).toContain("Echo [redacted].");
      expect(typeof answer.body.id).toBe("string");

      const stored = await getJson(server, `/api/analyses/${answer.body.id}`);
      expect(stored.status).toBe(200);
      expect(stored.body.pattern_chart).toBe(CHART_BASE64);
      expect(stored.body.trend_chart).toBe(CHART_BASE64);
      expect(stored.body.pattern_analysis).toContain("Echo [redacted].");
      expect(stored.text).not.toContain(`Echo ${PIECE}`);

      // The page's way: an event stream, whose result event is redacted around the charts.
      const streamed = await postJson(
        server,
        "/api/analyze",
        { csv: benchmarkCsv(), timeframe: "4h" },
        { Accept: "text/event-stream" },
      );
      const result = parseEventStreamText(streamed.text).find((event) => event.event === "result");
      const data = result?.data as Record<string, string>;
      expect(data.pattern_chart).toBe(CHART_BASE64);
      expect(data.trend_chart).toBe(CHART_BASE64);
      expect(data.pattern_analysis).toContain("Echo [redacted].");
      expect(streamed.text).not.toContain(`Echo ${PIECE}`);
    } finally {
      await server.close();
    }
  });
});

describe("redactAroundBinary", () => {
  const redact = (text: string) => text.replaceAll("secret", "[redacted]");

  it("redacts every text around the binary strings, each occurrence, and leaves them whole", () => {
    const json = JSON.stringify({ a: "secret", chart: "secretAAAA", b: ["secretAAAA", "x secret"], c: "secret" });
    expect(JSON.parse(redactAroundBinary(json, ["secretAAAA"], redact))).toEqual({
      a: "[redacted]",
      chart: "secretAAAA",
      b: ["secretAAAA", "x [redacted]"],
      c: "[redacted]",
    });
  });

  it("leaves a binary string's text inside a longer string to the redaction", () => {
    const json = JSON.stringify({ report: "see secretAAAA here", chart: "secretAAAA" });
    expect(JSON.parse(redactAroundBinary(json, ["secretAAAA", ""], redact))).toEqual({
      report: "see [redacted]AAAA here",
      chart: "secretAAAA",
    });
    expect(redactAroundBinary(json, [], redact)).toBe(redact(json));
  });
});
