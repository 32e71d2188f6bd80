// The PNG renderer with a real Chromium (system /usr/bin/chromium or PUPPETEER_EXECUTABLE_PATH): both charts render
// to PNGs of the asked size, concurrently too; a killed browser is relaunched; close() leaves nothing behind.
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import puppeteer, { type Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CHROMIUM_FLAGS, resolveChromiumPath } from "../../src/charts/chromium-setup";
import { buildPatternFigure } from "../../src/charts/pattern-figure";
import {
  type ChartRenderer,
  ChartRendererClosedError,
  ChartRenderError,
  createChartRenderer,
} from "../../src/charts/png-renderer";
import { readPngSize } from "../../src/charts/png-size";
import { buildTrendFigure } from "../../src/charts/trend-figure";
import type { Candle } from "../../src/market/candle";
import { useOwnChromium } from "../support/own-chromium";
import { isProcessAlive, waitFor } from "../support/wait";

// These tests launch, kill and close a Chromium of the renderer's own, or connect to one of their own: not the run's
// shared one, which every other renderer in the suite connects to through CHROMIUM_WS_ENDPOINT
// (test/support/global/shared-chromium.ts).
useOwnChromium();

const candles: Candle[] = Array.from({ length: 45 }, (_, index) => {
  const open = 100 + 5 * Math.sin(index / 4) + index * 0.3;
  const close = open + Math.cos(index) * 1.5;
  return {
    time: Date.UTC(2024, 2, 1) + index * 4 * 3600_000,
    open,
    high: Math.max(open, close) + 0.8,
    low: Math.min(open, close) - 0.8,
    close,
    volume: 1000,
  };
});
const patternFigure = buildPatternFigure(candles, { assetName: "Test", timeframe: "4h" });
const trendFigure = buildTrendFigure(candles, { assetName: "Test", timeframe: "4h" });

describe("chart renderer (real Chromium)", () => {
  let renderer: ChartRenderer;
  beforeAll(() => {
    renderer = createChartRenderer({ maxPages: 2 });
  });
  afterAll(async () => {
    await renderer.close();
  });

  it("launches lazily, on the first render", () => {
    expect(renderer.status().state).toBe("idle");
  });

  it("renders both charts to PNGs of the layout's size", async () => {
    const pattern = await renderer.render(patternFigure);
    const trend = await renderer.render(trendFigure);
    expect(readPngSize(pattern)).toEqual({ width: 1280, height: 640 });
    expect(readPngSize(trend)).toEqual({ width: 1280, height: 640 });
    // A drawn chart, not a blank canvas: candles and lines compress far worse than white.
    expect(trend.length).toBeGreaterThan(10_000);
    expect(renderer.status()).toMatchObject({ state: "running", pageCount: 1 });
  });

  it("renders at the size asked for", async () => {
    const png = await renderer.render(trendFigure, { width: 800, height: 400 });
    expect(readPngSize(png)).toEqual({ width: 800, height: 400 });
  });

  it("serves concurrent renders, growing the page pool no further than maxPages", async () => {
    const figures = Array.from({ length: 8 }, (_, index) => (index % 2 ? trendFigure : patternFigure));
    const pngs = await Promise.all(figures.map((figure) => renderer.render(figure)));
    for (const png of pngs) expect(readPngSize(png)).toEqual({ width: 1280, height: 640 });
    await waitFor(() => renderer.status().pageCount === 2);
    await Promise.all(figures.map((figure) => renderer.render(figure)));
    expect(renderer.status().pageCount).toBe(2);
  });

  it("honours an AbortSignal", async () => {
    await expect(renderer.render(trendFigure, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: "AbortError",
    });
    const controller = new AbortController();
    const pending = renderer.render(trendFigure, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(readPngSize(await renderer.render(patternFigure))).toEqual({ width: 1280, height: 640 });
  });

  it("rejects sizes that are not pixel counts", async () => {
    await expect(renderer.render(trendFigure, { width: 0 })).rejects.toThrow(/width must be an integer/);
  });

  it("relaunches Chromium after it is killed", async () => {
    const before = renderer.status();
    expect(before.browserPid).not.toBeNull();
    process.kill(before.browserPid!, "SIGKILL");
    await waitFor(() => !isProcessAlive(before.browserPid!));

    const png = await renderer.render(trendFigure);
    expect(readPngSize(png)).toEqual({ width: 1280, height: 640 });
    const after = renderer.status();
    expect(after.state).toBe("running");
    expect(after.browserPid).not.toBe(before.browserPid);
    // The dead browser's profile is removed once its process is gone.
    await waitFor(() => !existsSync(before.userDataDir!));
  });

  it("relaunches when the browser dies in the middle of a render burst", async () => {
    const pid = renderer.status().browserPid!;
    const burst = Array.from({ length: 4 }, () => renderer.render(patternFigure).then(readPngSize));
    process.kill(pid, "SIGKILL");
    const results = await Promise.allSettled(burst);
    // Each render either finished before the kill or was retried on a fresh browser.
    for (const result of results) expect(result).toEqual({ status: "fulfilled", value: { width: 1280, height: 640 } });
  });
});

describe("chart renderer lifecycle", () => {
  it("close() ends Chromium and removes its profile; later renders fail clearly", async () => {
    const renderer = createChartRenderer();
    await renderer.render(patternFigure);
    const { browserPid, userDataDir } = renderer.status();
    expect(isProcessAlive(browserPid!)).toBe(true);
    expect(existsSync(userDataDir!)).toBe(true);

    await renderer.close();
    expect(isProcessAlive(browserPid!)).toBe(false);
    expect(existsSync(userDataDir!)).toBe(false);
    expect(renderer.status().state).toBe("closed");
    await expect(renderer.render(patternFigure)).rejects.toBeInstanceOf(ChartRendererClosedError);
    await renderer.close(); // a second close is harmless
  });

  it("start() launches Chromium before any render, and the first render uses its warm page", async () => {
    const renderer = createChartRenderer();
    try {
      expect(renderer.status().state).toBe("idle");
      await renderer.start();
      const started = renderer.status();
      expect(started).toMatchObject({ state: "running", pageCount: 1 });
      expect(isProcessAlive(started.browserPid!)).toBe(true);
      await renderer.start(); // a second start is the same browser
      expect(readPngSize(await renderer.render(patternFigure))).toEqual({ width: 1280, height: 640 });
      expect(renderer.status()).toMatchObject({ state: "running", browserPid: started.browserPid, pageCount: 1 });
    } finally {
      await renderer.close();
    }
    await expect(renderer.start()).rejects.toBeInstanceOf(ChartRendererClosedError);
  });

  it("a start() that fails is tried again by the next render, which reports the same error", async () => {
    const renderer = createChartRenderer({ executablePath: "/nonexistent/chromium" });
    try {
      const failed = await renderer.start().catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(ChartRenderError);
      expect((failed as ChartRenderError).reason).toBe("launch");
      expect(renderer.status().state).toBe("idle");
      await expect(renderer.render(patternFigure)).rejects.toThrow((failed as Error).message);
    } finally {
      await renderer.close();
    }
  });

  it("close() during the launch still ends the browser", async () => {
    const renderer = createChartRenderer();
    const outcome = renderer.render(patternFigure).then(
      () => "rendered",
      (error: unknown) => error,
    );
    await renderer.close();
    expect(await outcome).toBeInstanceOf(ChartRendererClosedError);
    expect(renderer.status().browserPid).toBeNull();
  });

  it("close() during a launch that hangs stops it instead of waiting for it", async () => {
    // A "Chromium" that starts and never answers: puppeteer would wait for it for as long as its launch allows.
    const folder = await mkdtemp(path.join(tmpdir(), "hanging-chromium-"));
    const executable = path.join(folder, "chromium");
    const pidFile = path.join(folder, "pid");
    await writeFile(executable, `#!/bin/sh\necho $$ > "${pidFile}"\nexec sleep 600\n`, { mode: 0o755 });
    const renderer = createChartRenderer({ executablePath: executable });
    let pid = 0;
    try {
      const launch = renderer.start().catch((error: unknown) => error);
      await waitFor(() => existsSync(pidFile), 20_000, "the hanging Chromium's start");
      pid = Number(readFileSync(pidFile, "utf8"));
      expect(isProcessAlive(pid)).toBe(true);
      let timer: NodeJS.Timeout | undefined;
      const waitedOut = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve("close() was still waiting for the launch after 15 s"), 15_000);
      });
      expect(await Promise.race([renderer.close().then(() => "closed"), waitedOut])).toBe("closed");
      clearTimeout(timer);
      expect(await launch).toBeInstanceOf(Error);
      await waitFor(() => !isProcessAlive(pid), 10_000, "the hanging Chromium's end");
    } finally {
      if (pid > 0 && isProcessAlive(pid)) process.kill(pid, "SIGKILL");
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it("times out with a clear error", async () => {
    const renderer = createChartRenderer({ renderTimeoutMs: 1 });
    try {
      await expect(renderer.render(patternFigure)).rejects.toThrow(ChartRenderError);
      await expect(renderer.render(patternFigure)).rejects.toThrow("Chart rendering timed out after 1 ms");
    } finally {
      await renderer.close();
    }
  });

  it("reports a missing Chromium binary clearly", async () => {
    const renderer = createChartRenderer({ executablePath: "/nonexistent/chromium" });
    try {
      await expect(renderer.render(patternFigure)).rejects.toThrow(
        /Could not start Chromium \(\/nonexistent\/chromium\)/,
      );
    } finally {
      await renderer.close();
    }
  });
});

describe("chart renderer connected to a running Chromium (browserWSEndpoint, CHROMIUM_WS_ENDPOINT)", () => {
  // A running browser of this describe's own, not the run's shared one: the tests count its pages, and in the shared
  // browser the other test files open and close pages of their own meanwhile.
  let running: Browser | undefined;
  let userDataDir: string | undefined;
  let endpoint = "";
  beforeAll(async () => {
    userDataDir = await mkdtemp(path.join(tmpdir(), "running-chromium-"));
    running = await puppeteer.launch({
      executablePath: resolveChromiumPath(),
      headless: true,
      userDataDir,
      args: [...CHROMIUM_FLAGS],
      pipe: false,
    });
    endpoint = running.wsEndpoint();
  });
  afterAll(async () => {
    await running?.close();
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  });

  /** The pages open in the shared browser now, over a connection of the test's own. */
  async function openPageCount(): Promise<number> {
    const browser = await puppeteer.connect({ browserWSEndpoint: endpoint });
    try {
      const contexts = browser.browserContexts();
      return (await Promise.all(contexts.map((context) => context.pages()))).flat().length;
    } finally {
      await browser.disconnect();
    }
  }

  it("draws in the running browser without launching one, and close() leaves the browser running", async () => {
    const before = await openPageCount();
    const renderer = createChartRenderer({ browserWSEndpoint: endpoint });
    try {
      expect(readPngSize(await renderer.render(trendFigure))).toEqual({ width: 1280, height: 640 });
      expect(renderer.status()).toMatchObject({ state: "running", browserPid: null, userDataDir: null, pageCount: 1 });
      expect(await openPageCount()).toBe(before + 1);
    } finally {
      await renderer.close();
    }
    // Its pages went with its context; the browser still answers another renderer.
    expect(await openPageCount()).toBe(before);
    const next = createChartRenderer({ browserWSEndpoint: endpoint });
    try {
      expect(readPngSize(await next.render(patternFigure, { width: 400, height: 300 }))).toEqual({
        width: 400,
        height: 300,
      });
    } finally {
      await next.close();
    }
    await expect(next.render(patternFigure)).rejects.toThrow(ChartRendererClosedError);
  });

  it("takes the address from CHROMIUM_WS_ENDPOINT, unless an executable path is given", async () => {
    process.env.CHROMIUM_WS_ENDPOINT = ` ${endpoint} `;
    try {
      const connected = createChartRenderer();
      const launched = createChartRenderer({ executablePath: "/nonexistent/chromium" });
      try {
        await connected.render(trendFigure);
        expect(connected.status()).toMatchObject({ state: "running", browserPid: null });
        await expect(launched.render(trendFigure)).rejects.toThrow(/Could not start Chromium \(\/nonexistent/);
      } finally {
        await Promise.all([connected.close(), launched.close()]);
      }
    } finally {
      delete process.env.CHROMIUM_WS_ENDPOINT;
    }
  });

  it("names the address it could not reach (without its query) as a launch error, and tries again on the next render", async () => {
    const port = await closedPort();
    const renderer = createChartRenderer({
      browserWSEndpoint: `ws://127.0.0.1:${port}/devtools/browser/x?token=s3cret`,
    });
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const failure = await renderer.render(trendFigure).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(ChartRenderError);
        expect((failure as ChartRenderError).reason).toBe("launch");
        expect((failure as Error).message).toContain(
          `Could not connect to Chromium at ws://127.0.0.1:${port}/devtools/browser/x:`,
        );
        expect((failure as Error).message).not.toContain("s3cret");
      }
    } finally {
      await renderer.close();
    }
  });

  it("refuses an address that is not ws:// or wss://", () => {
    expect(() => createChartRenderer({ browserWSEndpoint: "http://127.0.0.1:9222" })).toThrow(/ws:\/\/ or wss:\/\//);
  });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
