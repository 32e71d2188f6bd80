// POST /api/analyze on its own (route-harness.ts), each test with its own router and a scripted pipeline whose
// analyze() the test drives (it answers a real demo result computed once): refusals before anything is spent (a
// server shutting down, a full analyses or streams limit, and the stream slot given back when the analyses limit
// refuses), the slots given back after a JSON answer, a failure and a stream (a stream's only once its last event has
// been written out, not merely queued); the signal that stops the analysis when the client leaves or the server
// stops; who asked (page or API); the old client's signed redirect; the caller's own text echoed as sent, in that
// link and in a stream, while a key beside it is redacted; and the stream's end in each case (result, a failure
// before and after the first event, an unexpected error, a client that leaves, a shutdown), with the log line each
// leaves. The whole app's use, with Chromium and the fake provider, is in ../analyze.test.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { type IncomingMessage, request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RouteSettings } from "../../../server/app-dependencies";
import { createConcurrencyLimit } from "../../../server/concurrency-limit";
import { createLogger } from "../../../server/logger";
import { createLinkSigner } from "../../../server/output-link/link-signature";
import { createAnalyzeRouter } from "../../../server/routes/analyze-routes";
import { SHUTTING_DOWN_MESSAGE } from "../../../server/server-shutdown";
import { InputError } from "../../../src/common/index";
import { createSecretRedactor } from "../../../src/common/secret-redactor";
import {
  type AnalysisResult,
  type AnalyzeOptions,
  createPipeline,
  type Pipeline,
  type ProgressEvent,
} from "../../../src/index";
import { toWireResult } from "../../../src/wire/index";
import { createStubChartRenderer } from "../../reliability/support/stub-chart-renderer";
import { parseEventStreamText } from "../../support/event-stream-text";
import { waitFor } from "../../support/wait";
import { legacyAnalyzeBody } from "../legacy-client-fixtures";
import { postJson } from "../test-server";
import { routeSettings, type ServedRouter, withRouter } from "./route-harness";

const BODY = { sample: { asset: "BTC", window: 3 }, timeframe: "4h" as const };
const STEP_START: ProgressEvent = { type: "step-start", step: "data" } as ProgressEvent;

let dataDir: string;
let real: Pipeline;
let result: AnalysisResult;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "analyze-routes-"));
  real = createPipeline({ data_dir: dataDir }, { env: {}, renderer: createStubChartRenderer() });
  real.updateProvider("demo");
  result = await real.analyze(BODY);
}, 120_000);
afterAll(async () => {
  await real?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Call {
  request: Record<string, unknown>;
  options: AnalyzeOptions;
}

/** A pipeline whose analyze() runs `script` with the options the route gave, recording each call. */
function scripted(script: (options: AnalyzeOptions) => Promise<AnalysisResult>) {
  const calls: Call[] = [];
  return {
    calls,
    pipeline: {
      analyze: (request: Record<string, unknown>, options: AnalyzeOptions = {}) => {
        calls.push({ request, options });
        return script(options);
      },
    },
  };
}

/** Settings with a log the test reads, small limits, and a shutdown the test can start. */
function settingsFor(pipeline: object, overrides: Partial<RouteSettings> = {}) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    level: "debug",
    write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  const shutdown = new AbortController();
  const settings = routeSettings(pipeline, {
    logger,
    analyses: createConcurrencyLimit(1),
    eventStreams: createConcurrencyLimit(1),
    shutdown: shutdown.signal,
    ...overrides,
  });
  return { settings, lines, shutdown };
}

function postStream(served: ServedRouter, body: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(`${served.url}/api/analyze`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(body),
    signal,
  });
}

/** Never settles until its signal aborts, then rejects with the signal's reason, as the pipeline does. */
function untilAborted(options: AnalyzeOptions): Promise<never> {
  return new Promise((_resolve, reject) => {
    options.signal?.addEventListener("abort", () => reject(options.signal?.reason as Error));
  });
}

describe("refusals before anything is spent", () => {
  it("a server shutting down refuses a new analysis with 503", async () => {
    const { calls, pipeline } = scripted(() => Promise.resolve(result));
    const { settings, shutdown } = settingsFor(pipeline);
    shutdown.abort();
    await withRouter(createAnalyzeRouter(settings), async (served) => {
      const answer = await postJson(served, "/api/analyze", BODY);
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ code: "server_shutting_down", error: SHUTTING_DOWN_MESSAGE });
      expect(calls).toHaveLength(0);
    });
  });

  it("a full analyses limit refuses with 429, and a stream's slot taken first is given back", async () => {
    const { calls, pipeline } = scripted(() => Promise.resolve(result));
    const { settings } = settingsFor(pipeline);
    expect(settings.analyses.tryAcquire()).toBeTypeOf("function");
    await withRouter(createAnalyzeRouter(settings), async (served) => {
      expect((await postJson(served, "/api/analyze", BODY)).status).toBe(429);
      const streamed = await postStream(served, BODY);
      expect(streamed.status).toBe(429);
      expect(((await streamed.json()) as { error: string }).error).toMatch(/analyses and key checks are running/);
      expect(settings.eventStreams.inUse).toBe(0);
      expect(calls).toHaveLength(0);
    });
  });

  it("a full event-stream limit refuses a stream with 429, but not a JSON request", async () => {
    const { calls, pipeline } = scripted(() => Promise.resolve(result));
    const { settings } = settingsFor(pipeline);
    expect(settings.eventStreams.tryAcquire()).toBeTypeOf("function");
    await withRouter(createAnalyzeRouter(settings), async (served) => {
      const streamed = await postStream(served, BODY);
      expect(streamed.status).toBe(429);
      expect(((await streamed.json()) as { error: string }).error).toMatch(/event streams are open/);
      expect(calls).toHaveLength(0);
      expect(settings.analyses.inUse).toBe(0);
      expect((await postJson(served, "/api/analyze", BODY)).status).toBe(200);
      expect(calls).toHaveLength(1);
    });
  });

  it("reads no body larger than the analyses' own limit", async () => {
    const { calls, pipeline } = scripted(() => Promise.resolve(result));
    const { settings } = settingsFor(pipeline, { maxBodyBytes: 1_000_000, maxAnalyzeBodyBytes: 200 });
    await withRouter(createAnalyzeRouter(settings), async (served) => {
      const answer = await postJson(served, "/api/analyze", { csv: "x".repeat(300), timeframe: "4h" });
      expect(answer.status).toBe(413);
      expect(calls).toHaveLength(0);
    });
  });
});

describe("a JSON answer", () => {
  it("is the wire result, logged as done, with the slot given back and the caller named", async () => {
    const { calls, pipeline } = scripted(() => Promise.resolve(result));
    const { settings, lines } = settingsFor(pipeline);
    await withRouter(createAnalyzeRouter(settings), async (served) => {
      const answer = await postJson(served, "/api/analyze", BODY);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(JSON.parse(JSON.stringify(toWireResult(result))));
      expect(settings.analyses.inUse).toBe(0);
      await postJson(served, "/api/analyze", BODY, { "X-QuantAgent-Client": "page" });
      await postJson(served, "/api/analyze", BODY, { "X-QuantAgent-Client": "pages" });
    });
    expect(calls.map((call) => call.options.source)).toEqual(["api", "page", "api"]);
    expect(lines.find((line) => line.message === "analysis done")).toMatchObject({
      sample: "BTC",
      window: 3,
      timeframe: "4h",
      decision: result.decision.decision,
      ms: Math.round(result.timingsMs.total),
    });
  });

  it("gives the slot back after a failure, answered with its own status", async () => {
    const { pipeline } = scripted(() => Promise.reject(new InputError({ message: "That window is not there." })));
    const { settings } = settingsFor(pipeline);
    await withRouter(createAnalyzeRouter(settings), async (served) => {
      const answer = await postJson(served, "/api/analyze", BODY);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("That window is not there.");
      expect(settings.analyses.inUse).toBe(0);
    });
  });

  it("stops the analysis when the client leaves", async () => {
    const { calls, pipeline } = scripted(untilAborted);
    const { settings } = settingsFor(pipeline);
    await withRouter(createAnalyzeRouter(settings), async (served) => {
      const client = new AbortController();
      const request = fetch(`${served.url}/api/analyze`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(BODY),
        signal: client.signal,
      }).catch(() => undefined);
      await waitFor(() => calls.length === 1, 30_000, "the analysis to start");
      expect(calls[0]?.options.signal?.aborted).toBe(false);
      client.abort();
      await request;
      await waitFor(() => calls[0]?.options.signal?.aborted === true, 30_000, "the analysis's signal to abort");
      await waitFor(() => settings.analyses.inUse === 0, 30_000, "the slot to be given back");
    });
  });

  it("stops the analysis when the server starts shutting down, and answers why", async () => {
    const { calls, pipeline } = scripted(untilAborted);
    const { settings, shutdown } = settingsFor(pipeline);
    await withRouter(createAnalyzeRouter(settings), async (served) => {
      const answer = postJson(served, "/api/analyze", BODY);
      await waitFor(() => calls.length === 1, 30_000, "the analysis to start");
      shutdown.abort();
      const stopped = await answer;
      expect(stopped.status).toBe(503);
      expect(stopped.body.code).toBe("server_shutting_down");
      expect(calls[0]?.options.signal?.aborted).toBe(true);
    });
  });

  it("answers the old client's form with a link signed by the installation's secret", async () => {
    const { pipeline } = scripted(() => Promise.resolve(result));
    const { settings } = settingsFor(pipeline);
    await withRouter(createAnalyzeRouter(settings), async (served) => {
      const answer = await postJson(
        served,
        "/api/analyze",
        legacyAnalyzeBody({ asset: "BTC", timeframe: "4h", days: 30 }),
      );
      expect(answer.status).toBe(200);
      expect(answer.body.success).toBe(true);
      const parameters = new URLSearchParams(String(answer.body.redirect).slice("/output?".length));
      const signer = createLinkSigner(await settings.outputLinkSecret.secret());
      expect(signer.check(parameters.get("results") ?? "", parameters.get("signature") ?? undefined)).toBe("signed");
    });
  });

  it("names the request in its log line, whatever its form", async () => {
    const { pipeline } = scripted(() => Promise.resolve(result));
    const { settings, lines } = settingsFor(pipeline, { maxAnalyzeBodyBytes: 1_000_000 });
    const range = { start: "2024-05-01T00:00:00Z", end: "2024-05-20T00:00:00Z" };
    await withRouter(createAnalyzeRouter(settings), async (served) => {
      expect((await postJson(served, "/api/analyze", { asset: "BTC", timeframe: "1h", ...range })).status).toBe(200);
      expect((await postJson(served, "/api/analyze", { symbol: "ETH-USD", timeframe: "1h", ...range })).status).toBe(
        200,
      );
      // A CSV's text is the one field that may hold line breaks.
      const csv = "timestamp,open,high,low,close\n2024-05-01T00:00:00Z,1,2,0.5,1.5\n";
      expect((await postJson(served, "/api/analyze", { csv, timeframe: "4h", name: "mine" })).status).toBe(200);
      const candles = [{ time: 1_714_521_600_000, open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 }];
      expect((await postJson(served, "/api/analyze", { candles, timeframe: "1d", name: "own" })).status).toBe(200);
    });
    const done = lines.filter((line) => line.message === "analysis done");
    expect(
      done.map(({ asset, symbol, source, name, timeframe, sample }) => ({
        asset,
        symbol,
        source,
        name,
        timeframe,
        sample,
      })),
    ).toEqual([
      { asset: "BTC", symbol: undefined, source: undefined, name: undefined, timeframe: "1h", sample: undefined },
      { asset: undefined, symbol: "ETH-USD", source: undefined, name: undefined, timeframe: "1h", sample: undefined },
      { asset: undefined, symbol: undefined, source: "csv", name: "mine", timeframe: "4h", sample: undefined },
      { asset: undefined, symbol: undefined, source: "candles", name: "own", timeframe: "1d", sample: undefined },
    ]);
  });

  it("reads the old client's dates against the server's clock", async () => {
    const { calls, pipeline } = scripted(() => Promise.resolve(result));
    const now = new Date("2024-06-01T12:00:00Z");
    const { settings } = settingsFor(pipeline, { now: () => now });
    await withRouter(createAnalyzeRouter(settings), async (served) => {
      const answer = await postJson(served, "/api/analyze", {
        data_source: "live",
        asset: "BTC",
        timeframe: "1h",
        start_date: "2024-05-20",
        start_time: "00:00",
        use_current_time: true,
      });
      expect(answer.status).toBe(200);
    });
    expect(new Date(calls[0]?.request.end as string).getTime()).toBe(now.getTime());
  });

  it("shows the caller's own text as sent in the old client's link and in a stream, and redacts a key", async () => {
    // A custom symbol that happens to spell a key in use, echoed by the result; another key quoted in a report.
    const callerSymbol = "QAKEY-CALLER-0123";
    const otherKey = "QAKEY-SERVER-4567";
    const redactor = createSecretRedactor(() => [callerSymbol, otherKey]);
    const echoing: AnalysisResult = {
      ...result,
      assetName: callerSymbol,
      reports: { ...result.reports, pattern: `The provider quoted ${otherKey}.` },
    };
    const { pipeline } = scripted(() => Promise.resolve(echoing));
    const { settings } = settingsFor(pipeline, { redactor });
    await withRouter(
      createAnalyzeRouter(settings),
      async (served) => {
        const legacy = await postJson(
          served,
          "/api/analyze",
          legacyAnalyzeBody({ asset: callerSymbol, timeframe: "4h", days: 30 }),
        );
        expect(legacy.status).toBe(200);
        const parameters = new URLSearchParams(String(legacy.body.redirect).slice("/output?".length));
        const linked = JSON.parse(parameters.get("results") ?? "") as Record<string, unknown>;
        expect(linked.asset_name).toBe(callerSymbol);
        expect(linked.pattern_analysis).toBe("The provider quoted [redacted].");

        const range = { start: "2024-05-01T00:00:00Z", end: "2024-05-20T00:00:00Z" };
        const response = await postStream(served, { symbol: callerSymbol, timeframe: "4h", ...range });
        const streamed = parseEventStreamText(await response.text()).at(-1);
        expect(streamed?.event).toBe("result");
        expect(streamed?.data.asset_name).toBe(callerSymbol);
        expect(streamed?.data.pattern_analysis).toBe("The provider quoted [redacted].");
      },
      { redactor },
    );
  });

  it("leaves the charts out of the redaction, even where their text holds a secret's", async () => {
    const wire = toWireResult(result);
    const redactor = createSecretRedactor(() => [wire.pattern_chart.slice(40, 64)]);
    const { pipeline } = scripted(() => Promise.resolve(result));
    // The app's redactor both answers the JSON (the harness's redaction) and writes the stream's events.
    const { settings } = settingsFor(pipeline, { redactor });
    await withRouter(
      createAnalyzeRouter(settings),
      async (served) => {
        const answer = await postJson(served, "/api/analyze", BODY);
        expect(answer.body.pattern_chart).toBe(wire.pattern_chart);
        const streamed = parseEventStreamText(await (await postStream(served, BODY)).text());
        expect(streamed.at(-1)?.data.pattern_chart).toBe(wire.pattern_chart);
      },
      { redactor },
    );
  });
});

describe("a stream", () => {
  it("sends the progress events, then the result, keeps the connection alive, and gives both slots back", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const { pipeline } = scripted(async (options) => {
      options.onEvent?.(STEP_START);
      await released;
      options.onEvent?.({ type: "step-start", step: "charts" } as ProgressEvent);
      return result;
    });
    const { settings, lines } = settingsFor(pipeline, { heartbeatMs: 20 });
    await withRouter(createAnalyzeRouter(settings), async (served) => {
      const response = await postStream(served, BODY);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      // Read until a keep-alive comment has arrived, then let the analysis end.
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = "";
      while (!text.includes(": keep-alive")) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += chunk.value;
      }
      expect(text).toContain(": keep-alive");
      release();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += chunk.value;
      const events = parseEventStreamText(text);
      expect(events.map((event) => event.event)).toEqual(["progress", "progress", "result"]);
      expect(events[0]?.data).toMatchObject({ type: "step-start", step: "data" });
      expect(events[2]?.data).toEqual(JSON.parse(JSON.stringify(toWireResult(result))));
      await waitFor(() => settings.analyses.inUse === 0 && settings.eventStreams.inUse === 0, 30_000, "the slots");
    });
    expect(lines.some((line) => line.message === "analysis done" && line.sample === "BTC")).toBe(true);
  });

  it("holds both slots until the last event has been written out, not merely queued", async () => {
    // A result larger than the loopback socket's buffers can hold while its client reads nothing.
    const large: AnalysisResult = { ...result, charts: { ...result.charts, pattern: "A".repeat(64 * 1024 * 1024) } };
    const { pipeline } = scripted(() => Promise.resolve(large));
    const { settings, lines } = settingsFor(pipeline);
    await withRouter(createAnalyzeRouter(settings), async (served) => {
      const { hostname, port } = new URL(served.url);
      const response = await new Promise<IncomingMessage>((resolve, reject) => {
        const sent = request(
          {
            hostname,
            port,
            path: "/api/analyze",
            method: "POST",
            headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
          },
          resolve,
        );
        sent.on("error", reject);
        sent.end(JSON.stringify(BODY));
      });
      expect(response.statusCode).toBe(200);
      // The result has been queued (its line is logged just before): the client has still read nothing of it.
      await waitFor(() => lines.some((line) => line.message === "analysis done"), 30_000, "the result");
      expect(settings.analyses.inUse).toBe(1);
      expect(settings.eventStreams.inUse).toBe(1);
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      await new Promise((resolve) => response.on("end", resolve));
      expect(bytes).toBeGreaterThan(64 * 1024 * 1024);
      await waitFor(() => settings.analyses.inUse === 0 && settings.eventStreams.inUse === 0, 30_000, "the slots");
    });
  });

  it("answers a failure before the first event with its own status, and gives both slots back", async () => {
    const { pipeline } = scripted(() => Promise.reject(new InputError({ message: "That window is not there." })));
    const { settings } = settingsFor(pipeline);
    await withRouter(createAnalyzeRouter(settings), async (served) => {
      const response = await postStream(served, BODY);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe("That window is not there.");
      expect(settings.analyses.inUse).toBe(0);
      expect(settings.eventStreams.inUse).toBe(0);
    });
  });

  it("ends with an error event after the first, logged as a failure or as unexpected", async () => {
    for (const [error, status, level] of [
      [new InputError({ message: "That window is not there." }), 400, "warn"],
      [new Error("a bug"), 500, "error"],
    ] as const) {
      const { pipeline } = scripted(async (options) => {
        options.onEvent?.(STEP_START);
        await new Promise((resolve) => setTimeout(resolve, 10));
        throw error;
      });
      const { settings, lines } = settingsFor(pipeline);
      await withRouter(createAnalyzeRouter(settings), async (served) => {
        const response = await postStream(served, BODY);
        expect(response.status).toBe(200);
        const events = parseEventStreamText(await response.text());
        expect(events.at(-1)).toMatchObject({ event: "error", data: { success: false, status } });
        await waitFor(() => settings.analyses.inUse === 0 && settings.eventStreams.inUse === 0, 30_000, "the slots");
      });
      const logged = lines.find((line) => line.level === level);
      expect(logged?.message).toBe(level === "warn" ? "analysis failed" : "unexpected error in a streamed analysis");
      expect(logged?.sample).toBe("BTC");
      if (level === "warn") expect(logged).toMatchObject({ reason: "That window is not there." });
    }
  });

  it("tells the client the server is shutting down, once, and ends the stream while the analysis winds down", async () => {
    let finish!: () => void;
    const wound = new Promise<void>((resolve) => (finish = resolve));
    const { pipeline } = scripted(async (options) => {
      options.onEvent?.(STEP_START);
      await new Promise<void>((resolve) => options.signal?.addEventListener("abort", () => resolve()));
      await wound;
      throw options.signal?.reason;
    });
    const { settings, lines, shutdown } = settingsFor(pipeline);
    await withRouter(createAnalyzeRouter(settings), async (served) => {
      const response = await postStream(served, BODY);
      expect(response.status).toBe(200);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      const first = await reader.read();
      expect(first.value).toContain("step-start");
      shutdown.abort();
      let text = "";
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += chunk.value;
      const events = parseEventStreamText(text);
      expect(events).toEqual([
        {
          event: "error",
          data: expect.objectContaining({ code: "server_shutting_down", status: 503, error: SHUTTING_DOWN_MESSAGE }),
        },
      ]);
      expect(settings.analyses.inUse).toBe(1);
      finish();
      await waitFor(() => settings.analyses.inUse === 0 && settings.eventStreams.inUse === 0, 30_000, "the slots");
    });
    expect(lines.filter((line) => line.message === "analysis stopped: the server is shutting down")).toHaveLength(1);
    // The analysis's own end after the shutdown is no failure to report.
    expect(lines.filter((line) => line.level === "warn" || line.level === "error")).toHaveLength(1);
  });

  it("tells the client at once when the shutdown began before the first event", async () => {
    let finish!: () => void;
    const wound = new Promise<void>((resolve) => (finish = resolve));
    const shutdown = new AbortController();
    const { pipeline } = scripted(async (options) => {
      shutdown.abort();
      options.onEvent?.(STEP_START);
      await wound; // an analysis that takes a moment to notice
      return result;
    });
    const { settings } = settingsFor(pipeline, { shutdown: shutdown.signal });
    await withRouter(createAnalyzeRouter(settings), async (served) => {
      const response = await postStream(served, BODY);
      const events = parseEventStreamText(await response.text());
      expect(events.map((event) => event.event)).toEqual(["progress", "error"]);
      expect(events[1]?.data).toMatchObject({ code: "server_shutting_down", status: 503 });
      finish();
    });
  });

  it("forgets the shutdown once the stream has ended", async () => {
    const { pipeline } = scripted(() => Promise.resolve(result));
    const { settings, lines, shutdown } = settingsFor(pipeline);
    await withRouter(createAnalyzeRouter(settings), async (served) => {
      const events = parseEventStreamText(await (await postStream(served, BODY)).text());
      expect(events.at(-1)?.event).toBe("result");
      await waitFor(() => settings.analyses.inUse === 0 && settings.eventStreams.inUse === 0, 30_000, "the slots");
    });
    shutdown.abort();
    expect(lines.filter((line) => line.message === "analysis stopped: the server is shutting down")).toEqual([]);
  });

  it.each([
    ["the signal's own reason", untilAborted],
    [
      "an error of its own",
      (options: AnalyzeOptions) =>
        new Promise<never>((_resolve, reject) => {
          options.signal?.addEventListener("abort", () => reject(new Error("the model call was aborted")));
        }),
    ],
  ])("stops the analysis when the client leaves, logged as cancelled (failing with %s)", async (_case, stop) => {
    const { calls, pipeline } = scripted(async (options) => {
      options.onEvent?.(STEP_START);
      return stop(options);
    });
    const { settings, lines } = settingsFor(pipeline);
    await withRouter(createAnalyzeRouter(settings), async (served) => {
      const client = new AbortController();
      const response = await postStream(served, BODY, client.signal);
      const reader = response.body!.getReader();
      await reader.read();
      client.abort();
      await reader.read().catch(() => undefined);
      await waitFor(() => calls[0]?.options.signal?.aborted === true, 30_000, "the analysis's signal to abort");
      await waitFor(() => settings.analyses.inUse === 0 && settings.eventStreams.inUse === 0, 30_000, "the slots");
    });
    await waitFor(
      () => lines.some((line) => line.message === "analysis cancelled: the client disconnected"),
      30_000,
      "the cancel to be logged",
    );
    expect(lines.some((line) => line.level === "warn" || line.level === "error")).toBe(false);
  });
});
