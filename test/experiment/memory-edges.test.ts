// Memory beside blind or mirror, refused the same way by every preset on the engine before anything is read or asked:
// its lessons name the market and dates (blind would leak them), and a mirrored point's lessons would be about the
// real series. Each refusal is checked on both presets, with both edges, and the same runs without memory are let
// through to the next check (the missing benchmark folder or series), so the rule refuses only what it should.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runBacktest } from "../../src/backtest/run-backtest";
import { runEvaluation } from "../../src/evaluation/run-evaluation";
import { checkMemoryEdges } from "../../src/experiment/run-options";

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "memory-edges-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const memory = { memory: { lessons: 3 } };
const blindRefusal = /memory stage cannot run blind/;
const mirrorRefusal = (what: string) => new RegExp(`Invalid ${what} options: mirror cannot run with the memory stage`);

function evaluation(edge: { blind?: boolean; mirror?: boolean }, stages: object) {
  return runEvaluation({
    benchmarkDir: path.join(scratch, "no-benchmark"),
    assets: ["BTC"],
    ...edge,
    config: { data_dir: scratch, stages },
  });
}

function backtest(edge: { blind?: boolean; mirror?: boolean }, stages: object) {
  return runBacktest({
    series: { file: path.join(scratch, "no-series.csv"), timeframe: "4h" },
    ...edge,
    cacheDir: false,
    config: { data_dir: scratch, stages },
  });
}

describe("memory with blind or mirror", () => {
  it("the rule itself: nothing without memory, blind first, then mirror", () => {
    expect(() => checkMemoryEdges({}, { blind: true, mirror: true }, "evaluation")).not.toThrow();
    expect(() => checkMemoryEdges(memory, { blind: false, mirror: false }, "evaluation")).not.toThrow();
    expect(() => checkMemoryEdges(memory, { blind: true, mirror: true }, "evaluation")).toThrow(blindRefusal);
    expect(() => checkMemoryEdges(memory, { blind: false, mirror: true }, "backtest")).toThrow(
      mirrorRefusal("backtest"),
    );
  });

  it("runEvaluation refuses memory blind and memory mirrored before reading the benchmark", async () => {
    await expect(evaluation({ blind: true }, memory)).rejects.toThrow(blindRefusal);
    await expect(evaluation({ mirror: true }, memory)).rejects.toThrow(mirrorRefusal("evaluation"));
    // Without memory the same runs get past the rule and stop at the missing benchmark folder.
    await expect(evaluation({ mirror: true }, {})).rejects.not.toThrow(mirrorRefusal("evaluation"));
    await expect(evaluation({ blind: true }, {})).rejects.not.toThrow(blindRefusal);
  });

  it("runBacktest refuses memory blind and memory mirrored before loading the series", async () => {
    await expect(backtest({ blind: true }, memory)).rejects.toThrow(blindRefusal);
    await expect(backtest({ mirror: true }, memory)).rejects.toThrow(mirrorRefusal("backtest"));
    await expect(backtest({ mirror: true }, {})).rejects.not.toThrow(mirrorRefusal("backtest"));
    await expect(backtest({ blind: true }, {})).rejects.not.toThrow(blindRefusal);
  });
});
