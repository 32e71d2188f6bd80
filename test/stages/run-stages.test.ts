// The stages together through the pipeline: the risk step (computed, no model call) after the decision, the order of
// every stage's step, the calls each adds to the four agents' four, and what the result, its wire form and the
// journal record of them.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it, vi } from "vitest";

import type { ProgressEvent } from "../../src/pipeline/progress-events";
import { computeRiskLevels } from "../../src/stages/risk-levels";
import { toWireResult } from "../../src/wire/analysis-result";
import type { FakeProviderServer } from "../fakes/fake-provider-server";
import { usePipelineHarness } from "../support/pipeline-harness";
import { syntheticCandles } from "../support/synthetic-candles";

// Each test runs whole analyses (charts, model calls over HTTP, the journal): on a busy 2-core machine that can take
// far longer than the project's 30 s default, so the bound here is generous; nothing measures speed.
vi.setConfig({ testTimeout: 180_000 });

let server: FakeProviderServer;
const { pipeline } = usePipelineHarness(
  { name: "stages-run", defaults: { max_retries: 0 }, warmRenderer: true },
  (started) => {
    server = started.server;
  },
);
const candles = syntheticCandles({ count: 80 });
const csv = [
  "Datetime,Open,High,Low,Close,Volume",
  ...candles.map(
    (bar) => `${new Date(bar.time).toISOString()},${bar.open},${bar.high},${bar.low},${bar.close},${bar.volume}`,
  ),
].join("\n");

describe("the risk stage", () => {
  it("adds levels computed from the window after the decision, without a model call, recorded in the journal", async () => {
    const subject = pipeline({ data_dir: mkdtempSync(path.join(tmpdir(), "stages-run-")) });
    const events: ProgressEvent[] = [];
    const result = await subject.analyze(
      { candles: candles.slice(0, 60), timeframe: "4h", stages: { risk: {} } },
      { onEvent: (event) => events.push(event) },
    );
    expect(result.stages).toEqual({ risk: {} });
    expect(result.usage.calls).toHaveLength(4);
    expect(server.requestCount()).toBe(4);
    expect(result.risk).toEqual(
      computeRiskLevels({
        candles: result.candles,
        directive: result.decision.decision,
        riskRewardRatio: result.decision.riskRewardRatio,
        trendlines: result.trendlines,
      }),
    );
    const entry = result.candles[result.candles.length - 1]!.close;
    if (result.risk?.stopLoss == null) throw new Error("no levels");
    // The fake's decision is LONG: the stop below the entry, the target above.
    expect(result.decision.decision).toBe("LONG");
    expect(result.risk.stopLoss).toBeLessThan(entry);
    expect(result.risk.takeProfit).toBeGreaterThan(entry);
    const riskEnd = events.find((event) => event.type === "step-end" && event.step === "risk");
    expect(riskEnd).toMatchObject({ usage: { inputTokens: 0, outputTokens: 0 } });
    expect(events.findIndex((event) => event.type === "step-start" && event.step === "risk")).toBeGreaterThan(
      events.findIndex((event) => event.type === "step-end" && event.step === "decision"),
    );
    const wire = toWireResult(result);
    expect(wire.stages).toEqual({ risk: {} });
    expect(wire.risk).toMatchObject({
      stop_loss: result.risk.stopLoss,
      take_profit: result.risk.takeProfit,
      size: result.risk.size,
    });
    const stored = await subject.journal.get(result.id!);
    expect(stored).toMatchObject({ stages: { risk: {} }, risk: wire.risk });
  });
});

describe("all stages at once", () => {
  it("runs memory, the debate, the decision, risk and the replay's reflection in that order, 4 + 2R + 1 calls", async () => {
    const subject = pipeline({ data_dir: mkdtempSync(path.join(tmpdir(), "stages-run-")) });
    const events: ProgressEvent[] = [];
    const stages = { memory: { lessons: 3 }, debate: { rounds: 2 }, risk: {} };
    const result = await subject.analyze(
      { csv, timeframe: "4h", end: new Date(candles[60]!.time).toISOString(), stages },
      { onEvent: (event) => events.push(event) },
    );
    expect(result.stages).toEqual(stages);
    const starts = events.flatMap((event) => (event.type === "step-start" ? [event.step] : []));
    expect(starts.slice(-8)).toEqual([
      "memory",
      "bull-1",
      "bear-1",
      "bull-2",
      "bear-2",
      "decision",
      "risk",
      "reflection",
    ]);
    expect(starts.indexOf("memory")).toBeGreaterThan(starts.indexOf("trend"));
    expect(result.usage.calls).toHaveLength(4 + 4 + 1);
    expect(result.memory?.lesson).toBeDefined();
    expect(result.debate).toHaveLength(4);
    expect(result.risk).toBeDefined();
    expect((await subject.journal.get(result.id!))?.stages).toEqual(stages);
  });

  it("takes the config's stages when the request names none, and the request's over the config's", async () => {
    const subject = pipeline({ journal: false, stages: { risk: {} } });
    expect((await subject.analyze({ candles: candles.slice(0, 60), timeframe: "4h" })).stages).toEqual({ risk: {} });
    const own = await subject.analyze({
      candles: candles.slice(0, 60),
      timeframe: "4h",
      stages: { debate: { rounds: 1 } },
    });
    expect(own.stages).toEqual({ debate: { rounds: 1 } });
    expect(own.risk).toBeUndefined();
  });
});
