// agents "single": one vision call reads both charts and the indicator readings and answers the decision record
// itself, validated and repaired as the Decision agent's is; the team's four agents are the default. What needs the
// team's reports (memory, debate, a plugin's analyst) is refused before any call.
import { describe, expect, it } from "vitest";

import { INDICATOR_READINGS_HEADING } from "../../src/agents/prompts/indicator-prompt";
import { InputError } from "../../src/common/input-error";
import { analyzeRequestSchema } from "../../src/pipeline/analyze-request";
import type { ProgressEvent } from "../../src/pipeline/progress-events";
import { toWireResult } from "../../src/wire/analysis-result";
import { fakeDecision, type FakeProviderServer, fakeReply } from "../fakes/fake-provider-server";
import { usePipelineHarness } from "../support/pipeline-harness";
import { syntheticCandles } from "../support/synthetic-candles";

let server: FakeProviderServer;
const harness = usePipelineHarness({ name: "single-agent" }, (started) => ({ server } = started));

const candles = syntheticCandles({ count: 100 });
const request = { candles, timeframe: "4h", name: "Synthetic" } as const;

describe('agents "single"', () => {
  it("makes one call with both charts and the indicator readings, and its record is the decision", async () => {
    const events: ProgressEvent[] = [];
    const result = await harness
      .pipeline({ journal: false, agents: "single" })
      .analyze(request, { onEvent: (event) => events.push(event) });
    expect(server.requests).toHaveLength(1);
    const [sent] = server.requests;
    expect(sent!.summary).toMatchObject({ imageCount: 2, toolNames: [], jsonMode: true, model: "gpt-4o" });
    expect(sent!.summary.systemText).toMatch(
      /^You are the trader of a high-frequency trading desk, working the 4h chart of .* alone\./,
    );
    expect(sent!.summary.lastUserText).toContain(`${INDICATOR_READINGS_HEADING}:\nRSI`);
    expect(sent!.summary.lastUserText).toContain("Second chart. This candlestick chart shows the last");
    expect(result.decision.decision).toBe(fakeDecision.decision);
    expect(result.decision.justification).toBe(fakeDecision.justification);
    expect(result.usage.callsPerStep).toEqual({ decision: 1 });
    expect(result.reports).toEqual({ indicator: "", pattern: "", trend: "" });
    expect(result.agents).toBe("single");
    expect(toWireResult(result).agents).toBe("single");
    // The steps that ran: the charts and the decision, no analyst.
    const started = events.filter((event) => event.type === "step-start").map((event) => event.step);
    expect(started).toEqual(["data", "charts", "decision"]);
  });

  it("is asked by the request over the config, and the team is the default", async () => {
    const single = await harness.pipeline({ journal: false }).analyze({ ...request, agents: "single" });
    expect(single.agents).toBe("single");
    expect(server.requests).toHaveLength(1);
    server.reset();
    const team = await harness.pipeline({ journal: false, agents: "single" }).analyze({ ...request, agents: "team" });
    expect(team.agents).toBe("team");
    expect(server.requests).toHaveLength(4);
    server.reset();
    const byDefault = await harness.pipeline({ journal: false }).analyze(request);
    expect(byDefault.agents).toBe("team");
    expect(toWireResult(byDefault).agents).toBe("team");
    expect(server.requests).toHaveLength(4);
  });

  it("repairs a bad record once, as the Decision agent does, and asks each of K samples once", async () => {
    let asked = 0;
    server.setHandler(() => {
      asked += 1;
      return fakeReply.json(asked === 1 ? { decision: "UP" } : fakeDecision);
    });
    const repaired = await harness.pipeline({ journal: false, agents: "single" }).analyze(request);
    expect(repaired.usage.callsPerStep).toEqual({ decision: 2 });
    expect(server.requests[1]!.summary.lastUserText).toContain("Your answer was not a valid decision record");
    server.reset();
    const sampled = await harness.pipeline({ journal: false, agents: "single" }).analyze({ ...request, samples: 3 });
    expect(server.requests).toHaveLength(3);
    expect(server.requests.every((sent) => sent.summary.imageCount === 2)).toBe(true);
    expect(sampled.decision.votes).toEqual({ LONG: 3, SHORT: 0 }); // the fake answers LONG
  });

  it.each([
    [{ memory: { lessons: 3 } }, /agents "single" makes one model call, without the team's reports that memory needs/],
    [{ debate: { rounds: 1 } }, /without the team's reports that debate needs/],
    [
      { memory: { lessons: 2 }, debate: { rounds: 2 } },
      /that memory, debate need: use agents "team", or leave them out/,
    ],
  ])("refuses stages %j before any call", async (stages, message) => {
    // With the journal, which memory needs.
    const error = await harness
      .pipeline({ agents: "single" })
      .analyze({ ...request, stages })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(message);
    expect(server.requests).toHaveLength(0);
  });

  it("takes risk, which asks no model", async () => {
    const result = await harness
      .pipeline({ journal: false, agents: "single" })
      .analyze({ ...request, stages: { risk: {} } });
    expect(server.requests).toHaveLength(1);
    expect(result.risk).toBeDefined();
  });

  it("the request field and the config key are checked like any other", () => {
    expect(analyzeRequestSchema.safeParse({ ...request, agents: "solo" }).success).toBe(false);
    expect(analyzeRequestSchema.safeParse({ ...request, agents: "single" }).success).toBe(true);
    expect(() => harness.pipeline({ agents: "solo" as "single" })).toThrow(/agents: must be "team" or "single"/);
  });
});
