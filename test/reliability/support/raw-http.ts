// One HTTP request with nothing normalised: any method, path and query as given, repeated headers (two
// Content-Type lines), any Host, any body bytes. fetch() would refuse or rewrite most of these, and fuzz tests need
// them exactly as sent. Every request has a deadline, so a server that never answers fails the test instead of
// hanging it.
import { Agent, type IncomingHttpHeaders, request as httpRequest } from "node:http";

export interface RawRequest {
  method: string;
  /** Path and query exactly as they go on the request line. */
  path: string;
  /** Header lines in order; a name may repeat. */
  headers: readonly (readonly [string, string])[];
  body?: string | Buffer;
}

export type RawResult =
  | { kind: "response"; status: number; headers: IncomingHttpHeaders; body: Buffer; truncated: boolean }
  | { kind: "failure"; reason: string };

export interface RawRequestOptions {
  host?: string;
  port: number;
  agent?: Agent;
  timeoutMs?: number;
  /** Bytes of the body kept; the rest is read and dropped (Plotly's bundle is 4 MB). */
  maxBodyBytes?: number;
}

export function sendRawRequest(request: RawRequest, options: RawRequestOptions): Promise<RawResult> {
  const maxBodyBytes = options.maxBodyBytes ?? 2 * 1024 * 1024;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: RawResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    // The raw-array form keeps repeated names as separate lines, in order; Node then adds neither Host nor
    // Content-Length, so they are added here (chunked bodies, marked by their header, need no length).
    const has = (name: string) => request.headers.some(([given]) => given.toLowerCase() === name);
    const body =
      request.body === undefined
        ? undefined
        : Buffer.isBuffer(request.body)
          ? request.body
          : Buffer.from(request.body, "utf8");
    const lines: (readonly [string, string])[] = [...request.headers];
    if (!has("host")) lines.unshift(["Host", `${options.host ?? "127.0.0.1"}:${options.port}`]);
    if (body !== undefined && !has("transfer-encoding")) lines.push(["Content-Length", String(body.length)]);
    const flatHeaders = lines.flatMap(([name, value]) => [name, value]);
    const outgoing = httpRequest(
      {
        host: options.host ?? "127.0.0.1",
        port: options.port,
        method: request.method,
        path: request.path,
        headers: flatHeaders,
        agent: options.agent,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        let truncated = false;
        incoming.on("data", (chunk: Buffer) => {
          if (kept + chunk.length > maxBodyBytes) {
            truncated = true;
            return;
          }
          kept += chunk.length;
          chunks.push(chunk);
        });
        incoming.on("end", () =>
          finish({
            kind: "response",
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks),
            truncated,
          }),
        );
        incoming.on("error", (error) => finish({ kind: "failure", reason: `response failed: ${error.message}` }));
        incoming.on("aborted", () => finish({ kind: "failure", reason: "response aborted" }));
      },
    );
    const deadline = setTimeout(() => {
      finish({ kind: "failure", reason: `no complete answer within ${options.timeoutMs ?? 15_000} ms` });
      outgoing.destroy();
    }, options.timeoutMs ?? 15_000);
    // A server that answers (413, 415) before reading a large body may close while it is still being written;
    // the answer is what counts, so a write error only fails a request that got no answer at all.
    outgoing.on("error", (error) => {
      setTimeout(() => finish({ kind: "failure", reason: `request failed: ${error.message}` }), 50);
    });
    outgoing.end(body);
  });
}
