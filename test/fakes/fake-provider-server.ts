// A local fake of the OpenAI chat-completions and Anthropic messages APIs on 127.0.0.1, for driving the real SDKs.
//
// Usage:
//   const server = await startFakeProviderServer({ validKeys: ["sk-test-key"] });
//   server.enqueue(fakeReply.toolCall("compute_rsi", { period: 14 }), fakeReply.text("RSI is 55."));
//   // point a client at server.openaiBaseUrl / server.anthropicBaseUrl / server.qwenBaseUrl ...
//   expect(server.requests[0].summary.toolNames).toEqual(["compute_rsi"]);
//   await server.close();
//
// A request with `stream: true` gets content replies as server-sent events (fake-stream-events.ts), with the
// reply's chunk delay and stream fault; every other reply is answered as for any request.
//
// Each request is answered by, in order: a 401 when the key is missing or not in validKeys; a 400 for sampling
// parameters on Anthropic's 2026-10-21 API version (as the real API does); a 400 from a local-server mode that lacks
// what the request needs (fake-local-server.ts); the API's own queue (server.openai / server.anthropic); the shared
// queue; the handler (defaultFakeHandler unless set).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

import { defaultFakeHandler, type FakeHandler } from "./fake-default-handler";
import { writeEndlessAnswer } from "./fake-endless-stream";
import { capabilityRefusal, type FakeServerLack } from "./fake-local-server";
import {
  anthropicErrorBody,
  anthropicMessageBody,
  type FakeContentReply,
  type FakeReply,
  fakeReply,
  openaiCompletionBody,
  openaiErrorBody,
  renderError,
} from "./fake-replies";
import { type FakeApi, type FakeRequest, summarizeRequest } from "./fake-request";
import { anthropicStreamFrames, malformedFrame, openaiStreamFrames } from "./fake-stream-events";
import { writeFakeStream } from "./fake-stream-writer";

export interface FakeProviderServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Keys accepted; any other key answers 401. Undefined accepts any non-empty key. */
  validKeys?: string[];
  /** Decides each reply when the queues are empty. */
  handler?: FakeHandler;
  /** Answer Anthropic requests that carry temperature/top_p/top_k with 400, like API version 2026-10-21. Default true. */
  rejectAnthropicSampling?: boolean;
  /** Behave as a local server that lacks these (fake-local-server.ts); default none, as OpenAI's own API. */
  lacks?: readonly FakeServerLack[];
}

export interface FakeReplyQueue {
  enqueue(...replies: FakeReply[]): void;
}

export interface FakeProviderServer {
  /** "http://127.0.0.1:<port>" */
  readonly url: string;
  readonly port: number;
  /** `${url}/v1`, for the openai SDK's baseURL or OPENAI_BASE_URL. */
  readonly openaiBaseUrl: string;
  /** `url` itself: the Anthropic SDK appends /v1/messages. */
  readonly anthropicBaseUrl: string;
  /** `${url}/compatible-mode/v1`, shaped like DashScope's endpoint. */
  readonly qwenBaseUrl: string;
  /** Every request seen since start or reset(), in arrival order (401s and 404s included). */
  readonly requests: readonly FakeRequest[];
  requestCount(api?: FakeApi): number;
  lastRequest(api?: FakeApi): FakeRequest | undefined;
  /** Replies for the next requests of any API, first in first out. */
  enqueue(...replies: FakeReply[]): void;
  /** Replies only for requests to that API; consulted before the shared queue. */
  readonly openai: FakeReplyQueue;
  readonly anthropic: FakeReplyQueue;
  setHandler(handler: FakeHandler): void;
  setValidKeys(keys: string[] | undefined): void;
  /** Behave from now on as a local server that lacks these (fake-local-server.ts); [] for OpenAI's own API. */
  setLacks(lacks: readonly FakeServerLack[]): void;
  /** Forgets requests and queued replies; restores the handler, keys and lacks given at start. */
  reset(): void;
  /** Stops listening and destroys open connections (hanging replies included). */
  close(): Promise<void>;
}

function apiForPath(method: string, path: string): FakeApi | "unknown" {
  if (method !== "POST") return "unknown";
  // Routing by suffix accepts /v1/..., /compatible-mode/v1/... and any proxy prefix alike.
  if (path.endsWith("/chat/completions")) return "openai";
  if (path.endsWith("/messages")) return "anthropic";
  return "unknown";
}

function keyFrom(headers: Record<string, string>): string | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? "");
  const key = bearer?.[1] ?? headers["x-api-key"];
  return key && key.trim() !== "" ? key.trim() : undefined;
}

function flatHeaders(request: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(", ") : (value ?? ""),
    ]),
  );
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The fake's own failure (a handler that threw), as the API's server error says it. */
function failureBody(api: FakeApi, error: unknown): unknown {
  const message = `Fake provider failed: ${String(error)}`;
  return api === "openai" ? openaiErrorBody({ status: 500, message }) : anthropicErrorBody({ status: 500, message });
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (response.destroyed || response.writableEnded) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

export async function startFakeProviderServer(options: FakeProviderServerOptions = {}): Promise<FakeProviderServer> {
  const requests: FakeRequest[] = [];
  const queues: Record<FakeApi | "shared", FakeReply[]> = { openai: [], anthropic: [], shared: [] };
  let handler: FakeHandler = options.handler ?? defaultFakeHandler;
  let validKeys: Set<string> | undefined = options.validKeys ? new Set(options.validKeys) : undefined;
  const rejectSampling = options.rejectAnthropicSampling ?? true;
  let lacks = new Set<FakeServerLack>(options.lacks ?? []);
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  function errorFor(api: FakeApi, status: number, message: string, type?: string): { status: number; body: unknown } {
    return {
      status,
      body:
        api === "openai" ? openaiErrorBody({ status, message, type }) : anthropicErrorBody({ status, message, type }),
    };
  }

  /** Answers that come before any script: missing or wrong keys, and the real API's parameter checks. */
  function gatekeeper(recorded: FakeRequest, api: FakeApi): { status: number; body: unknown } | undefined {
    if (!recorded.apiKey || (validKeys && !validKeys.has(recorded.apiKey))) {
      // The real APIs never echo a key back in full; neither does the fake.
      return errorFor(
        api,
        401,
        "Incorrect API key provided.",
        api === "anthropic" ? "authentication_error" : undefined,
      );
    }
    if (api === "anthropic" && rejectSampling && (recorded.headers["anthropic-version"] ?? "") >= "2026-10-21") {
      const body = recorded.body as Record<string, unknown> | undefined;
      const sampling = ["temperature", "top_p", "top_k"].find((name) => body && name in body);
      if (sampling) return errorFor(api, 400, `${sampling}: Extra inputs are not permitted`);
    }
    const refused = capabilityRefusal(lacks, recorded);
    if (refused?.kind === "error") {
      const rendered = renderError(refused, api);
      return { status: rendered.status, body: rendered.body };
    }
    return undefined;
  }

  function nextReply(api: FakeApi, recorded: FakeRequest): FakeReply | Promise<FakeReply> {
    return queues[api].shift() ?? queues.shared.shift() ?? handler(recorded);
  }

  function sendContent(reply: FakeContentReply, api: FakeApi, recorded: FakeRequest, response: ServerResponse): void {
    if (!recorded.summary.stream) {
      return sendJson(
        response,
        200,
        api === "openai" ? openaiCompletionBody(reply, recorded) : anthropicMessageBody(reply, recorded),
      );
    }
    recorded.stream = { chunksWritten: 0, outcome: "streaming", clientClosed: false };
    // A server that ignores stream_options sends no usage, whatever the reply says.
    const sent = lacks.has("stream_usage") ? fakeReply.streamed(reply, { omitUsage: true }) : reply;
    const frames = api === "openai" ? openaiStreamFrames(sent, recorded) : anthropicStreamFrames(sent, recorded);
    writeFakeStream({ api, response, frames, stream: sent.stream, record: recorded.stream, timers });
  }

  function answer(reply: FakeReply, api: FakeApi, recorded: FakeRequest, response: ServerResponse): void {
    switch (reply.kind) {
      case "text":
      case "tool_calls":
      case "refusal":
        return sendContent(reply, api, recorded, response);
      case "error": {
        const rendered = renderError(reply, api);
        return sendJson(response, rendered.status, rendered.body, rendered.headers);
      }
      case "raw":
        return sendJson(response, reply.status, reply.body, reply.headers);
      case "malformed":
        if (recorded.summary.stream && (reply.status ?? 200) === 200) {
          response.writeHead(200, { "content-type": "text/event-stream" });
          response.end(malformedFrame(api).data);
          return;
        }
        response.writeHead(reply.status ?? 200, { "content-type": "application/json" });
        response.end('{"id": "broken", "choices": [');
        return;
      case "hang":
        return;
      case "endless":
        return writeEndlessAnswer({ api, response, what: reply.what, streamed: recorded.summary.stream });
      case "reset":
        // A streamed request gets the start of a first event instead of the start of a JSON body.
        response.writeHead(200, { "content-type": recorded.summary.stream ? "text/event-stream" : "application/json" });
        response.write(recorded.summary.stream ? 'data: {"id": "cut-off"' : '{"id": "cut-off"');
        // Let the headers and the first bytes leave before the connection dies mid-body.
        setImmediate(() => response.socket?.destroy());
        return;
      case "drop":
        response.socket?.destroy();
        return;
      case "delay": {
        const timer = setTimeout(() => {
          timers.delete(timer);
          Promise.resolve(reply.then).then(
            (next) => answer(next, api, recorded, response),
            (error: unknown) => sendJson(response, 500, failureBody(api, error)),
          );
        }, reply.ms);
        timers.add(timer);
        return;
      }
      default: {
        const exhaustive: never = reply;
        throw new Error(`Unknown fake reply: ${JSON.stringify(exhaustive)}`);
      }
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const rawBody = await readBody(request);
    const path = (request.url ?? "/").split("?")[0]!;
    const method = request.method ?? "GET";
    const api = apiForPath(method, path);
    const headers = flatHeaders(request);
    const body = parseJson(rawBody);
    const recorded: FakeRequest = {
      index: requests.length,
      api,
      method,
      path,
      headers,
      apiKey: keyFrom(headers),
      body,
      rawBody,
      receivedAt: Date.now(),
      summary: summarizeRequest(api, body),
    };
    requests.push(recorded);
    response.once("finish", () => {
      recorded.answeredAt = Date.now();
    });

    if (api === "unknown") {
      // OpenAI's own answer to a path it does not know, so a wrong base URL looks as it would there.
      return sendJson(
        response,
        404,
        openaiErrorBody({ status: 404, message: `Invalid URL (${method} ${path})`, code: null }),
      );
    }
    const refused = gatekeeper(recorded, api);
    if (refused) return sendJson(response, refused.status, refused.body);
    answer(await nextReply(api, recorded), api, recorded, response);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const path = request.url ?? "/";
      sendJson(response, 500, failureBody(path.includes("/messages") ? "anthropic" : "openai", error));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    port,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    qwenBaseUrl: `${url}/compatible-mode/v1`,
    requests,
    requestCount: (api) => (api ? requests.filter((request) => request.api === api).length : requests.length),
    lastRequest: (api) => [...requests].reverse().find((request) => !api || request.api === api),
    enqueue: (...replies) => void queues.shared.push(...replies),
    openai: { enqueue: (...replies) => void queues.openai.push(...replies) },
    anthropic: { enqueue: (...replies) => void queues.anthropic.push(...replies) },
    setHandler: (next) => {
      handler = next;
    },
    setValidKeys: (keys) => {
      validKeys = keys ? new Set(keys) : undefined;
    },
    setLacks: (next) => {
      lacks = new Set(next);
    },
    reset: () => {
      requests.length = 0;
      queues.openai.length = 0;
      queues.anthropic.length = 0;
      queues.shared.length = 0;
      handler = options.handler ?? defaultFakeHandler;
      validKeys = options.validKeys ? new Set(options.validKeys) : undefined;
      lacks = new Set(options.lacks ?? []);
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export {
  defaultFakeHandler,
  fakeArguments,
  fakeDecision,
  type FakeHandler,
  fakeLesson,
  sampleFromSchema,
} from "./fake-default-handler";
export { FAKE_SERVER_LACKS, type FakeServerLack } from "./fake-local-server";
export {
  type FakeContentReply,
  type FakeReply,
  fakeReply,
  type FakeStreamFault,
  type FakeStreamOptions,
  type FakeToolCall,
  type FakeUsage,
} from "./fake-replies";
export type { FakeApi, FakeRequest, FakeRequestSummary, FakeStreamRecord } from "./fake-request";
