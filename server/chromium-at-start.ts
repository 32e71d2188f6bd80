// Chromium is launched when the server starts, in the background, so that the first analysis's charts do not wait
// for the launch and Plotly's load (a second or two, several on a busy machine). The server answers meanwhile. A
// launch that fails is logged and the server runs on: the first analysis tries again and, if Chromium still cannot
// start, fails with the same error an analysis reports without this (code chart_launch, saying what to install).
import { describeError } from "../src/common/index";
import { ChartRendererClosedError } from "../src/errors";
import type { Pipeline } from "../src/index";
import type { Logger } from "./logger";

/**
 * Never rejects: the outcome is a log line. Resolves once Chromium is ready, or once its launch has failed. `stopping`
 * is the server's shutdown: a launch cut short by it is no failure, and says nothing.
 */
export async function startChromiumInBackground(
  pipeline: Pipeline,
  logger: Logger,
  stopping?: AbortSignal,
): Promise<void> {
  const started = performance.now();
  try {
    await pipeline.renderer().start();
    logger.info("Chromium is ready for charts", { ms: Math.round(performance.now() - started) });
  } catch (error) {
    // The server was stopped while Chromium launched (its page may close under Plotly's load): nothing went wrong.
    if (error instanceof ChartRendererClosedError || stopping?.aborted) return;
    logger.warn("Chromium could not be started for charts; analyses will report it until it is fixed", {
      error: describeError(error),
    });
  }
}
