// Chromium launched with the server: a launch that fails is a warning in the log, but a launch cut short because the
// server is being stopped (Ctrl-C right after start) is no failure and says nothing.
import { describe, expect, it } from "vitest";

import { startChromiumInBackground } from "../../server/chromium-at-start";
import { createLogger } from "../../server/logger";
import type { Pipeline } from "../../src/index";

function failingPipeline(): Pipeline {
  const renderer = { start: () => Promise.reject(new Error("Protocol error (Runtime.callFunctionOn): Target closed")) };
  return { renderer: () => renderer } as unknown as Pipeline;
}

function recordingLogger() {
  const lines: { level: string; message: string }[] = [];
  const logger = createLogger({ level: "debug", write: (line) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe("Chromium at the server's start", () => {
  it("warns when the launch fails while the server runs", async () => {
    const { logger, lines } = recordingLogger();
    await startChromiumInBackground(failingPipeline(), logger, new AbortController().signal);
    expect(lines).toEqual([
      expect.objectContaining({
        level: "warn",
        message: "Chromium could not be started for charts; analyses will report it until it is fixed",
      }),
    ]);
  });

  it("says nothing when the launch failed because the server is stopping", async () => {
    const { logger, lines } = recordingLogger();
    const stopping = new AbortController();
    stopping.abort(new Error("SIGINT"));
    await startChromiumInBackground(failingPipeline(), logger, stopping.signal);
    expect(lines).toEqual([]);
  });
});
