// For files that launch, kill or close a Chromium of their own: the run's shared one (CHROMIUM_WS_ENDPOINT, from
// test/support/global/shared-chromium.ts) is out of reach while they run, and back for the files that follow them in
// the same worker, which shares its environment between files (vitest.config.mts: the unit project's isolate: false).
import { afterAll, beforeAll } from "vitest";

/** Registers the hooks; call it before any hook that makes a renderer. */
export function useOwnChromium(): void {
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.CHROMIUM_WS_ENDPOINT;
    delete process.env.CHROMIUM_WS_ENDPOINT;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.CHROMIUM_WS_ENDPOINT;
    else process.env.CHROMIUM_WS_ENDPOINT = saved;
  });
}
