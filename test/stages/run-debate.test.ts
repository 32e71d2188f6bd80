// The debate stage through the real OpenAI SDK against the fake provider: R rounds of a bull then a bear researcher,
// each turn a step of its own that streams its text; each researcher reads the reports and the other side's last
// argument; the Decision agent reads the debate; an empty argument is asked for once more, then the debate fails
// with a StageError naming the stage and the turn. Without the stage nothing of it reaches any request.
import { describe, expect, it, vi } from "vitest";

import { StageError } from "../../src/agents/stage-error";
import { QuantAgentError } from "../../src/common/quantagent-error";
import type { ProgressEvent } from "../../src/pipeline/progress-events";
import { debateStepNames } from "../../src/stages/run-debate";
import { toWireResult } from "../../src/wire/analysis-result";
import {
  defaultFakeHandler,
  fakeArguments,
  type FakeProviderServer,
  fakeReply,
  type FakeRequest,
} from "../fakes/fake-provider-server";
import { usePipelineHarness } from "../support/pipeline-harness";
import { syntheticCandles } from "../support/synthetic-candles";

// Each test runs whole analyses (charts, model calls over HTTP, the journal): on a busy 2-core machine that can take
// far longer than the project's 30 s default, so the bound here is generous; nothing measures speed.
vi.setConfig({ testTimeout: 180_000 });

let server: FakeProviderServer;
const { pipeline } = usePipelineHarness(
  { name: "stages-debate", defaults: { max_retries: 0, journal: false }, warmRenderer: true },
  (started) => ({ server } = started),
);
const candles = syntheticCandles({ count: 60 });

const isResearcher = (request: FakeRequest, side: "bull" | "bear") =>
  request.summary.systemText.includes(`You are the ${side} researcher`);

describe("the debate stage", () => {
  it("runs R rounds, bull then bear, each answering the other's last argument, and the decision reads them", async () => {
    const events: ProgressEvent[] = [];
    const result = await pipeline().analyze(
      { candles, timeframe: "4h", stages: { debate: { rounds: 2 } } },
      { onEvent: (event) => events.push(event) },
    );
    expect(result.stages).toEqual({ debate: { rounds: 2 } });
    expect(result.debate).toEqual([
      { side: "bull", round: 1, text: fakeArguments.bull },
      { side: "bear", round: 1, text: fakeArguments.bear },
      { side: "bull", round: 2, text: fakeArguments.bull },
      { side: "bear", round: 2, text: fakeArguments.bear },
    ]);
    // The five calls of the four agents, and one per turn.
    expect(result.usage.calls).toHaveLength(4 + 4);
    expect(result.usage.callsPerStep).toMatchObject({ "bull-1": 1, "bear-1": 1, "bull-2": 1, "bear-2": 1 });

    const researchers = server.requests.filter(
      (request) => isResearcher(request, "bull") || isResearcher(request, "bear"),
    );
    expect(researchers.map((request) => (isResearcher(request, "bull") ? "bull" : "bear"))).toEqual([
      "bull",
      "bear",
      "bull",
      "bear",
    ]);
    // The opening argument reads only the reports; every later one answers the other side's last argument.
    expect(researchers[0]!.summary.lastUserText).toContain("You open the debate");
    expect(researchers[0]!.summary.lastUserText).toContain(result.reports.trend);
    expect(researchers[1]!.summary.lastUserText).toContain(
      `The bull researcher's last argument (round 1):\n${fakeArguments.bull}`,
    );
    expect(researchers[2]!.summary.lastUserText).toContain(
      `The bear researcher's last argument (round 1):\n${fakeArguments.bear}`,
    );
    expect(researchers[3]!.summary.lastUserText).toContain(`The bull researcher's last argument (round 2):`);

    const decision = server.requests.find((request) => request.summary.wantsJson)!;
    expect(decision.summary.lastUserText).toContain(`Bull researcher, round 1:\n${fakeArguments.bull}`);
    expect(decision.summary.lastUserText).toContain(`Bear researcher, round 2:\n${fakeArguments.bear}`);
    // The debate comes after the three reports and before the Decision agent.
    expect(researchers[0]!.receivedAt).toBeGreaterThan(
      Math.max(
        ...server.requests.filter((request) => request.summary.imageCount > 0).map((request) => request.receivedAt),
      ),
    );
    expect(decision.receivedAt).toBeGreaterThan(researchers[3]!.receivedAt);

    // Each turn is a step: started, its text streamed, then ended, in order.
    const stepStarts = events.flatMap((event) => (event.type === "step-start" ? [event.step] : []));
    expect(stepStarts.slice(-5)).toEqual([...debateStepNames(2), "decision"]);
    for (const step of debateStepNames(2)) {
      const deltas = events.filter((event) => event.type === "report-delta" && event.step === step);
      const end = events.findIndex((event) => event.type === "step-end" && event.step === step);
      expect(deltas.map((event) => (event as { text: string }).text).join("")).toBe(
        step.startsWith("bull") ? fakeArguments.bull : fakeArguments.bear,
      );
      expect(events.indexOf(deltas[deltas.length - 1]!)).toBeLessThan(end);
    }
    expect(toWireResult(result).debate).toEqual(result.debate);
  });

  it("leaves every request as it was without the stage", async () => {
    const result = await pipeline().analyze({ candles, timeframe: "4h" });
    expect(result.stages).toEqual({});
    expect(result.debate).toBeUndefined();
    expect(result.usage.calls).toHaveLength(4);
    expect(server.requests.some((request) => /researcher/.test(request.rawBody))).toBe(false);
    expect(toWireResult(result)).not.toHaveProperty("debate");
  });

  it("asks an empty argument once more, and the repaired turn is the debate's text", async () => {
    let bullCalls = 0;
    server.setHandler((request) => {
      if (isResearcher(request, "bull") && ++bullCalls === 1) return fakeReply.text("");
      return defaultFakeHandler(request);
    });
    const result = await pipeline().analyze({ candles, timeframe: "4h", stages: { debate: { rounds: 1 } } });
    expect(bullCalls).toBe(2);
    expect(result.debate?.[0]).toEqual({ side: "bull", round: 1, text: fakeArguments.bull });
    expect(result.usage.callsPerStep["bull-1"]).toBe(2);
    const repair = server.requests.filter((request) => isResearcher(request, "bull"))[1]!;
    expect(repair.summary.lastUserText).toMatch(/^Your answer was empty/);
  });

  it("fails with a StageError naming the stage and the turn when the repair is empty too, before any decision", async () => {
    server.setHandler((request) => (isResearcher(request, "bear") ? fakeReply.text(" ") : defaultFakeHandler(request)));
    const error = await pipeline()
      .analyze({ candles, timeframe: "4h", stages: { debate: { rounds: 1 } } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StageError);
    expect(QuantAgentError.isInstance(error) && error.code).toBe("stage_failed");
    expect((error as StageError).details).toMatchObject({ stage: "debate", step: "bear-1" });
    expect((error as Error).message).toMatch(/^Stage Error: the debate stage \(bear-1\)/);
    expect(server.requests.some((request) => request.summary.wantsJson)).toBe(false);
  });
});
