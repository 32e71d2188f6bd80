// Chromium under faults and load (issue 6): the browser killed mid-render, and 8 analyses rendering at once.
import { describe, expect, it } from "vitest";

import { type ChartRenderer, ChartRenderError } from "../../src/charts/png-renderer";
import { readPngSize } from "../../src/charts/png-size";
import { useOwnChromium } from "../support/own-chromium";
import { usePipelineHarness } from "../support/pipeline-harness";
import { syntheticCandles } from "../support/synthetic-candles";
import { isProcessAlive, waitFor } from "../support/wait";

// These tests launch, kill and close a Chromium of the renderer's own: not the run's shared one, which every other
// renderer in the suite connects to through CHROMIUM_WS_ENDPOINT (test/support/global/shared-chromium.ts).
useOwnChromium();

let renderer: ChartRenderer;
const { pipeline } = usePipelineHarness({ name: "chromium-faults" }, (started) => ({ renderer } = started));

describe("Chromium", () => {
  it("killed during a render: the analysis ends clearly and the next one relaunches the browser and succeeds", async () => {
    await pipeline().analyze({ candles: syntheticCandles({ seed: 1 }), timeframe: "4h" }); // a warm browser to kill
    const firstPid = renderer.status().browserPid;
    expect(firstPid).toBeGreaterThan(0);

    const outcome = await pipeline()
      .analyze(
        { candles: syntheticCandles({ seed: 2 }), timeframe: "4h" },
        {
          onEvent: (event) => {
            // Both charts start rendering as soon as the data is in: kill the browser under them.
            if (event.type === "step-end" && event.step === "data") process.kill(firstPid!, "SIGKILL");
          },
        },
      )
      .then(
        (result) => ({ ok: true as const, result }),
        (error: unknown) => ({ ok: false as const, error }),
      );
    // The renderer relaunches once under a render, so this analysis usually still succeeds, with whole charts, and the
    // killed browser is no longer the renderer's; if not, the error is clear.
    if (outcome.ok) {
      expect(readPngSize(Buffer.from(outcome.result.charts.pattern, "base64"))).toEqual({ width: 1280, height: 640 });
      expect(renderer.status().browserPid).not.toBe(firstPid);
    } else {
      expect(outcome.error).toBeInstanceOf(ChartRenderError);
      expect((outcome.error as Error).message).toMatch(/^Chart rendering failed/);
    }

    const next = await pipeline().analyze({ candles: syntheticCandles({ seed: 3 }), timeframe: "4h" });
    expect(readPngSize(Buffer.from(next.charts.trend, "base64"))).toEqual({ width: 1280, height: 640 });
    const secondPid = renderer.status().browserPid;
    expect(secondPid).toBeGreaterThan(0);
    expect(secondPid).not.toBe(firstPid);
    await waitFor(() => !isProcessAlive(firstPid!), 60_000, "the killed browser gone");
  });

  it("renders for 8 concurrent analyses: all succeed, distinct charts, no leaked pages", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        pipeline().analyze({ candles: syntheticCandles({ seed: 10 + index }), timeframe: "4h" }),
      ),
    );
    expect(results.every((result) => result.decision.decision === "LONG")).toBe(true);
    expect(new Set(results.map((result) => result.charts.pattern)).size).toBe(8);
    for (const result of results) {
      expect(readPngSize(Buffer.from(result.charts.pattern, "base64"))).toEqual({ width: 1280, height: 640 });
    }
    const status = renderer.status();
    expect(status.state).toBe("running");
    expect(status.pageCount).toBeLessThanOrEqual(2); // the warm pool, however many renders ran
  });
});
