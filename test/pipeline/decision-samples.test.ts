// decision_samples through the pipeline and the real OpenAI SDK against the fake provider: three samples make exactly
// two more calls than one, and the result says how they voted; samples that disagree give the majority's directive
// with an agreement of 2/3, in the result, its wire form and the journal; a request's own `samples` overrides the
// config's; an even count is refused before anything is spent.
import { describe, expect, it } from "vitest";

import { openJournal } from "../../src/journal/open-journal";
import { toWireResult } from "../../src/wire/analysis-result";
import { defaultFakeHandler, fakeDecision } from "../fakes/fake-default-handler";
import { type FakeProviderServer, fakeReply, type FakeRequest } from "../fakes/fake-provider-server";
import { usePipelineHarness } from "../support/pipeline-harness";
import { syntheticCandles } from "../support/synthetic-candles";

let server: FakeProviderServer;
const { pipeline, dataDir } = usePipelineHarness({ name: "decision-samples" }, (started) => ({ server } = started));
const request = { candles: syntheticCandles({ seed: 3 }), timeframe: "4h" as const };
const isDecision = (fake: FakeRequest) => fake.summary.systemText.includes("execution trader");

describe("decision samples", () => {
  it("asks the Decision agent K times: three samples are exactly two more calls than one", async () => {
    const single = await pipeline().analyze(request);
    const singleCalls = server.requests.length;
    expect(server.requests.filter(isDecision)).toHaveLength(1);
    expect(single.decision.votes).toBeUndefined();
    expect(single.decision.confidence).toBe(fakeDecision.confidence);

    server.reset();
    const sampled = await pipeline({ decision_samples: 3 }).analyze(request);
    expect(server.requests.length).toBe(singleCalls + 2);
    expect(server.requests.filter(isDecision)).toHaveLength(3);
    expect(sampled.decision).toMatchObject({ decision: "LONG", votes: { LONG: 3, SHORT: 0 }, agreement: 1 });
    expect(sampled.usage.callsPerStep.decision).toBe(3);
  });

  it("takes the majority of samples that disagree: agreement 2/3, in the result, its wire form and the journal", async () => {
    let decisions = 0;
    server.setHandler((fake) => {
      if (!isDecision(fake)) return defaultFakeHandler(fake);
      decisions += 1;
      // The second decision request answers SHORT, surer than the others.
      return fakeReply.json(decisions === 2 ? { ...fakeDecision, decision: "SHORT", confidence: 0.9 } : fakeDecision);
    });
    const result = await pipeline().analyze({ ...request, samples: 3 });
    expect(result.decision).toMatchObject({ decision: "LONG", votes: { LONG: 2, SHORT: 1 }, agreement: 2 / 3 });
    expect(result.decision.confidence).toBeCloseTo(fakeDecision.confidence, 12); // the majority's mean
    expect(result.decision.samples?.map((sample) => sample.decision).sort()).toEqual(["LONG", "LONG", "SHORT"]);
    expect(toWireResult(result).final_decision).toMatchObject({
      decision: "LONG",
      confidence: fakeDecision.confidence,
      votes: { LONG: 2, SHORT: 1 },
      agreement: 2 / 3,
    });
    const journal = await openJournal({ dataDir });
    try {
      const stored = await journal.get(result.id!);
      expect(stored?.final_decision).toMatchObject({ votes: { LONG: 2, SHORT: 1 }, agreement: 2 / 3 });
    } finally {
      await journal.close();
    }
  });

  it("refuses an even or out-of-range count before anything is spent", async () => {
    for (const samples of [2, 0, 11, 1.5]) {
      await expect(pipeline().analyze({ ...request, samples }), String(samples)).rejects.toMatchObject({
        kind: "input",
      });
    }
    expect(() => pipeline({ decision_samples: 4 })).toThrow(/decision_samples.*must be odd/);
    expect(server.requests).toHaveLength(0);
  });
});
