// Stopping the server (Ctrl-C, SIGTERM) while an analysis streams: the page is told in words that the server is
// shutting down (an `error` event with code server_shutting_down), not left with a dropped connection; the log says
// it was the shutdown, not a client that disconnected; the stopped run is recorded as cancelled with what it spent;
// and the process exits cleanly. Through the real entry point, started as `npm run demo` starts it (--demo).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import type { ChartRenderer } from "../../src/index";
import { openJournal } from "../../src/journal/open-journal";
import { startServerProcess } from "../reliability/support/server-process";
import { parseEventStreamText } from "../support/event-stream-text";
import { postJson, startTestServer } from "./test-server";

const dataDir = mkdtempSync(path.join(tmpdir(), "server-shutdown-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("a server stopped while an analysis streams", () => {
  it("ends the analysis with a 'server is shutting down' event, logs the shutdown as such, and records the run", async () => {
    const server = await startServerProcess({ dataDir, args: ["--demo"], startTimeoutMs: 60_000 });
    const response = await fetch(`${server.url}/api/analyze`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ sample: { asset: "BTC", window: 5 }, timeframe: "4h" }),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let stopping: Promise<void> | undefined;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      // The agents are writing: now the operator presses Ctrl-C.
      if (!stopping && text.includes('"type":"report-delta"')) stopping = server.stop();
    }
    await stopping;
    const events = parseEventStreamText(text);
    const last = events[events.length - 1];
    expect(last?.event).toBe("error");
    expect(last?.data).toMatchObject({ code: "server_shutting_down", status: 503 });
    expect(last?.data.error).toMatch(/^The server is shutting down, so this analysis was stopped\./);
    expect(events.some((event) => event.event === "result")).toBe(false);

    const log = server.output();
    expect(log).toContain("Demo mode");
    expect(log).toContain('"runningAnalyses":1,"message":"SIGTERM: shutting down"');
    expect(log).toContain("analysis stopped: the server is shutting down");
    expect(log).not.toContain("client disconnected");
    expect(log).toContain("Stopped.");
    expect(await server.exited).toBe(0);

    const journal = await openJournal({ dataDir });
    try {
      const [summary] = (await journal.list()).analyses;
      expect(summary).toMatchObject({ status: "cancelled", demo: true, error: { code: "cancelled" } });
      expect(summary?.error?.message).toMatch(/^The analysis was cancelled: The server is shutting down/);
    } finally {
      await journal.close();
    }
  }, 120_000);
});

describe("a server that has started shutting down", () => {
  it("refuses a new analysis with 503 server_shutting_down before anything runs", async () => {
    const shutdown = new AbortController();
    const server = await startTestServer({ app: { shutdown: shutdown.signal } });
    try {
      server.pipeline.updateProvider("demo");
      shutdown.abort();
      const answer = await postJson(server, "/api/analyze", { sample: { asset: "BTC", window: 1 }, timeframe: "4h" });
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ success: false, code: "server_shutting_down" });
      expect(answer.headers.get("retry-after")).toBe("30");
      expect((await server.pipeline.journal.list()).analyses).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe("an analysis that takes a moment to wind down when the server stops", () => {
  it("is told 'the server is shutting down' at once, its stream ended, while a chart is still being drawn", async () => {
    // A renderer that holds every chart until the test lets go, and ignores the abort meanwhile (as Chromium drawing
    // a figure does): the analysis cannot settle until then, but its client must not wait for it.
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const renderer: ChartRenderer = {
      render: async () => {
        await held;
        return Buffer.from("not drawn");
      },
      start: async () => {},
      close: async () => {},
      status: () => ({ state: "running", browserPid: null, pageCount: 0, userDataDir: null }),
    };
    const shutdown = new AbortController();
    const server = await startTestServer({ renderer, app: { shutdown: shutdown.signal } });
    try {
      server.pipeline.updateProvider("demo");
      const response = await fetch(`${server.url}/api/analyze`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify({ sample: { asset: "BTC", window: 5 }, timeframe: "4h" }),
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        if (!shutdown.signal.aborted && text.includes("event: progress")) shutdown.abort();
      }
      const events = parseEventStreamText(text);
      expect(events[events.length - 1]).toMatchObject({
        event: "error",
        data: { code: "server_shutting_down", status: 503 },
      });
      expect(events.filter((event) => event.event === "error")).toHaveLength(1);
      expect(server.logs.filter((line) => line.includes("analysis stopped: the server is shutting down"))).toHaveLength(
        1,
      );
    } finally {
      letGo();
      await server.close();
    }
  }, 60_000);
});
