// One Chromium for the whole test run (a vitest globalSetup of every project that draws charts or drives the page):
// launched once here, in vitest's main process, and announced to the test workers as CHROMIUM_WS_ENDPOINT, which the
// chart renderer connects to instead of launching a browser of its own (each renderer draws in a browser context of
// its own, so tests share the process, never pages or state). Page tests connect to it the same way
// (test/server/browser.ts). Tests about launching, crashing or closing Chromium itself clear the variable and launch
// their own. Several projects name this file: the first one to start launches the browser, the last one to finish
// closes it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import puppeteer, { type Browser } from "puppeteer-core";

import { CHROMIUM_FLAGS, resolveChromiumPath } from "../../../src/charts/chromium-setup";

interface SharedChromium {
  users: number;
  started: Promise<{ browser: Browser; userDataDir: string }>;
}

const KEY = Symbol.for("quantagent.test.shared-chromium");
const holder = globalThis as typeof globalThis & { [KEY]?: SharedChromium };

async function launch(): Promise<{ browser: Browser; userDataDir: string }> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), "test-run-chromium-"));
  const browser = await puppeteer.launch({
    executablePath: resolveChromiumPath(),
    headless: true,
    userDataDir,
    args: [...CHROMIUM_FLAGS],
    // Every worker connects over the DevTools WebSocket, so this browser listens on a loopback port of its own choice.
    pipe: false,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  return { browser, userDataDir };
}

export default async function setup(): Promise<() => Promise<void>> {
  const shared = (holder[KEY] ??= { users: 0, started: launch() });
  shared.users += 1;
  const { browser } = await shared.started;
  process.env.CHROMIUM_WS_ENDPOINT = browser.wsEndpoint();
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete holder[KEY];
    delete process.env.CHROMIUM_WS_ENDPOINT;
    const { browser: started, userDataDir } = await shared.started;
    await started.close().catch(() => undefined);
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };
}
