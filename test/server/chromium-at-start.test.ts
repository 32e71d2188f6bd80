// Chromium starts with the server, in the background (server/chromium-at-start.ts): the real entry point is run as a
// process, as `npm start` runs it. A Chromium that cannot start is logged, the server answers anyway, and the first
// analysis reports the launch failure, having sent no call that carries a chart.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { type ServerProcess, startServerProcess } from "../reliability/support/server-process";
import { waitFor } from "../support/wait";
import { benchmarkCsv } from "./analysis-fixtures";
import { TEST_KEY } from "./test-server";

let dataDir: string;
let fake: FakeProviderServer;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "chromium-at-start-"));
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await fake?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ dataDir, env, startTimeoutMs: 60_000 });
  servers.push(server);
  return server;
}

describe("Chromium at start", () => {
  it("is launched when the server starts, before any analysis asks for it", async () => {
    const server = await start({});
    await waitFor(() => server.output().includes("Chromium is ready for charts"), 60_000, "Chromium's launch");
    expect(server.output()).not.toContain("could not be started");
  }, 90_000);

  it("that cannot start is logged, the server answers, and the first analysis reports it", async () => {
    const server = await start({
      PUPPETEER_EXECUTABLE_PATH: "/nonexistent/chromium",
      OPENAI_API_KEY: TEST_KEY,
      OPENAI_BASE_URL: fake.openaiBaseUrl,
    });
    await waitFor(
      () => server.output().includes("Chromium could not be started"),
      60_000,
      "the log line of the failed launch",
    );
    expect(server.output()).toMatch(/Could not start Chromium \(\/nonexistent\/chromium\)/);
    expect((await fetch(`${server.url}/api/timeframe-limits`)).status).toBe(200);

    const response = await fetch(`${server.url}/api/analyze`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ csv: benchmarkCsv(), timeframe: "4h" }),
    });
    const body = (await response.json()) as { code: string; error: string };
    expect(response.status).toBe(500);
    expect(body.code).toBe("chart_launch");
    expect(body.error).toMatch(
      /^Could not start Chromium \(\/nonexistent\/chromium\).*Check that Chromium is installed/s,
    );
    expect(fake.requests.some((request) => request.summary.imageCount > 0 || request.summary.wantsJson)).toBe(false);
  }, 90_000);
});
