// What every answer of the server must satisfy, whatever was sent: no 5xx, JSON with an `error` sentence
// for every refusal on /api, the security headers, and nothing that should stay inside the server: no stack trace,
// no file path of the project or of the data directory, no key, no file from outside the page's folder.
import { parseEventStreamText } from "../../support/event-stream-text";
import type { FuzzRequest } from "./fuzz-requests";
import type { RawResult } from "./raw-http";

export interface ResponseCheckContext {
  /** Exact texts that must never appear in an answer (the configured key, the data directory). */
  secrets: readonly string[];
  projectRoot: string;
}

// A 404 may quote the path it was asked for ("/node_modules/koa/package.json"); a stack names a file and a line.
const STACK_PATTERNS: readonly RegExp[] = [
  /\bat [^\n"]*\([^\n"]*:\d+:\d+\)/,
  /node:internal/,
  /\.ts:\d+:\d+/,
  /node_modules\/\S+\.[cm]?js:\d+/,
];
// Contents of files outside server/public: a traversal that worked would show one of these.
const LEAKED_FILE_PATTERNS: readonly RegExp[] = [
  /root:[^:\n]*:0:0:/,
  /"devDependencies"/,
  /^\[core\]/m,
  /\bcreateApp\(/,
];
// RFC 9110 15.6.2: 501 is the answer a server SHOULD give to a method it does not implement; it is not a failure.
const UNIMPLEMENTED_METHODS = new Set(["TRACE", "PROPFIND"]);

function preview(text: string, length = 160): string {
  return JSON.stringify(text.length > length ? `${text.slice(0, length)}...(${text.length} chars)` : text);
}

export function describeRequest(request: FuzzRequest): string {
  const body =
    request.body === undefined
      ? "none"
      : Buffer.isBuffer(request.body)
        ? `bytes ${request.body.subarray(0, 40).toString("hex")}`
        : preview(request.body);
  const headers = request.headers.map(([name, value]) => `${name}: ${preview(value, 60)}`).join("; ");
  return `${request.method} ${preview(request.path, 120)} headers [${headers}] body ${body}`;
}

function isErrorBody(value: unknown): boolean {
  const body = value as { success?: unknown; error?: unknown; code?: unknown } | null;
  return (
    body !== null &&
    typeof body === "object" &&
    body.success === false &&
    typeof body.error === "string" &&
    body.error.length > 0 &&
    typeof body.code === "string"
  );
}

/** The problems with one answer; an empty list means it is fine. */
export function checkResponse(request: FuzzRequest, result: RawResult, context: ResponseCheckContext): string[] {
  if (result.kind === "failure") return [`no answer: ${result.reason}`];
  const problems: string[] = [];
  const { status, headers } = result;
  const text = result.body.toString("utf8");
  const isApi = request.path.startsWith("/api");
  const isStaticFile = !isApi && status === 200;

  if (status >= 500 && !(status === 501 && UNIMPLEMENTED_METHODS.has(request.method)))
    problems.push(`status ${status}`);
  if (headers["x-content-type-options"] !== "nosniff") problems.push("no X-Content-Type-Options: nosniff");
  if (headers["access-control-allow-origin"] !== undefined) problems.push("a CORS header was sent");
  for (const secret of context.secrets)
    if (text.includes(secret)) problems.push(`the answer contains ${preview(secret, 40)}`);
  if (!isStaticFile) {
    for (const pattern of [...STACK_PATTERNS, new RegExp(context.projectRoot.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))]) {
      if (pattern.test(text)) problems.push(`the answer matches ${pattern}`);
    }
  }
  for (const pattern of LEAKED_FILE_PATTERNS)
    if (pattern.test(text)) problems.push(`the answer looks like a file from outside the page's folder (${pattern})`);

  const contentType = String(headers["content-type"] ?? "");
  const hasBody = request.method !== "HEAD" && (text.length > 0 || status >= 400);
  if (hasBody && (isApi || status >= 400)) {
    if (contentType.startsWith("text/event-stream")) {
      if (status !== 200) problems.push(`an event stream with status ${status}`);
      try {
        for (const { event, data } of parseEventStreamText(text)) {
          if (event !== "error") continue;
          if (!isErrorBody(data))
            problems.push(`error event without an error sentence: ${preview(JSON.stringify(data))}`);
          if (((data as { status?: number }).status ?? 0) >= 500)
            problems.push(`error event with status ${(data as { status?: number }).status}`);
        }
      } catch (error) {
        problems.push(`unreadable event stream (${(error as Error).message}): ${preview(text)}`);
      }
    } else if (!contentType.startsWith("application/json")) {
      problems.push(`status ${status} answered as ${JSON.stringify(contentType)}: ${preview(text)}`);
    } else {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        problems.push(`status ${status} body is not JSON: ${preview(text)}`);
      }
      if (status >= 400 && body !== undefined && !isErrorBody(body))
        problems.push(`status ${status} without {success: false, error, code}: ${preview(text)}`);
    }
  }
  if (isApi && headers["cache-control"] !== "no-store")
    problems.push(`Cache-Control ${JSON.stringify(headers["cache-control"])} on /api`);
  return problems;
}
