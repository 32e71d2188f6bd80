// Reads a JSON request body with a size limit, for POST routes: Content-Type must be application/json (415
// otherwise: this is also half of the cross-site protection, since a cross-site form cannot send JSON without a
// CORS preflight, which this server never approves), the body must fit the limit (413), and parse (400).
// The parsed value is left in context.state.jsonBody for the validation middleware.
import type { Context, Middleware } from "koa";

import { HttpProblem } from "../http-problem";

export interface JsonBodyOptions {
  /** Largest accepted body in bytes. */
  limitBytes: number;
}

export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

export function jsonBody(options: JsonBodyOptions): Middleware {
  return async (context, next) => {
    context.state.jsonBody = await readJsonBody(context, options);
    await next();
  };
}

export async function readJsonBody(context: Context, options: JsonBodyOptions): Promise<unknown> {
  if (!context.is("application/json")) {
    const given = context.get("Content-Type") || "none";
    throw new HttpProblem(
      415,
      "unsupported_media_type",
      `Send the request body as JSON with Content-Type: application/json (got ${given}).`,
    );
  }
  const declared = Number(context.get("Content-Length"));
  if (Number.isFinite(declared) && declared > options.limitBytes) throw tooLarge(options.limitBytes);
  const text = await readText(context, options.limitBytes);
  if (text.trim() === "") throw new HttpProblem(400, "bad_json", "The request body is empty: send a JSON object.");
  try {
    // A "__proto__" key would become the prototype of the parsed object once copied by a schema: drop it.
    return JSON.parse(text, (key, value: unknown) => (key === "__proto__" ? undefined : value)) as unknown;
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : "unreadable";
    throw new HttpProblem(400, "bad_json", `The request body is not valid JSON (${reason}).`);
  }
}

function tooLarge(limitBytes: number): HttpProblem {
  // Closing the connection stops a client that keeps streaming an oversized body.
  return new HttpProblem(413, "payload_too_large", `The request body is larger than ${formatBytes(limitBytes)}.`, {
    Connection: "close",
  });
}

function readText(context: Context, limitBytes: number): Promise<string> {
  const request = context.req;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const cleanup = () => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", onError);
      request.off("aborted", onAborted);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) {
        cleanup();
        // Keep reading (and discarding) until the 413 is sent and the connection closes, so the client, which may
        // still be writing, reads the answer instead of a reset.
        request.resume();
        reject(tooLarge(limitBytes));
        return;
      }
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
    const onError = (error: Error) => {
      cleanup();
      reject(new HttpProblem(400, "bad_json", `The request body could not be read (${error.message}).`));
    };
    const onAborted = () => onError(new Error("the client closed the connection"));
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
