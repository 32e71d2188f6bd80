// Starts the Koa app on 127.0.0.1 with a random port for HTTP and browser tests: a fresh data directory, a pipeline
// that sees no environment keys (env: {}), and a logger whose lines the test can read.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { accessTokenProblem } from "../../server/access-token-quality";
import { type AppDependencies, createApp } from "../../server/app";
import { createServerRedactor } from "../../server/app";
import type { ServerPipeline } from "../../server/app-dependencies";
import { createLogger } from "../../server/logger";
import { type ChartRenderer, type ConfigInput, createPipeline, type Pipeline } from "../../src/index";

export const TEST_KEY = "sk-test.SECRET-0123456789abcdef";

export interface TestServerOptions {
  /** Reuse a data directory (a "restart"); default a fresh temp folder, removed on close. */
  dataDir?: string;
  config?: ConfigInput;
  env?: Record<string, string | undefined>;
  renderer?: ChartRenderer;
  fetch?: typeof fetch;
  /** Replaces the real pipeline (to make it fail in ways no input can). */
  pipeline?: ServerPipeline;
  app?: Omit<AppDependencies, "pipeline" | "logger">;
}

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  pipeline: Pipeline;
  logs: string[];
  server: Server;
  close(): Promise<void>;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  // A test's token is one the server would start with: no test leans on a token the entry refuses.
  const tokenProblem = options.app?.accessToken === undefined ? undefined : accessTokenProblem(options.app.accessToken);
  if (tokenProblem) throw new Error(`The test's access token ${tokenProblem}`);
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "server-test-data-"));
  const pipeline = createPipeline(
    { data_dir: dataDir, max_retries: 0, ...options.config },
    { env: options.env ?? {}, renderer: options.renderer, fetch: options.fetch },
  );
  const logs: string[] = [];
  const served = options.pipeline ?? pipeline;
  const logger = createLogger({
    level: "debug",
    redact: createServerRedactor(served, options.app?.accessToken).redact,
    write: (line) => logs.push(line.trimEnd()),
  });
  const app = createApp({ ...options.app, pipeline: served, logger });
  const handle = app.callback();
  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    pipeline,
    logs,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pipeline.close();
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface JsonAnswer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

async function answer<T>(response: Response): Promise<JsonAnswer<T>> {
  const text = await response.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body, text };
}

export async function getJson<T = any>(
  server: { url: string },
  urlPath: string,
  headers: Record<string, string> = {},
): Promise<JsonAnswer<T>> {
  return answer(await fetch(server.url + urlPath, { headers }));
}

export async function deleteJson<T = any>(
  server: { url: string },
  urlPath: string,
  headers: Record<string, string> = {},
): Promise<JsonAnswer<T>> {
  return answer(await fetch(server.url + urlPath, { method: "DELETE", headers }));
}

/** POSTs a value as JSON (or a raw string as is) with Content-Type application/json unless headers say otherwise. */
export async function postJson<T = any>(
  server: { url: string },
  urlPath: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer<T>> {
  const response = await fetch(server.url + urlPath, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return answer(response);
}

/** Every error body has this shape: success false, a plain sentence, a code; never a stack trace. */
export function expectPlainError(body: any): void {
  if (
    body?.success !== false ||
    typeof body.error !== "string" ||
    body.error.length === 0 ||
    typeof body.code !== "string"
  ) {
    throw new Error(`not an error body: ${JSON.stringify(body)}`);
  }
  if (/\n\s+at\s|node_modules|\.ts:\d+/.test(JSON.stringify(body)))
    throw new Error(`error body leaks a stack: ${JSON.stringify(body)}`);
}
