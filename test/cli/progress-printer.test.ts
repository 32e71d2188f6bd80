// The CLI's live progress: three agents writing at once still give three whole reports, one after the other, each
// under its heading; step lines never cut a sentence; nothing held is lost when an analysis fails half-way.
import { describe, expect, it } from "vitest";

import { createProgressPrinter } from "../../cli/progress-printer";
import type { ProgressEvent } from "../../src/index";

const usage = { inputTokens: 1, outputTokens: 2 };
const start = (step: "indicator" | "pattern" | "trend"): ProgressEvent => ({ type: "step-start", step, at: 0 });
const end = (step: "indicator" | "pattern" | "trend"): ProgressEvent => ({
  type: "step-end",
  step,
  at: 0,
  durationMs: 5,
  usage,
});
const delta = (step: string, text: string): ProgressEvent => ({ type: "report-delta", step, text });

function print(events: ProgressEvent[], options: { finish?: boolean } = {}) {
  let output = "";
  const printer = createProgressPrinter({ write: (text) => (output += text) });
  for (const event of events) printer.onEvent(event);
  if (options.finish) printer.finish();
  return { output, streamed: [...printer.streamedSteps()].sort() };
}

describe("the progress printer", () => {
  it("prints interleaved reports one at a time, each whole, in the order they started", () => {
    const { output, streamed } = print([
      start("indicator"),
      start("pattern"),
      start("trend"),
      delta("pattern", "Pattern "),
      delta("indicator", "RSI "),
      delta("pattern", "one."),
      delta("trend", "Trend "),
      delta("indicator", "is 55."),
      end("indicator"),
      delta("trend", "up."),
      end("pattern"),
      end("trend"),
    ]);
    expect(output).toBe(
      [
        "· indicator: started",
        "· pattern: started",
        "· trend: started",
        "--- pattern report ---",
        "Pattern one.",
        "· pattern: done in 5 ms (3 tokens)",
        "· indicator: done in 5 ms (3 tokens)",
        "--- indicator report ---",
        "RSI is 55.",
        "--- trend report ---",
        "Trend up.",
        "· trend: done in 5 ms (3 tokens)",
        "",
      ].join("\n"),
    );
    expect(streamed).toEqual(["indicator", "pattern", "trend"]);
  });

  it("says when the charts are being drawn and how long they took, while the Indicator agent writes", () => {
    const { output } = print([
      { type: "step-start", step: "charts", at: 0 },
      start("indicator"),
      delta("indicator", "RSI "),
      { type: "chart-rendered", chart: "pattern", at: 0, durationMs: 30, bytes: 4096 },
      { type: "step-end", step: "charts", at: 0, durationMs: 42, usage: { inputTokens: 0, outputTokens: 0 } },
      delta("indicator", "is 55."),
      end("indicator"),
    ]);
    expect(output).toBe(
      [
        "· drawing charts: pattern and trend",
        "· indicator: started",
        "--- indicator report ---",
        "RSI is 55.",
        "· indicator: done in 5 ms (3 tokens)",
        "· pattern chart rendered in 30 ms (4 KiB)",
        "· charts drawn in 42 ms",
        "",
      ].join("\n"),
    );
  });

  it("says which step failed and when, leaving the reason to the command's last line", () => {
    const { output } = print([
      start("indicator"),
      {
        type: "step-error",
        step: "indicator",
        at: 0,
        durationMs: 17,
        error: "Invalid API Key: check the Settings panel",
      },
    ]);
    expect(output).toBe("· indicator: started\n· indicator: failed after 17 ms\n");
  });

  it("holds step lines while a report is mid-sentence", () => {
    const { output } = print([
      delta("trend", "Sideways"),
      { type: "chart-rendered", chart: "pattern", at: 0, durationMs: 3, bytes: 2048 },
      delta("trend", ", then up."),
      end("trend"),
    ]);
    expect(output).toBe(
      "--- trend report ---\nSideways, then up.\n· trend: done in 5 ms (3 tokens)\n· pattern chart rendered in 3 ms (2 KiB)\n",
    );
  });

  it("finish() prints what is still held when the analysis stops half-way", () => {
    const { output } = print([delta("indicator", "RSI"), delta("pattern", "Flag")], { finish: true });
    expect(output).toBe("--- indicator report ---\nRSI\n--- pattern report ---\nFlag\n");
  });

  it("without deltas prints step lines only, and streams nothing", () => {
    const { output, streamed } = print([start("indicator"), end("indicator")]);
    expect(output).toBe("· indicator: started\n· indicator: done in 5 ms (3 tokens)\n");
    expect(streamed).toEqual([]);
  });
});
