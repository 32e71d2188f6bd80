// One router on its own, for the route unit tests: a bare Koa app (the error handler, then the router) on 127.0.0.1,
// with RouteSettings whose parts a test replaces. Each test builds its router inside the test itself: the routes'
// rules (which schema, which source, which body limit) are fixed when the router is made, so a router made once for
// a whole file would not show a change to them made for one test, as mutation testing does.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import type Router from "@koa/router";
import Koa from "koa";

import type { RouteSettings, ServerPipeline } from "../../../server/app-dependencies";
import { createConcurrencyLimit } from "../../../server/concurrency-limit";
import { silentLogger } from "../../../server/logger";
import { errorHandler } from "../../../server/middleware/error-handler";
import { redactAnswers } from "../../../server/middleware/redact-answers";
import { createMemorySecretStore } from "../../../server/output-link/installation-secret";
import { createSecretRedactor, type SecretRedactor } from "../../../src/common/secret-redactor";

export function routeSettings(
  pipeline: Partial<ServerPipeline>,
  overrides: Partial<RouteSettings> = {},
): RouteSettings {
  return {
    pipeline: pipeline as ServerPipeline,
    queuedRuns: undefined,
    logger: silentLogger,
    redactor: createSecretRedactor(() => []),
    maxBodyBytes: 64 * 1024,
    maxAnalyzeBodyBytes: 64 * 1024,
    analyses: createConcurrencyLimit(4),
    eventStreams: createConcurrencyLimit(4),
    heartbeatMs: 60_000,
    now: () => new Date(),
    shutdown: new AbortController().signal,
    outputLinkSecret: createMemorySecretStore(),
    allowRuntimeBaseUrl: true,
    ...overrides,
  };
}

export interface ServedRouter {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the router behind the error handler, as the app does (its allowed methods included); with a redactor, the
 * answers pass through it first, as in the app, so what a route marks as the caller's own text shows.
 */
export async function serveRouter(router: Router, options: { redactor?: SecretRedactor } = {}): Promise<ServedRouter> {
  const app = new Koa();
  // As in the app: a client that leaves mid-stream is normal; anything else is printed.
  app.on("error", (error: { code?: unknown }) => {
    if (!["ERR_STREAM_PREMATURE_CLOSE", "EPIPE", "ECONNRESET"].includes(String(error.code))) console.error(error);
  });
  if (options.redactor) app.use(redactAnswers(options.redactor));
  app.use(errorHandler({ logger: silentLogger }));
  app.use(router.routes());
  app.use(router.allowedMethods());
  const handle = app.callback();
  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Builds the router, serves it for the length of `use`, and closes it whatever happens. */
export async function withRouter<T>(
  router: Router,
  use: (served: ServedRouter) => Promise<T>,
  options: { redactor?: SecretRedactor } = {},
): Promise<T> {
  const served = await serveRouter(router, options);
  try {
    return await use(served);
  } finally {
    await served.close();
  }
}
