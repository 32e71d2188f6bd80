// What an evaluation or backtest run must be to enter the journal, rule by rule: each point's fields and defaults,
// a horizon at most once per point, point ids unique in a run, a run's defaults, and a backtest report's size bound.
import { describe, expect, it } from "vitest";

import {
  evaluationPointInputSchema,
  evaluationRunInputSchema,
  MAX_RUN_REPORT_CHARACTERS,
} from "../../src/journal/evaluation-run-input";

const point = {
  id: "BTC-1-0",
  asset: "BTC",
  window: 1,
  lastBarTime: "2024-06-01T00:00:00Z",
  entryClose: 100,
  directive: "LONG",
  moves: [{ horizon: 3, move: 0.01 }],
};
const run = { settings: { windows: 1 }, models: null, promptVersion: "v1", points: [point] };

/** The refusal's issues as "path: message". */
function issues(schema: typeof evaluationPointInputSchema | typeof evaluationRunInputSchema, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("evaluationPointInputSchema", () => {
  it("fills a point's defaults and keeps its times as ISO text in UTC", () => {
    expect(evaluationPointInputSchema.parse({ ...point, lastBarTime: "2024-06-01T02:00:00+02:00" })).toEqual({
      ...point,
      lastBarTime: "2024-06-01T00:00:00.000Z",
      point: 0,
      error: null,
    });
    // A failed point: no directive, its error kept; a window of 0 and a point of 0 are fine.
    expect(
      evaluationPointInputSchema.parse({ ...point, window: 0, point: 0, directive: null, error: "Rate limit" }),
    ).toMatchObject({ window: 0, point: 0, directive: null, error: "Rate limit" });
  });

  it("refuses an empty id or asset, a negative or fractional window or point, a price of zero and an unknown directive", () => {
    expect(issues(evaluationPointInputSchema, { ...point, id: " ", asset: "" })).toEqual([
      "id: must not be empty",
      "asset: must not be empty",
    ]);
    for (const [field, value] of [
      ["window", -1],
      ["window", 1.5],
      ["point", -1],
      ["point", 0.5],
      ["entryClose", 0],
      ["entryClose", Number.POSITIVE_INFINITY],
      ["directive", "HOLD"],
      ["lastBarTime", "2024-06-01"],
    ] as const)
      expect(issues(evaluationPointInputSchema, { ...point, [field]: value }), `${field} ${value}`).toHaveLength(1);
    expect(evaluationPointInputSchema.parse({ ...point, id: " BTC-1-0 " }).id).toBe("BTC-1-0");
  });

  it("takes each horizon at most once, positive and whole, with a finite move", () => {
    const moves = (list: unknown[]) => issues(evaluationPointInputSchema, { ...point, moves: list });
    expect(moves([])).toEqual([]);
    expect(
      moves([
        { horizon: 1, move: 0.01 },
        { horizon: 3, move: -0.02 },
      ]),
    ).toEqual([]);
    expect(
      moves([
        { horizon: 3, move: 0.01 },
        { horizon: 3, move: 0.02 },
      ]),
    ).toEqual(["moves: each horizon at most once"]);
    expect(moves([{ horizon: 0, move: 0 }])).toHaveLength(1);
    expect(moves([{ horizon: 1.5, move: 0 }])).toHaveLength(1);
    expect(moves([{ horizon: 1, move: Number.NaN }])).toHaveLength(1);
    expect(moves([{ horizon: 1, move: 0, extra: true }])).toHaveLength(1);
  });
});

describe("evaluationRunInputSchema", () => {
  it("fills a run's defaults: an evaluation on 4h bars without a report or plugins", () => {
    expect(evaluationRunInputSchema.parse(run)).toEqual({
      kind: "evaluation",
      report: null,
      timeframe: "4h",
      settings: { windows: 1 },
      models: null,
      promptVersion: "v1",
      plugins: [],
      points: [{ ...point, lastBarTime: "2024-06-01T00:00:00.000Z", point: 0, error: null }],
    });
    const models = {
      agent: { provider: "openai", model: "gpt-4o-mini", temperature: 0.1 },
      graph: { provider: "openai", model: "gpt-4o", temperature: 0.1 },
    };
    const named = evaluationRunInputSchema.parse({
      ...run,
      kind: "evaluation",
      models,
      points: [{ ...point, directive: "SHORT" }],
    });
    expect(named).toMatchObject({ kind: "evaluation", models, points: [{ directive: "SHORT" }] });
    expect(issues(evaluationRunInputSchema, { ...run, models: { ...models, judge: models.graph } })).toHaveLength(1);
    const backtest = evaluationRunInputSchema.parse({
      ...run,
      kind: "backtest",
      report: { lines: [] },
      timeframe: " 1d ",
      promptVersion: " v2 ",
      plugins: [{ name: "volume-profile", version: "1.0.0" }],
    });
    expect(backtest).toMatchObject({ kind: "backtest", report: { lines: [] }, timeframe: "1d", promptVersion: "v2" });
  });

  it("refuses an unknown kind, an empty prompt version or timeframe, and point ids used twice", () => {
    expect(issues(evaluationRunInputSchema, { ...run, kind: "replay" })).toHaveLength(1);
    expect(issues(evaluationRunInputSchema, { ...run, promptVersion: " ", timeframe: "" })).toEqual([
      "timeframe: must not be empty",
      "promptVersion: must not be empty",
    ]);
    expect(issues(evaluationRunInputSchema, { ...run, points: [point, { ...point, window: 2 }] })).toEqual([
      "points: point ids must be unique within a run",
    ]);
    expect(issues(evaluationRunInputSchema, { ...run, points: [point, { ...point, id: "BTC-2-0" }] })).toEqual([]);
    expect(issues(evaluationRunInputSchema, { ...run, points: [] })).toEqual([]);
  });

  it("takes a report up to its size in characters of JSON, not one more", () => {
    expect(MAX_RUN_REPORT_CHARACTERS).toBe(50 * 1024 * 1024);
    // {"text":"…"} is 11 characters around the text.
    const report = (length: number) => ({ text: "x".repeat(length - 11) });
    expect(JSON.stringify(report(100)).length).toBe(100);
    expect(issues(evaluationRunInputSchema, { ...run, report: report(MAX_RUN_REPORT_CHARACTERS) })).toEqual([]);
    expect(issues(evaluationRunInputSchema, { ...run, report: report(MAX_RUN_REPORT_CHARACTERS + 1) })).toEqual([
      `report: the report must be at most ${MAX_RUN_REPORT_CHARACTERS} characters of JSON`,
    ]);
  });
});
