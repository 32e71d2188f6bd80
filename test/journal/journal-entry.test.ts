// The journal entry's schema on its own (no database): each field's rule and its edge, the defaults a caller may
// leave out, and the three rules tying decision, error and entry bar together. A journal that took a bad entry would
// keep it for good, so every rule here is the last check before a row is written.
import { describe, expect, it } from "vitest";

import { isoTimeSchema, journalEntryInputSchema } from "../../src/journal/journal-entry";
import { JournalError } from "../../src/journal/journal-error";
import { parseJournalEntry } from "../../src/journal/record-analysis";
import { failedEntry, fakePng, sampleEntry } from "./journal-fixtures";

/** The message of the JournalError that parsing `input` throws (fails the test when it parses). */
function refusal(input: unknown): string {
  try {
    parseJournalEntry(input);
  } catch (error) {
    expect(error).toBeInstanceOf(JournalError);
    expect(error).toMatchObject({ reason: "invalid_input" });
    return (error as Error).message;
  }
  throw new Error("the entry was accepted");
}

const accepts = (input: unknown) => journalEntryInputSchema.safeParse(input).success;

describe("isoTimeSchema", () => {
  it("needs a zone and stores the time in UTC milliseconds", () => {
    expect(isoTimeSchema.parse("2025-03-01T12:00:00+02:00")).toBe("2025-03-01T10:00:00.000Z");
    expect(isoTimeSchema.parse("2025-03-01T12:00:00Z")).toBe("2025-03-01T12:00:00.000Z");
    const local = isoTimeSchema.safeParse("2025-03-01T12:00:00");
    expect(local.success).toBe(false);
    expect(local.error?.issues[0]?.message).toBe("must be an ISO 8601 time with a zone, such as 2025-03-01T12:00:00Z");
  });
});

describe("journal entry schema", () => {
  it("fills every default of a minimal entry", () => {
    const minimal = {
      source: "cli",
      request: null,
      asset: "BTC",
      symbol: "BTC-USD",
      timeframe: "1d",
      window: null,
      barCount: 0,
      models: {
        agent: { provider: "openai", model: "gpt-4o-mini", temperature: 0 },
        graph: { provider: "openai", model: "gpt-4o", temperature: 0 },
      },
      promptVersion: "v1",
      decision: null,
      entry: null,
      error: { code: "no_data", message: "" },
      result: {},
    };
    const parsed = parseJournalEntry(minimal);
    expect(parsed).toMatchObject({
      blind: false,
      plugins: [],
      stages: {},
      reports: { indicator: "", pattern: "", trend: "", analysts: {} },
      charts: {},
      usage: { callsPerStep: {}, inputTokens: 0, outputTokens: 0 },
      costUsd: null,
      timingsMs: {},
    });
    // A failed run leaves the error out only when it has a decision: here the error is required (below).
    expect(parseJournalEntry({ ...minimal, reports: { indicator: "a", pattern: "b", trend: "c" } }).reports).toEqual({
      indicator: "a",
      pattern: "b",
      trend: "c",
      analysts: {},
    });
    expect(parseJournalEntry({ ...minimal, usage: { inputTokens: 1, outputTokens: 2 } }).usage.callsPerStep).toEqual(
      {},
    );
    const { error: _error, ...withoutError } = sampleEntry();
    expect(parseJournalEntry(withoutError).error).toBeNull();
  });

  it("trims names and refuses blank ones", () => {
    expect(parseJournalEntry(sampleEntry({ asset: "  BTC  " })).asset).toBe("BTC");
    for (const field of ["asset", "symbol", "timeframe", "promptVersion"] as const) {
      expect(refusal({ ...sampleEntry(), [field]: "   " })).toContain(`${field}: must not be empty`);
    }
    const models = sampleEntry().models;
    expect(refusal(sampleEntry({ models: { ...models, agent: { ...models.agent, model: " " } } }))).toContain(
      "models.agent.model: must not be empty",
    );
    expect(refusal(sampleEntry({ plugins: [{ name: "volume", version: "" }] }))).toContain(
      "plugins.0.version: must not be empty",
    );
    expect(parseJournalEntry(sampleEntry({ plugins: [{ name: "volume", version: "1.0.0" }] })).plugins).toEqual([
      { name: "volume", version: "1.0.0" },
    ]);
  });

  it("takes counts as whole numbers from 0, and refuses a negative or a fraction", () => {
    expect(parseJournalEntry(sampleEntry({ barCount: 0 })).barCount).toBe(0);
    expect(accepts(sampleEntry({ barCount: -1 }))).toBe(false);
    expect(accepts(sampleEntry({ barCount: 1.5 }))).toBe(false);
    const usage = sampleEntry().usage!;
    expect(accepts(sampleEntry({ usage: { ...usage, inputTokens: -1 } }))).toBe(false);
    expect(accepts(sampleEntry({ usage: { ...usage, callsPerStep: { indicator: -1 } } }))).toBe(false);
  });

  it("refuses numbers that are not finite, and a negative cost, time or entry close", () => {
    const models = sampleEntry().models;
    expect(
      accepts(
        sampleEntry({ models: { ...models, graph: { ...models.graph, temperature: Number.POSITIVE_INFINITY } } }),
      ),
    ).toBe(false);
    const decision = sampleEntry().decision!;
    expect(accepts(sampleEntry({ decision: { ...decision, riskRewardRatio: Number.NaN } }))).toBe(false);
    expect(accepts(sampleEntry({ decision: { ...decision, decision: "HOLD" as never } }))).toBe(false);
    expect(parseJournalEntry(sampleEntry({ costUsd: 0 })).costUsd).toBe(0);
    expect(parseJournalEntry(sampleEntry({ costUsd: null })).costUsd).toBeNull();
    expect(accepts(sampleEntry({ costUsd: -0.01 }))).toBe(false);
    expect(accepts(sampleEntry({ costUsd: Number.POSITIVE_INFINITY }))).toBe(false);
    expect(accepts(sampleEntry({ timingsMs: { total: -1 } }))).toBe(false);
    expect(accepts(sampleEntry({ timingsMs: { total: Number.POSITIVE_INFINITY } }))).toBe(false);
    const time = sampleEntry().entry!.time;
    expect(accepts(sampleEntry({ entry: { close: 0, time } }))).toBe(false);
    expect(accepts(sampleEntry({ entry: { close: Number.POSITIVE_INFINITY, time } }))).toBe(false);
  });

  it("takes PNG bytes only: a Uint8Array or Buffer that starts with the whole signature and holds more", () => {
    const png = fakePng(100);
    expect(parseJournalEntry(sampleEntry({ charts: { pattern: new Uint8Array(png) } })).charts.pattern).toEqual(
      new Uint8Array(png),
    );
    expect(refusal(sampleEntry({ charts: { trend: png.toString("base64") as never } }))).toContain(
      "charts.trend: must be PNG bytes (a Uint8Array or Buffer)",
    );
    expect(refusal(sampleEntry({ charts: { pattern: png.subarray(0, 8) } }))).toContain(
      "charts.pattern: is not a PNG image (its first bytes are not the PNG signature)",
    );
    expect(accepts(sampleEntry({ charts: { pattern: png.subarray(0, 9) } }))).toBe(true);
    // Each signature byte counts, the last one too.
    for (const index of [0, 7]) {
      const wrong = Buffer.from(png);
      wrong[index] = 0;
      expect(accepts(sampleEntry({ charts: { pattern: wrong } }))).toBe(false);
    }
  });

  it("ties decision, error and entry bar together, naming the field at fault", () => {
    expect(refusal(failedEntry({ error: null }))).toBe(
      "journal entry: error: a run without a decision must say why it failed",
    );
    expect(refusal(sampleEntry({ error: { code: "x", message: "y" } }))).toBe(
      "journal entry: error: a run with a decision cannot also carry an error",
    );
    expect(refusal(sampleEntry({ entry: null }))).toBe(
      "journal entry: entry: a decision needs the entry bar (close and time) it was taken at",
    );
    // A failed run may have no entry bar; a successful one with its bar and no error is fine.
    expect(accepts(failedEntry({ entry: null }))).toBe(true);
    expect(accepts(sampleEntry())).toBe(true);
  });

  it("keeps the requested start of the window when given, normalised like the others", () => {
    const window = {
      start: "2025-02-22T12:00:00Z",
      end: "2025-03-01T08:00:00Z",
      requestedStart: "2025-02-20T00:00:00Z",
    };
    expect(accepts(sampleEntry({ window }))).toBe(true);
    expect(
      parseJournalEntry(sampleEntry({ window: { ...window, requestedStart: "2025-02-20T01:00:00+01:00" } })).window,
    ).toEqual({
      start: "2025-02-22T12:00:00.000Z",
      end: "2025-03-01T08:00:00.000Z",
      requestedStart: "2025-02-20T00:00:00.000Z",
    });
  });
});
