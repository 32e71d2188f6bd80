// A bare Koa app on 127.0.0.1 for the middleware tests: the `outer` middleware if any (the answer's redaction sits
// outside the error handler, as in server/app.ts), the error handler (so refusals answer as JSON), then the middleware
// under test and the test's handler; and one GET or POST that resolves with the status, headers and text.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import Koa from "koa";

import { silentLogger } from "../../../server/logger";
import { errorHandler } from "../../../server/middleware/error-handler";

export interface BareApp {
  port: number;
  close(): Promise<void>;
}

export async function startBareApp(
  middleware: readonly Koa.Middleware[],
  options: { outer?: readonly Koa.Middleware[] } = {},
): Promise<BareApp> {
  const app = new Koa();
  app.silent = true;
  for (const one of options.outer ?? []) app.use(one);
  app.use(errorHandler({ logger: silentLogger }));
  for (const one of middleware) app.use(one);
  const handle = app.callback();
  const server: Server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Node's client keeps idle connections open; closing them ends the server at once.
        server.closeIdleConnections();
      }),
  };
}

export interface BareAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export function sendRequest(
  port: number,
  options: { path?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<BareAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: "127.0.0.1", port, path: options.path ?? "/", method: options.method ?? "GET", headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}
