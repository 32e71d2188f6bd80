// Every request up to the body limit is answered, 4xx or success, with bounded work: the largest hostile bodies of
// each kind (ten million zeros, millions of empty candles, a nest of brackets, a 10 MiB name, CSVs of millions of
// lines, of 4 million bare "\r" or 5 million blank lines, twenty thousand CSV rows read before the last is refused,
// twenty thousand bad candles, thousands of unknown fields) are refused with bounded CPU while small requests go on
// being served, and the server is still there afterwards.
//
// The bounds are generous on purpose (this suite runs on busy machines, two test files at a time): five seconds of CPU
// per request where these take tens of milliseconds (the process's CPU, which in vitest's worker threads counts the
// other file's too), ten seconds of latency for a small request where a stalled server took over a minute. The figures
// themselves are measured by `npm run bench:hostile` (bench/README.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ANALYZE_BODY_LIMIT_BYTES } from "../../server/analyze-input";
import { expectPlainError, getJson, postJson, startTestServer, type TestServer } from "./test-server";

const MiB = 1024 * 1024;

/** Bodies of at most the analyze limit, each the worst of its kind. */
function hostileBodies(): Record<string, string> {
  const candle = (index: number) => ({
    time: 1_700_000_000_000 + index * 3_600_000,
    open: 100,
    high: 1, // below open: every candle is bad
    low: 99,
    close: 100,
    volume: 1,
  });
  const within = (text: string) => {
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(ANALYZE_BODY_LIMIT_BYTES);
    return text;
  };
  return {
    "ten million zeros": within(`{"candles":[${"0,".repeat(5 * MiB - 16)}0],"timeframe":"1h"}`),
    "millions of empty candles": within(`{"candles":[${"{},".repeat(3 * MiB)}{}],"timeframe":"1h"}`),
    "brackets nested millions deep": within("[".repeat(ANALYZE_BODY_LIMIT_BYTES)),
    "a 10 MiB name": within(
      JSON.stringify({ csv: "x", timeframe: "1h", name: "n".repeat(ANALYZE_BODY_LIMIT_BYTES - 64) }),
    ),
    "a CSV of millions of lines": within(JSON.stringify({ csv: "1\n".repeat(2.5 * MiB), timeframe: "1h" })),
    // A splitter that searched the rest of the text for "\n" on every line took minutes over these, answering nobody.
    "a CSV of 4 million bare \\r": within(JSON.stringify({ csv: "\r".repeat(4_000_000), timeframe: "1h" })),
    "a CSV of 5 million blank lines": within(JSON.stringify({ csv: "\n".repeat(5_000_000), timeframe: "1h" })),
    // Every row is read (a few hundred KB of them) before the last one is refused.
    "twenty thousand CSV rows, the last one bad": within(
      JSON.stringify({
        csv: [
          "Datetime,Open,High,Low,Close,Volume",
          ...Array.from(
            { length: 19_999 },
            (_, index) => `${new Date(Date.UTC(2020, 0, 1) + index * 3_600_000).toISOString()},100,101,99,100.5,10`,
          ),
          "2030-01-01T00:00:00Z,100,101,99,nan,10",
        ].join("\n"),
        timeframe: "1h",
      }),
    ),
    "twenty thousand bad candles": within(
      JSON.stringify({ candles: Array.from({ length: 20_000 }, (_, index) => candle(index)), timeframe: "1h" }),
    ),
    "thousands of unknown fields": within(
      JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, index) => [`field${index}`, index]))),
    ),
    "one byte over the limit": `{"csv":"${"x".repeat(ANALYZE_BODY_LIMIT_BYTES - 9)}"}`,
  };
}

/** What some bodies must be refused for: the limit that stops them, not whatever check comes first. */
const REFUSED_FOR: Record<string, RegExp> = {
  "a CSV of 4 million bare \\r": /has more than 40003 lines \(blank lines count too\)/,
  "a CSV of 5 million blank lines": /has more than 40003 lines \(blank lines count too\)/,
  "twenty thousand CSV rows, the last one bad": /line 20001, column "Close": "nan" is not a number/,
};

let server: TestServer;
beforeAll(async () => {
  // A key is set, so nothing stops a body before its data is read; the provider is never reached by these bodies.
  server = await startTestServer({
    config: { api_key: "sk-hostile-0123456789", openai_base_url: "http://127.0.0.1:9/v1" },
  });
});
afterAll(() => server.close());

describe("the largest hostile bodies", () => {
  it.each(Object.entries(hostileBodies()))(
    "%s: 4xx with bounded CPU, small requests served meanwhile",
    async (_kind, body) => {
      const baseline = await getJson(server, "/api/timeframe-limits");
      expect(baseline.status).toBe(200);

      let done = false;
      const cpuBefore = process.cpuUsage();
      const big = postJson(server, "/api/analyze", body).finally(() => (done = true));
      const smallLatencies: number[] = [];
      do {
        const started = performance.now();
        const small = await getJson(server, "/api/timeframe-limits");
        smallLatencies.push(performance.now() - started);
        expect(small.status).toBe(200);
      } while (!done);
      const answer = await big;
      const cpu = process.cpuUsage(cpuBefore);

      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expectPlainError(answer.body);
      if (REFUSED_FOR[_kind]) expect(answer.body.error).toMatch(REFUSED_FOR[_kind]);
      // This process is the server and the client: the CPU counted includes sending the body.
      expect((cpu.user + cpu.system) / 1000).toBeLessThan(5_000);
      expect(Math.max(...smallLatencies)).toBeLessThan(10_000);
      expect(answer.text.length).toBeLessThan(1_000);
      // Still serving.
      expect((await getJson(server, "/api/assets")).status).toBe(200);
    },
  );
});
