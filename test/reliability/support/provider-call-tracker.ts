// A pass-through HTTP proxy between the server under test and the fake provider that counts the provider calls
// still open. The fake cannot say whether a hanging call was abandoned by its client; the proxy can: when the
// server's SDK gives up (a timeout, an aborted analysis) its connection closes, the proxy drops the call upstream
// too, and the count falls back to zero. A call nobody cancelled would stay counted.
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface ProviderCallTracker {
  /** "http://127.0.0.1:<port>": use `${url}/v1` as the OpenAI base URL. */
  readonly url: string;
  /** Calls received whose answer to the caller has not closed yet. */
  inFlight(): number;
  /** Resolves once no call is open, or rejects after `timeoutMs` naming how many are left. */
  settled(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export async function startProviderCallTracker(targetUrl: string): Promise<ProviderCallTracker> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let open = 0;
  const server = createServer((incoming, outgoing) => {
    open++;
    outgoing.once("close", () => open--);
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        // The fake cut its answer off (a reset): cut ours off the same way, so the caller sees what it would have.
        answer.once("aborted", () => outgoing.destroy());
        answer.once("error", () => outgoing.destroy());
      },
    );
    upstream.once("error", () => outgoing.destroy());
    // The caller gave up (timeout, abort): the upstream call ends with it, as it would have without the proxy.
    outgoing.once("close", () => upstream.destroy());
    incoming.pipe(upstream);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    inFlight: () => open,
    async settled(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (open > 0) {
        if (Date.now() > deadline) throw new Error(`${open} provider call(s) still open after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
