// Counts the HTTP requests a server is still working on (received, response not yet closed), so a test can show
// that nothing was left hanging: a request that ended for the client but not for the server would stay counted.
import type { Server } from "node:http";

export interface OpenRequestCounter {
  /** Requests received whose response has not closed yet. */
  open(): number;
  /** Resolves once no request is open, or rejects after `timeoutMs`. */
  settled(timeoutMs: number): Promise<void>;
}

export function countOpenRequests(server: Server): OpenRequestCounter {
  let open = 0;
  server.on("request", (_request, response) => {
    open++;
    response.once("close", () => open--);
  });
  return {
    open: () => open,
    async settled(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (open > 0) {
        if (Date.now() > deadline) throw new Error(`${open} request(s) still open after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
