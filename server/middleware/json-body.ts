// Reads a JSON request body with a size limit, for POST routes: Content-Type must be application/json (415
// otherwise: this is also half of the cross-site protection, since a cross-site form cannot send JSON without a
// CORS preflight, which this server never approves), the body must fit the limit (413), and parse (400).
// Its shape is bounded while it arrives (json-shape-limit.ts): nothing is parsed that nests or counts past what the
// route needs. The parsed value is left in context.state.jsonBody for the validation middleware. No answer repeats
// any of the body or the headers: a parser's message quotes the text around the error, which is the caller's.
import type { Context, Middleware } from "koa";

import { HttpProblem } from "../http-problem";
import { createJsonShapeScanner, type JsonShapeLimits } from "../json-shape-limit";

export interface JsonBodyOptions {
  /** Largest accepted body in bytes. */
  limitBytes: number;
  /** Deepest nesting and most items; default DEFAULT_BODY_SHAPE, enough for every small form of this API. */
  shape?: JsonShapeLimits;
}

export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/** The small bodies (a key, a provider, a symbol, a date range): a flat object of a few fields. */
export const DEFAULT_BODY_SHAPE: JsonShapeLimits = { maxDepth: 4, maxItems: 64 };

export function jsonBody(options: JsonBodyOptions): Middleware {
  return async (context, next) => {
    context.state.jsonBody = await readJsonBody(context, options);
    await next();
  };
}

export async function readJsonBody(context: Context, options: JsonBodyOptions): Promise<unknown> {
  if (!context.is("application/json")) {
    throw new HttpProblem(
      415,
      "unsupported_media_type",
      "Send the request body as JSON, with the header Content-Type: application/json.",
    );
  }
  const declared = Number(context.get("Content-Length"));
  if (Number.isFinite(declared) && declared > options.limitBytes) throw tooLarge(options.limitBytes);
  const text = await readText(context, options.limitBytes, options.shape ?? DEFAULT_BODY_SHAPE);
  if (text.trim() === "") throw new HttpProblem(400, "bad_json", "The request body is empty: send a JSON object.");
  try {
    // A "__proto__" key would become the prototype of the parsed object once copied by a schema: drop it.
    return JSON.parse(text, (key, value: unknown) => (key === "__proto__" ? undefined : value)) as unknown;
  } catch {
    throw new HttpProblem(400, "bad_json", "The request body is not valid JSON: send one JSON object.");
  }
}

function tooLarge(limitBytes: number, why = `it is larger than ${formatBytes(limitBytes)}`): HttpProblem {
  // Closing the connection stops a client that keeps streaming an oversized body.
  return new HttpProblem(413, "payload_too_large", `The request body is refused: ${why}.`, {
    Connection: "close",
  });
}

function readText(context: Context, limitBytes: number, shape: JsonShapeLimits): Promise<string> {
  const request = context.req;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const scanner = createJsonShapeScanner(shape);
    let received = 0;
    const cleanup = () => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", onError);
      request.off("aborted", onAborted);
    };
    const refuse = (problem: HttpProblem) => {
      cleanup();
      chunks.length = 0;
      // Keep reading (and discarding) until the 413 is sent and the connection closes, so the client, which may
      // still be writing, reads the answer instead of a reset.
      request.resume();
      reject(problem);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) return refuse(tooLarge(limitBytes));
      const shapeProblem = scanner.feed(chunk);
      if (shapeProblem !== undefined) return refuse(tooLarge(limitBytes, shapeProblem));
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      try {
        resolve(new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)));
      } catch {
        reject(new HttpProblem(400, "bad_json", "The request body is not valid UTF-8 text."));
      }
    };
    const onError = () => {
      cleanup();
      reject(new HttpProblem(400, "bad_json", "The request body could not be read: the connection failed."));
    };
    const onAborted = () => onError();
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("error", onError);
    request.on("aborted", onAborted);
  });
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
