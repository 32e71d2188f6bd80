// The Decision agent (src/agents/decision-agent.ts) with one sample and with several: the record with its confidence,
// the majority of several samples with its votes, agreement and mean confidence (LONG and SHORT majorities both), a
// sample that never gives a record left out (a tie between the rest goes to the first answer), every sample failing,
// a provider failure stopping the other samples, and each sample asked as its own request (its own cache key).
import { describe, expect, it } from "vitest";

import { DecisionError } from "../../src/agents/agent-errors";
import { createAnalysisContext } from "../../src/agents/analysis-context";
import { majorityDecision, runDecisionAgent } from "../../src/agents/decision-agent";
import { createStepRecorder } from "../../src/agents/model-call";
import type { ChatModel, ChatResponse } from "../../src/llm/chat-model";
import { modelCacheKey } from "../../src/llm/model-cache";
import { ProviderError } from "../../src/llm/provider-error";
import { FakeChatModel, textStep } from "../fakes/fake-chat-model";
import { syntheticCandles } from "../support/synthetic-candles";

const context = createAnalysisContext({
  assetName: "Synthetic",
  symbol: "SYN",
  timeframe: "4h",
  candles: syntheticCandles({ seed: 1 }),
});
const reports = { indicatorReport: "I", patternReport: "P", trendReport: "T" };

const record = (decision: "LONG" | "SHORT", confidence: number, justification = `${decision} at ${confidence}`) =>
  JSON.stringify({
    forecast_horizon: "next 3 bars",
    decision,
    justification,
    risk_reward_ratio: 1.5,
    confidence,
  });

/** A model that answers each sample's requests by the sample's index. */
function bySample(answer: (sample: number) => string | Error): FakeChatModel {
  return new FakeChatModel({
    fallback: (request) => {
      const reply = answer(request.sample ?? 0);
      return reply instanceof Error ? reply : textStep(reply);
    },
  });
}

const run = (model: FakeChatModel, samples?: number, signal?: AbortSignal) =>
  runDecisionAgent({ context, reports, model, recorder: createStepRecorder("decision"), samples, signal });

describe("the Decision agent", () => {
  it("answers one sample's record, its confidence included, with no votes", async () => {
    const model = bySample(() => record("SHORT", 0.62));
    const decision = await run(model);
    expect(decision).toEqual({
      forecastHorizon: "next 3 bars",
      decision: "SHORT",
      justification: "SHORT at 0.62",
      riskRewardRatio: 1.5,
      confidence: 0.62,
    });
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]?.sample).toBe(0);
  });

  it("asks a missing or out-of-range confidence again, and takes the repaired record", async () => {
    const model = new FakeChatModel({
      steps: [
        textStep(JSON.stringify({ ...JSON.parse(record("LONG", 0.7)), confidence: undefined })),
        textStep(record("LONG", 0.7)),
      ],
    });
    expect((await run(model)).confidence).toBe(0.7);
    expect(JSON.stringify(model.calls[1]?.messages.at(-1))).toMatch(/confidence/);
    for (const confidence of [0.49, 1.01]) {
      const refused = new FakeChatModel({
        steps: [textStep(record("LONG", confidence)), textStep(record("LONG", confidence))],
      });
      await expect(run(refused)).rejects.toThrow(/confidence: must be between 0.5 and 1/);
    }
  });

  it("takes the majority of three samples, LONG or SHORT, with votes, agreement, the majority's mean confidence", async () => {
    const long = bySample((sample) => [record("LONG", 0.6), record("SHORT", 0.9), record("LONG", 0.8)][sample]!);
    const decision = await run(long, 3);
    expect(decision).toMatchObject({
      decision: "LONG",
      justification: "LONG at 0.6", // the first answer of the majority
      votes: { LONG: 2, SHORT: 1 },
      agreement: 2 / 3,
      samples: [
        { decision: "LONG", confidence: 0.6 },
        { decision: "SHORT", confidence: 0.9 },
        { decision: "LONG", confidence: 0.8 },
      ],
    });
    expect(decision.confidence).toBeCloseTo(0.7, 12);
    // Each sample is its own request: the same messages, another sample number, so another cache key.
    expect(long.calls.map((request) => request.sample).sort()).toEqual([0, 1, 2]);
    const keys = long.calls.map((request) => modelCacheKey(long, request));
    expect(new Set(keys).size).toBe(3);
    expect(modelCacheKey(long, { ...long.calls[0]!, sample: 0 })).toBe(
      modelCacheKey(long, { ...long.calls[0]!, sample: undefined }),
    );

    const short = bySample((sample) => [record("SHORT", 0.55), record("LONG", 0.95), record("SHORT", 0.75)][sample]!);
    expect(await run(short, 3)).toMatchObject({ decision: "SHORT", votes: { LONG: 1, SHORT: 2 }, agreement: 2 / 3 });
    // Unanimous.
    const all = bySample(() => record("SHORT", 0.7));
    expect(await run(all, 5)).toMatchObject({ decision: "SHORT", votes: { LONG: 0, SHORT: 5 }, agreement: 1 });
  });

  it("leaves out a sample that gives no record after its repair; a tie between the rest goes to the first answer", async () => {
    const model = bySample((sample) => [record("SHORT", 0.6), "no record here", record("LONG", 0.8)][sample]!);
    const decision = await run(model, 3);
    expect(decision).toMatchObject({
      decision: "SHORT",
      votes: { LONG: 1, SHORT: 1 },
      agreement: 0.5,
      confidence: 0.6,
    });
    expect(model.calls).toHaveLength(4); // the bad sample's repair too
  });

  it("fails with the Decision error when no sample gives a record", async () => {
    await expect(
      run(
        bySample(() => "nothing"),
        3,
      ),
    ).rejects.toBeInstanceOf(DecisionError);
  });

  it("fails with a provider's failure, and stops the other samples at once", async () => {
    const refusal = new ProviderError({ reason: "auth", provider: "openai", model: "fake-model" });
    let stopped = 0;
    // Sample 1 fails at once; the others wait until they are stopped.
    const model: ChatModel = {
      provider: "openai",
      model: "fake-model",
      temperature: 0.1,
      chat: (request) =>
        request.sample === 1
          ? Promise.reject(refusal)
          : new Promise<ChatResponse>((_, reject) =>
              request.signal?.addEventListener("abort", () => {
                stopped += 1;
                reject(new Error("stopped"));
              }),
            ),
    };
    await expect(
      runDecisionAgent({ context, reports, model, recorder: createStepRecorder("decision"), samples: 3 }),
    ).rejects.toBe(refusal);
    expect(stopped).toBe(2);
  });

  it("combines answers the same way when called alone (majorityDecision)", () => {
    const answer = (decision: "LONG" | "SHORT", confidence: number) => ({
      forecastHorizon: "h",
      decision,
      justification: "j",
      riskRewardRatio: 1.5,
      confidence,
    });
    expect(majorityDecision([answer("LONG", 0.5), answer("LONG", 1), answer("SHORT", 0.9)])).toMatchObject({
      decision: "LONG",
      confidence: 0.75,
      agreement: 2 / 3,
    });
  });
});
