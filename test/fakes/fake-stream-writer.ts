// Writes server-sent-event frames to a response one at a time, with the reply's chunk delay and fault, and records
// on the request what was written, so tests can see a stream cut short by the client or by the fault.
import type { ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";

import type { FakeStreamOptions } from "./fake-replies";
import type { FakeApi, FakeStreamRecord } from "./fake-request";
import { errorFrame, type FakeStreamFrame, malformedFrame } from "./fake-stream-events";

export interface WriteFakeStreamOptions {
  api: FakeApi;
  response: ServerResponse;
  frames: FakeStreamFrame[];
  stream: FakeStreamOptions | undefined;
  /** Filled in as the stream goes. */
  record: FakeStreamRecord;
  /** Pending timers, so the server's close() can clear them. */
  timers: Set<NodeJS.Timeout>;
}

export function writeFakeStream(options: WriteFakeStreamOptions): void {
  const { api, response, frames, record, timers } = options;
  const fault = options.stream?.fault;
  const delayMs = options.stream?.chunkDelayMs ?? 0;
  let position = 0;
  let droppedByServer = false;

  response.on("close", () => {
    if (!response.writableEnded && !droppedByServer) record.clientClosed = true;
  });
  response.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  // Headers go out at once, as a real provider's do, before the first chunk.
  response.flushHeaders();

  function write(frame: FakeStreamFrame): void {
    response.write(frame.data);
    record.chunksWritten += 1;
    if (frame.text !== "" && record.firstTextAt === undefined) record.firstTextAt = performance.now();
  }

  function applyFault(): void {
    if (!fault) return;
    record.outcome = "fault";
    switch (fault.kind) {
      case "drop":
        droppedByServer = true;
        // Let the chunks already written leave before the connection dies.
        setImmediate(() => response.socket?.destroy());
        return;
      case "malformed":
        write(malformedFrame(api));
        response.end();
        return;
      case "error":
        write(errorFrame(api, fault));
        response.end();
        return;
      case "stall":
        return;
      default: {
        const exhaustive: never = fault;
        throw new Error(`Unknown stream fault: ${JSON.stringify(exhaustive)}`);
      }
    }
  }

  function next(): void {
    if (response.destroyed || response.writableEnded) return;
    if (fault && position === fault.afterChunks) return applyFault();
    if (position === frames.length) {
      record.outcome = "complete";
      response.end();
      return;
    }
    write(frames[position]!);
    position += 1;
    if (delayMs <= 0) return next();
    const timer = setTimeout(() => {
      timers.delete(timer);
      next();
    }, delayMs);
    timers.add(timer);
  }

  next();
}
