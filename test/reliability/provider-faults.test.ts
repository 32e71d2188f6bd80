// Provider faults injected under a whole analysis (issue 6): each ends in a recovered result or a clear classified
// error within its time bound, and the next analysis on the same pipeline succeeds.
import { describe, expect, it } from "vitest";

import { ModelRefusalError } from "../../src/agents/agent-errors";
import { ProviderError } from "../../src/llm/provider-error";
import { fakeDecision, type FakeProviderServer, fakeReply } from "../fakes/fake-provider-server";
import { usePipelineHarness } from "../support/pipeline-harness";
import { syntheticCandles } from "../support/synthetic-candles";
import { waitFor } from "../support/wait";
import { faultOn, invalidToolCallsHandler, isDecision, isVision, refusalReply } from "./support/fault-replies";

let server: FakeProviderServer;
const { pipeline } = usePipelineHarness(
  { name: "provider-faults", defaults: { request_timeout_ms: 2000, indicator_mode: "tool-call" } },
  (started) => ({ server } = started),
);
const candles = syntheticCandles({ count: 50 });

async function expectRecovery(run: () => Promise<unknown>) {
  await expect(run()).resolves.toMatchObject({ decision: { decision: "LONG" } });
}

describe("provider faults under an analysis", () => {
  it("500s then success: retried and recovered", async () => {
    faultOn(server, isDecision, () => fakeReply.serverError(500), 2);
    const result = await pipeline({ max_retries: 2 }).analyze({ candles, timeframe: "4h" });
    expect(result.decision.decision).toBe("LONG");
    expect(server.requests.filter(isDecision)).toHaveLength(3);
  });

  it("500s past the retries: a classified server error", async () => {
    faultOn(server, isDecision, () => fakeReply.serverError(503));
    await expect(pipeline({ max_retries: 1 }).analyze({ candles, timeframe: "4h" })).rejects.toThrow(
      /^Provider Error: OpenAI had a server error \(HTTP 503\)/,
    );
    expect(server.requests.filter(isDecision)).toHaveLength(2);
  });

  it("a hanging provider is bounded by the request timeout, with no stuck request", async () => {
    faultOn(server, isVision, () => fakeReply.hang());
    const started = performance.now();
    const error = await pipeline({ max_retries: 0, request_timeout_ms: 400 })
      .analyze({ candles, timeframe: "4h" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(/^Network Error: Unable to connect to OpenAI servers\..*timed out/);
    // Bounded by the timeout: it waited for it (the message says so); a hang would never get here.
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
    server.reset();
    await expectRecovery(() => pipeline({ max_retries: 0 }).analyze({ candles, timeframe: "4h" }));
  });

  it("a connection reset mid-response: a network error (the SDKs retry only before a response), then recovery", async () => {
    faultOn(server, isDecision, () => fakeReply.reset(), 1);
    await expect(pipeline({ max_retries: 2 }).analyze({ candles, timeframe: "4h" })).rejects.toThrow(
      /^Network Error: Unable to connect to OpenAI servers\..*connection closed by the server/,
    );
    await expectRecovery(() => pipeline().analyze({ candles, timeframe: "4h" }));
  });

  it("a connection dropped mid-stream: a network error, then recovery", async () => {
    faultOn(
      server,
      isDecision,
      () => fakeReply.streamed(fakeReply.json(fakeDecision), { fault: { kind: "drop", afterChunks: 4 } }),
      1,
    );
    await expect(pipeline({ max_retries: 2 }).analyze({ candles, timeframe: "4h" })).rejects.toThrow(
      /^Network Error: Unable to connect to OpenAI servers\..*connection closed by the server/,
    );
    await expectRecovery(() => pipeline().analyze({ candles, timeframe: "4h" }));
  });

  it("a stream that goes silent is bounded by the request timeout, with no stuck request", async () => {
    faultOn(server, isVision, () =>
      fakeReply.streamed(fakeReply.text("The chart shows a wedge"), { fault: { kind: "stall", afterChunks: 3 } }),
    );
    const started = performance.now();
    const error = await pipeline({ max_retries: 0, request_timeout_ms: 400 })
      .analyze({ candles, timeframe: "4h" })
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(
      /^Network Error: Unable to connect to OpenAI servers\..*timed out after 400 ms/,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
    await waitFor(
      () => server.requests.filter(isVision).every((request) => request.stream?.clientClosed),
      20_000,
      "every stalled stream closed",
    );
  });

  it("a connection dropped before any answer: retried and recovered", async () => {
    faultOn(server, isDecision, () => fakeReply.drop(), 1);
    await expectRecovery(() => pipeline({ max_retries: 1 }).analyze({ candles, timeframe: "4h" }));
    expect(server.requests.filter(isDecision)).toHaveLength(2);
  });

  it("malformed JSON from the provider: a classified error naming the provider", async () => {
    faultOn(server, isVision, () => fakeReply.malformed());
    const error = await pipeline({ max_retries: 0 })
      .analyze({ candles, timeframe: "4h" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(/OpenAI/);
    expect((error as Error).message).not.toMatch(/\n\s+at /); // no stack in the message
  });

  it("a tool call with invalid arguments: the model is told and recovers", async () => {
    const broken = invalidToolCallsHandler();
    server.setHandler(broken.handler);
    const result = await pipeline().analyze({ candles, timeframe: "4h" });
    expect(broken.rounds()).toBe(1);
    expect(result.reports.indicator).toMatch(/read 3 tool results/);
    const followUp = server.requests.find(
      (request) => request.summary.toolNames.includes("compute_rsi") && request.summary.trailingToolResults === 3,
    );
    const toolResults = JSON.stringify(followUp?.body);
    expect(toolResults).toMatch(/invalid arguments for compute_rsi: period/);
    expect(toolResults).toMatch(/arguments of compute_macd are not valid JSON/);
    expect(toolResults).toMatch(/no tool named \\"compute_volume_profile\\"/);
  });

  it("a model that refuses the image: a clear refusal error", async () => {
    faultOn(server, isVision, refusalReply);
    const error = await pipeline()
      .analyze({ candles, timeframe: "4h" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelRefusalError);
    expect((error as Error).message).toMatch(
      /^Model Refusal: the (pattern|trend) agent's model \(gpt-4o @ http:\/\/127\.0\.0\.1:\d+\/v1\) declined to answer: "I can't help with analysing this image\."/,
    );
  });

  it("a model that refuses the decision: a refusal error, not a paid repair request", async () => {
    faultOn(server, isDecision, refusalReply);
    const error = await pipeline()
      .analyze({ candles, timeframe: "4h" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelRefusalError);
    expect((error as Error).message).toMatch(
      /^Model Refusal: the decision agent's model \(gpt-4o @ http:\/\/127\.0\.0\.1:\d+\/v1\) declined to answer/,
    );
    expect(server.requests.filter(isDecision)).toHaveLength(1);
  });

  it("a rate limit with retry-after: waits as told, then recovers", async () => {
    faultOn(server, isDecision, () => fakeReply.rateLimited({ retryAfterMs: 600 }), 1);
    await expectRecovery(() => pipeline({ max_retries: 1 }).analyze({ candles, timeframe: "4h" }));
    const [first, second] = server.requests.filter(isDecision);
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(550);
  });

  it("a rate limit that persists: a classified rate-limit error", async () => {
    faultOn(server, isDecision, () => fakeReply.rateLimited());
    await expect(pipeline({ max_retries: 1 }).analyze({ candles, timeframe: "4h" })).rejects.toThrow(
      /^Rate Limit Exceeded: You've hit the OpenAI API rate limit\./,
    );
  });

  it("keeps working after every fault above", async () => {
    await expectRecovery(() => pipeline().analyze({ candles, timeframe: "4h" }));
  });
});
