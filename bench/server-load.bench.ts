// Server load benchmark (issue: Koa server): requests per second and p99 latency of GET /api/get-api-key-status and
// GET /api/assets under autocannon on loopback, bounded in time. The server runs in a child process and the load
// generator in this one, so each gets one of the machine's cores (as a real client and server would); the app is the
// real createApp() with the real pipeline, a key set (so masking runs) and two custom symbols (so the asset file is
// read on every request). Logging is off: a load test measures the server, not the terminal.
//
// Run: npm run bench:server [-- --duration 10 --connections 50]
// Figures go to stdout; bench/README.md ("Server load") records a run. Target: >= 5,000 req/s for the key status.
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { z } from "zod";

import { createApp } from "../server/app";
import { silentLogger } from "../server/logger";
import { createPipeline } from "../src/index";
import { numberArgument } from "./support/arguments";

const durationSeconds = numberArgument("duration", 10);
const connections = numberArgument("connections", 50);
const ENDPOINTS = ["/api/get-api-key-status?provider=openai", "/api/assets"];

// autocannon ships no types: the part of its result this benchmark reads, checked at the boundary.
const histogramSchema = z.object({ average: z.number(), p50: z.number(), p99: z.number() });
const autocannonResultSchema = z.object({
  requests: histogramSchema.extend({ total: z.number() }),
  latency: histogramSchema,
  errors: z.number(),
  timeouts: z.number(),
  non2xx: z.number(),
  duration: z.number(),
});
type AutocannonResult = z.infer<typeof autocannonResultSchema>;
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  pipelining: number;
}) => Promise<unknown>;

async function serve(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "server-load-bench-"));
  const pipeline = createPipeline({ data_dir: dataDir }, { env: {} });
  pipeline.updateApiKey("sk-bench-0123456789abcdef", { provider: "openai" });
  await pipeline.saveCustomAsset("ETH-USD");
  await pipeline.saveCustomAsset("^FTSE");
  const handle = createApp({ pipeline, logger: silentLogger }).callback();
  const server = createServer((request, response) => void handle(request, response));
  server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.address() as AddressInfo).port }));
  process.on("disconnect", () => {
    server.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

function startServerProcess(): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(__filename, ["--serve"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("message", (message) => resolve({ child, port: (message as { port: number }).port }));
    child.once("exit", (code) => reject(new Error(`the server process exited with code ${code}`)));
  });
}

async function measure(url: string, seconds: number): Promise<AutocannonResult> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- autocannon ships no types; its shape is declared above
  const autocannon = require("autocannon") as Autocannon;
  return autocannonResultSchema.parse(await autocannon({ url, connections, duration: seconds, pipelining: 1 }));
}

async function main(): Promise<void> {
  const { child, port } = await startServerProcess();
  console.log(
    `server-load: ${connections} connections, ${durationSeconds} s per endpoint, after 2 s of warm-up; node ${process.version}`,
  );
  console.log("| endpoint | requests/s (mean) | latency p50 | latency p99 | requests | errors / non-2xx |");
  console.log("|---|---|---|---|---|---|");
  try {
    for (const endpoint of ENDPOINTS) {
      const url = `http://127.0.0.1:${port}${endpoint}`;
      await measure(url, 2); // JIT and connection warm-up, not reported
      const result = await measure(url, durationSeconds);
      console.log(
        `| GET ${endpoint} | ${Math.round(result.requests.average).toLocaleString("en-US")} | ${result.latency.p50} ms | ` +
          `${result.latency.p99} ms | ${result.requests.total.toLocaleString("en-US")} | ${result.errors + result.timeouts} / ${result.non2xx} |`,
      );
    }
  } finally {
    child.disconnect();
  }
}

if (process.argv.includes("--serve")) {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
