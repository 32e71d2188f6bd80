// A server-sent-events response on a Koa context: `send(event, data)` writes one JSON event, a comment line every
// few seconds keeps proxies and the browser from timing out a quiet connection (the decision step can take a
// while), and `end()` finishes the response.
import { PassThrough } from "node:stream";

import type { Context } from "koa";

import { redactAroundBinary } from "./binary-texts";

export interface EventStream {
  /** `binary`: strings of `data` the server encoded itself (an analysis's charts), left out of the redaction. */
  send(event: string, data: unknown, sendOptions?: { binary?: readonly string[] }): void;
  end(): void;
}

export interface EventStreamOptions {
  heartbeatMs?: number;
  /** Applied to each event's JSON before it is written (the server's secret redactor). */
  redact?: (text: string) => string;
}

export function wantsEventStream(context: Context): boolean {
  return (context.get("Accept") ?? "").toLowerCase().includes("text/event-stream");
}

/** Commits the response to a 200 event stream. The caller returns from its middleware to let Koa start sending. */
export function openEventStream(context: Context, options: EventStreamOptions = {}): EventStream {
  const stream = new PassThrough();
  context.status = 200;
  context.set({
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store",
    // Reverse proxies (nginx) otherwise buffer the whole stream, which defeats live progress.
    "X-Accel-Buffering": "no",
  });
  context.body = stream;
  let ended = false;
  const heartbeat = setInterval(() => write(": keep-alive\n\n"), options.heartbeatMs ?? 15_000);
  heartbeat.unref();

  function write(text: string): void {
    if (!ended && !stream.destroyed) stream.write(text);
  }

  return {
    send(event, data, sendOptions = {}) {
      // JSON.stringify never emits a raw newline, so one data line per event is always well formed.
      const json = JSON.stringify(data);
      const { redact } = options;
      const shown = !redact
        ? json
        : sendOptions.binary
          ? redactAroundBinary(json, sendOptions.binary, redact)
          : redact(json);
      write(`event: ${event}\ndata: ${shown}\n\n`);
    },
    end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      stream.end();
    },
  };
}
