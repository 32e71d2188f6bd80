// Where the renderer's Chromium comes from and how it is started, kept apart from the puppeteer calls so it can be
// read (and tested) without a browser. The library depends on puppeteer-core, which never downloads a browser: an
// installed Chromium is used (Debian's `chromium` package, or PUPPETEER_EXECUTABLE_PATH).
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { processExists } from "../common/process-exists";
import { InternalError } from "../common/quantagent-error";

/** Flags that work in containers and CI: no sandbox, no GPU, and no background traffic of any kind. */
export const CHROMIUM_FLAGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const SYSTEM_CHROMIUM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/**
 * The first of: the explicit option, PUPPETEER_EXECUTABLE_PATH, puppeteer's own configured path (passed in by the
 * caller because only png-renderer.ts talks to puppeteer), a system Chromium.
 */
export function resolveChromiumPath(explicitPath?: string, puppeteerConfiguredPath?: () => string): string {
  if (explicitPath) return explicitPath;
  const fromEnvironment = process.env.PUPPETEER_EXECUTABLE_PATH;
  if (fromEnvironment) return fromEnvironment;
  try {
    const configured = puppeteerConfiguredPath?.();
    if (configured && existsSync(configured)) return configured;
  } catch {
    // No configured browser: fall through to the system paths.
  }
  const systemPath = SYSTEM_CHROMIUM_PATHS.find((candidate) => existsSync(candidate));
  if (systemPath) return systemPath;
  throw new InternalError({
    message:
      "No Chromium found for chart rendering. Install it (Debian: apt-get install -y --no-install-recommends chromium) " +
      "or set PUPPETEER_EXECUTABLE_PATH.",
  });
}

const PROFILE_PREFIX = "chart-renderer-chromium-";
let staleProfilesSwept = false;

/**
 * A fresh profile per launch, so runs never share state; close() removes it. The name carries this process's pid
 * so that profiles left by a process that was killed before it could close (SIGKILL, OOM) are removed by the next
 * process that renders, once, instead of piling up in /tmp on a server that restarts.
 */
export function createUserDataDir(): string {
  if (!staleProfilesSwept) {
    staleProfilesSwept = true;
    void removeStaleProfiles();
  }
  return mkdtempSync(path.join(tmpdir(), `${PROFILE_PREFIX}${process.pid}-`));
}

export async function removeStaleProfiles(): Promise<void> {
  let entries: string[] = [];
  try {
    entries = readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const entry of entries) {
    const owner = entry.startsWith(PROFILE_PREFIX) ? Number(entry.slice(PROFILE_PREFIX.length).split("-")[0]) : NaN;
    // Only profiles whose owner is gone: a live pid (ours, another renderer's, or a reused one) is left alone.
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && !processExists(owner)) {
      await removeUserDataDir(path.join(tmpdir(), entry));
    }
  }
}

/** Never throws: a profile that cannot be removed must not turn a finished render or a close into a failure. */
export async function removeUserDataDir(directory: string): Promise<void> {
  // Call it once Chromium has exited; the retries cover files a dying Chromium is still flushing.
  await rm(directory, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => undefined);
}

/** Runs in the page: one call per chart; Plotly draws each figure object into its own detached div. */
export const IN_PAGE_RENDER_SCRIPT = `
window.renderChartToPngBase64 = async function (figure, width, height) {
  const dataUrl = await window.Plotly.toImage(figure, { format: "png", width: width, height: height, scale: 1 });
  return dataUrl.slice(dataUrl.indexOf(",") + 1);
};
`;
