// Reading the Decision agent's record, each rule on both sides: LONG and SHORT alike, spelled exactly (no other
// case, no surrounding whitespace inside the value); the risk/reward's both bounds kept and both just-outside values
// refused; the first JSON object taken when the answer holds two, whether or not they are next to each other; a
// fenced object read, text without one refused.
import { describe, expect, it } from "vitest";

import { parseDecision } from "../../src/agents/decision-record";

const record = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    forecast_horizon: "next 3 bars (12 hours)",
    decision: "LONG",
    justification: "Momentum turned up.",
    risk_reward_ratio: 1.5,
    confidence: 0.6,
    ...overrides,
  });

describe("parseDecision", () => {
  it.each(["LONG", "SHORT"])("reads %s, and refuses its other spellings", (directive) => {
    expect(parseDecision(record({ decision: directive }))).toMatchObject({
      ok: true,
      decision: { decision: directive },
    });
    for (const spelling of [
      directive.toLowerCase(),
      ` ${directive}`,
      `${directive} `,
      `${directive[0]}${directive.slice(1).toLowerCase()}`,
    ])
      expect(parseDecision(record({ decision: spelling })), JSON.stringify(spelling)).toEqual({
        ok: false,
        problem: expect.stringContaining('must be exactly "LONG" or "SHORT"'),
      });
  });

  it("never reads a HOLD, nor a missing decision", () => {
    expect(parseDecision(record({ decision: "HOLD" })).ok).toBe(false);
    expect(parseDecision(record({ decision: undefined })).ok).toBe(false);
  });

  it("keeps a risk/reward at either bound, and refuses one just outside either", () => {
    for (const ratio of [1.2, 1.8])
      expect(parseDecision(record({ risk_reward_ratio: ratio })).ok, String(ratio)).toBe(true);
    for (const ratio of [1.19, 1.81])
      expect(parseDecision(record({ risk_reward_ratio: ratio })), String(ratio)).toEqual({
        ok: false,
        problem: expect.stringContaining("must be between 1.2 and 1.8"),
      });
  });

  it("keeps a confidence at either bound, and refuses one just outside either or missing", () => {
    for (const confidence of [0.5, 1])
      expect(parseDecision(record({ confidence })), String(confidence)).toMatchObject({
        ok: true,
        decision: { confidence },
      });
    for (const confidence of [0.49, 1.01, "0.7", undefined])
      expect(parseDecision(record({ confidence })), String(confidence)).toEqual({
        ok: false,
        problem: expect.stringContaining("confidence"),
      });
  });

  it("takes the first object when there are two, adjacent or far apart", () => {
    const first = record({ decision: "SHORT" });
    const second = record({ decision: "LONG" });
    for (const text of [`${first}${second}`, `${first}\n\nThen again:\n${second}`, `Here: ${first} or ${second}.`])
      expect(parseDecision(text)).toMatchObject({ ok: true, decision: { decision: "SHORT" } });
  });

  it("reads an object inside a fence or a sentence, and refuses text with none", () => {
    expect(parseDecision(`\`\`\`json\n${record({ decision: "SHORT" })}\n\`\`\``)).toMatchObject({ ok: true });
    expect(parseDecision(`I decide: ${record()} — final.`)).toMatchObject({ ok: true });
    expect(parseDecision("LONG, clearly.")).toEqual({ ok: false, problem: "the answer contains no JSON object" });
  });

  it("trims the text fields, and refuses them empty or blank", () => {
    expect(parseDecision(record({ justification: "  up  " }))).toMatchObject({
      ok: true,
      decision: { justification: "up" },
    });
    expect(parseDecision(record({ justification: "   " })).ok).toBe(false);
    expect(parseDecision(record({ forecast_horizon: "" })).ok).toBe(false);
  });
});
