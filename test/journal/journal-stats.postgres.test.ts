// Accuracy per group with Wilson 95% intervals, and accuracy over time, on both engines.
// Provenance: the intervals are Wilson's formula worked by hand, centre (p + z²/2n) / (1 + z²/n) and half-width
// (z / (1 + z²/n)) * sqrt(p(1-p)/n + z²/4n²) with z = 1.959964, checked with Python's math module
// (5 of 10 also appears in test/scoring/directional-score.test.ts, checked there against statsmodels).
import { describe, expect, it } from "vitest";

import type { Journal } from "../../src/journal/journal";
import { groupColumn } from "../../src/journal/journal-grouping";
import { weekStart } from "../../src/journal/journal-stats";
import { journalEngines, useJournalEngine } from "./journal-engines";
import { type EntryOverrides, failedEntry, laterBars, sampleEntry } from "./journal-fixtures";

const T = "2025-03-01T08:00:00.000Z";
/** LONG from 100: the k=1 close is the first, the k=3 close the third; 101 rises (hit), 99 falls (miss). */
const closesFor = (hitAt1: boolean, hitAt3: boolean) => [hitAt1 ? 101 : 99, 100, hitAt3 ? 101 : 99];

async function recordScored(
  journal: Journal,
  hitAt1: boolean,
  hitAt3: boolean,
  overrides: EntryOverrides = {},
  recordedAt?: Date,
): Promise<void> {
  const { id } = await journal.record(
    sampleEntry({ directive: "LONG", entry: { close: 100, time: T }, charts: {}, ...overrides }),
    { recordedAt },
  );
  expect(await journal.recordOutcome(id, laterBars(T, closesFor(hitAt1, hitAt3)))).not.toBeNull();
}

const claude = {
  asset: "SPX",
  symbol: "^GSPC",
  models: {
    agent: { provider: "anthropic", model: "claude-haiku-4-5", temperature: 0 },
    graph: { provider: "anthropic", model: "claude-haiku-4-5", temperature: 0 },
  },
};

describe.each(journalEngines)("statistics on %s", (engine) => {
  const harness = useJournalEngine(engine);

  async function seeded(): Promise<Journal> {
    const journal = await harness.open();
    // gpt-4o on BTC: k=1 hits 4 + 1 = 5 of 10, k=3 hits 4 + 3 = 7 of 10; plus a failed run and a pending one (n = 12).
    const day = (date: string) => new Date(`${date}T12:00:00Z`);
    for (let index = 0; index < 4; index += 1) await recordScored(journal, true, true, {}, day("2025-01-06")); // Monday
    for (let index = 0; index < 3; index += 1) await recordScored(journal, false, true, {}, day("2025-01-08")); // Wednesday
    await recordScored(journal, true, false, {}, day("2025-01-13")); // next Monday
    for (let index = 0; index < 2; index += 1) await recordScored(journal, false, false, {}, day("2025-01-13"));
    await journal.record(failedEntry({ charts: {} }), { recordedAt: day("2025-01-13") });
    await journal.record(sampleEntry({ charts: {} }), { recordedAt: day("2025-01-13") });
    // claude on SPX: k=1 hits 2 of 4, k=3 hits 1 of 4.
    await recordScored(journal, true, true, claude, day("2025-01-07"));
    await recordScored(journal, true, false, claude, day("2025-01-07"));
    for (let index = 0; index < 2; index += 1) await recordScored(journal, false, false, claude, day("2025-01-07"));
    return journal;
  }

  it("counts n, scored and hits per model with Wilson 95% intervals, at k = 3 by default and at k = 1", async () => {
    const journal = await seeded();
    const k3 = await journal.stats({ groupBy: "model" });
    expect(k3).toMatchObject({ groupBy: "model", horizon: 3 });
    expect(k3.groups.map(({ key, n, scored, hits, accuracy }) => ({ key, n, scored, hits, accuracy }))).toEqual([
      { key: "claude-haiku-4-5", n: 4, scored: 4, hits: 1, accuracy: 0.25 },
      { key: "gpt-4o", n: 12, scored: 10, hits: 7, accuracy: 0.7 },
    ]);
    expect(k3.groups[0]!.ci_low).toBeCloseTo(0.045587, 5); // 1 of 4
    expect(k3.groups[0]!.ci_high).toBeCloseTo(0.699358, 5);
    expect(k3.groups[1]!.ci_low).toBeCloseTo(0.396778, 5); // 7 of 10
    expect(k3.groups[1]!.ci_high).toBeCloseTo(0.892209, 5);
    const k1 = await journal.stats({ groupBy: "model", horizon: 1 });
    expect(k1.groups.map(({ key, hits, scored }) => [key, hits, scored])).toEqual([
      ["claude-haiku-4-5", 2, 4],
      ["gpt-4o", 5, 10],
    ]);
    expect(k1.groups[0]!.ci_low).toBeCloseTo(0.150039, 5); // 2 of 4
    expect(k1.groups[1]!.ci_low).toBeCloseTo(0.236593, 5); // 5 of 10
    expect(k1.groups[1]!.ci_high).toBeCloseTo(0.763407, 5);
  });

  it("groups by provider, asset, timeframe and prompt version, and takes the list's filters", async () => {
    const journal = await seeded();
    const keys = async (groupBy: "provider" | "asset" | "timeframe" | "prompt_version") =>
      (await journal.stats({ groupBy })).groups.map((group) => [group.key, group.n]);
    expect(await keys("provider")).toEqual([
      ["anthropic", 4],
      ["openai", 12],
    ]);
    expect(await keys("asset")).toEqual([
      ["BTC", 12],
      ["SPX", 4],
    ]);
    expect(await keys("timeframe")).toEqual([["4h", 16]]);
    expect(await keys("prompt_version")).toEqual([["2025-03-a", 16]]);
    expect((await journal.stats({ groupBy: "model", asset: "SPX" })).groups.map((group) => group.key)).toEqual([
      "claude-haiku-4-5",
    ]);
    await expect(journal.stats({ groupBy: "colour" } as never)).rejects.toMatchObject({ reason: "invalid_input" });
    await expect(journal.stats({ groupBy: "model", horizon: 2 } as never)).rejects.toThrow(/horizon: must be 1 or 3/);
  });

  it("leaves the demo provider's scripted analyses out of every figure, whatever their outcomes", async () => {
    const journal = await seeded();
    const before = {
      model: await journal.stats({ groupBy: "model" }),
      provider: await journal.stats({ groupBy: "provider", horizon: 1 }),
      overTime: await journal.accuracyOverTime({ groupBy: "asset", bucket: "week" }),
    };
    const demo = {
      models: {
        agent: { provider: "demo", model: "demo", temperature: 0 },
        graph: { provider: "demo", model: "demo", temperature: 0 },
      },
    };
    const day = new Date("2025-01-13T12:00:00Z");
    for (let index = 0; index < 3; index += 1) await recordScored(journal, true, true, demo, day);
    // One role on the demo is a demo too: its reports or its tool dispatch were scripted.
    await recordScored(journal, false, false, { models: { ...demo.models, graph: claude.models.graph } }, day);
    // The figures are as before; the answer says how many demo analyses it left out (none before, four now).
    expect(before.model.demoLeftOut).toBe(0);
    expect(await journal.stats({ groupBy: "model" })).toEqual({ ...before.model, demoLeftOut: 4 });
    expect(await journal.stats({ groupBy: "provider", horizon: 1 })).toEqual({ ...before.provider, demoLeftOut: 4 });
    expect(await journal.accuracyOverTime({ groupBy: "asset", bucket: "week" })).toEqual(before.overTime);
    expect((await journal.stats({ groupBy: "model", provider: "demo" })).groups).toEqual([]);
    // Still in the history list, labelled.
    const listed = (await journal.list({ provider: "demo" })).analyses;
    expect(listed).toHaveLength(4);
    expect(listed.every((summary) => summary.demo)).toBe(true);
  });

  it("a group with nothing scored has null accuracy and interval", async () => {
    const journal = await harness.open();
    await journal.record(sampleEntry({ charts: {} }));
    expect((await journal.stats({ groupBy: "model" })).groups).toEqual([
      {
        key: "gpt-4o",
        n: 1,
        scored: 0,
        hits: 0,
        accuracy: null,
        ci_low: null,
        ci_high: null,
        calibration: null,
        stability: null,
      },
    ]);
  });

  it("buckets accuracy by UTC day or by week (from Monday)", async () => {
    const journal = await seeded();
    const daily = await journal.accuracyOverTime({ groupBy: "model" });
    expect(daily).toMatchObject({ groupBy: "model", horizon: 3, bucket: "day" });
    const gpt = daily.series.find((series) => series.key === "gpt-4o");
    expect(gpt?.points.map(({ start, scored, hits }) => [start, hits, scored])).toEqual([
      ["2025-01-06", 4, 4],
      ["2025-01-08", 3, 3],
      ["2025-01-13", 0, 3],
    ]);
    expect(gpt?.points[0]!.ci_low).toBeCloseTo(0.510109, 5); // 4 of 4
    const weekly = await journal.accuracyOverTime({ groupBy: "model", bucket: "week" });
    expect(
      weekly.series.map((series) => [
        series.key,
        series.points.map(({ start, hits, scored }) => [start, hits, scored]),
      ]),
    ).toEqual([
      ["claude-haiku-4-5", [["2025-01-06", 1, 4]]],
      [
        "gpt-4o",
        [
          ["2025-01-06", 7, 7],
          ["2025-01-13", 0, 3],
        ],
      ],
    ]);
    const weeklyPoints = weekly.series[1]!.points;
    const first = weeklyPoints[0]!;
    const second = weeklyPoints[1]!;
    expect(first.ci_low).toBeCloseTo(0.64567, 5); // 7 of 7
    expect(first.ci_high).toBe(1);
    expect(second.accuracy).toBe(0);
    expect(second.ci_high).toBeCloseTo(0.561497, 5); // 0 of 3
    const weeklyAtOne = await journal.accuracyOverTime({ groupBy: "asset", bucket: "week", horizon: 1 });
    expect(weeklyAtOne.series.map((series) => series.points.map((point) => point.hits))).toEqual([[4, 1], [2]]);
  });
});

// The rules below are the same statements on both engines: on SQLite only.
describe("statistics on sqlite: options, buckets and what a group holds", () => {
  const harness = useJournalEngine("sqlite");
  const day = (date: string) => new Date(`${date}T12:00:00Z`);

  it("names the options it refuses, for the statistics and for accuracy over time", async () => {
    const journal = await harness.open();
    await expect(journal.stats({ groupBy: "model", horizon: 2 } as never)).rejects.toThrow(
      /^stats options: horizon: must be 1 or 3 \(bars\)$/u,
    );
    await expect(journal.stats({ groupBy: "model", colour: "red" } as never)).rejects.toThrow(
      /^stats options: unknown field: /u,
    );
    await expect(journal.accuracyOverTime({ groupBy: "model", bucket: "month" } as never)).rejects.toThrow(
      /^accuracy-over-time options: bucket: /u,
    );
    await expect(journal.accuracyOverTime({ groupBy: "model", asset: "" })).rejects.toThrow(
      /^accuracy-over-time options: asset: must not be empty$/u,
    );
  });

  it("counts every recorded analysis of a group in n, and no split figures unless asked", async () => {
    const journal = await harness.open();
    await recordScored(journal, true, false, {}, day("2025-01-06"));
    await journal.record(failedEntry({ charts: {} }), { recordedAt: day("2025-01-06") });
    const stats = await journal.stats({ groupBy: "timeframe", horizon: 1 });
    expect(stats).toStrictEqual({
      groupBy: "timeframe",
      horizon: 1,
      demoLeftOut: 0,
      groups: [
        {
          key: "4h",
          n: 2,
          scored: 1,
          hits: 1,
          accuracy: 1,
          ci_low: expect.any(Number),
          ci_high: 1,
          calibration: null,
          stability: null,
        },
      ],
    });
  });

  it("puts only scored analyses on the time axis: a day of pending or failed ones has no point", async () => {
    const journal = await harness.open();
    await recordScored(journal, true, true, {}, day("2025-01-06"));
    await journal.record(sampleEntry({ charts: {} }), { recordedAt: day("2025-01-07") });
    await journal.record(failedEntry({ charts: {} }), { recordedAt: day("2025-01-08") });
    const daily = await journal.accuracyOverTime({ groupBy: "model", horizon: 1 });
    expect(daily).toMatchObject({ groupBy: "model", horizon: 1, bucket: "day" });
    // Asked for by name, the same as the default.
    expect(await journal.accuracyOverTime({ groupBy: "model", horizon: 1, bucket: "day" })).toEqual(daily);
    expect(daily.series.map((series) => [series.key, series.points.map((point) => point.start)])).toEqual([
      ["gpt-4o", ["2025-01-06"]],
    ]);
  });

  it("leaves out an analysis whose graph alone used the demo provider, as one whose agent alone did", async () => {
    const journal = await harness.open();
    await recordScored(journal, true, true, {}, day("2025-01-06"));
    const demo = { provider: "demo", model: "gpt-4o", temperature: 0 };
    const models = sampleEntry().models;
    await recordScored(journal, false, false, { models: { ...models, graph: demo } }, day("2025-01-06"));
    await recordScored(journal, false, false, { models: { ...models, agent: demo } }, day("2025-01-06"));
    expect((await journal.stats({ groupBy: "model" })).groups).toMatchObject([{ key: "gpt-4o", n: 1, hits: 1 }]);
    const [series] = (await journal.accuracyOverTime({ groupBy: "model" })).series;
    expect(series?.points).toMatchObject([{ start: "2025-01-06", scored: 1, hits: 1 }]);
  });

  it("orders the series by key and the points by time, whatever the recording order", async () => {
    const journal = await harness.open();
    const spx = { ...claude, models: sampleEntry().models };
    await recordScored(journal, true, true, spx, day("2025-01-20"));
    await recordScored(journal, false, false, {}, day("2025-01-20"));
    await recordScored(journal, true, true, spx, day("2025-01-06"));
    await recordScored(journal, true, true, {}, day("2025-01-13"));
    const weekly = await journal.accuracyOverTime({ groupBy: "asset", bucket: "week" });
    expect(weekly.series.map((series) => [series.key, series.points.map(({ start, hits }) => [start, hits])])).toEqual([
      [
        "BTC",
        [
          ["2025-01-13", 1],
          ["2025-01-20", 0],
        ],
      ],
      [
        "SPX",
        [
          ["2025-01-06", 1],
          ["2025-01-20", 1],
        ],
      ],
    ]);
  });
});

describe("weekStart", () => {
  it("gives the Monday of the ISO week: itself for a Monday, six days back for a Sunday", () => {
    expect(weekStart("2025-01-06")).toBe("2025-01-06"); // Monday
    expect(weekStart("2025-01-07")).toBe("2025-01-06");
    expect(weekStart("2025-01-12")).toBe("2025-01-06"); // Sunday
    expect(weekStart("2025-01-13")).toBe("2025-01-13");
    expect(weekStart("2025-03-02")).toBe("2025-02-24"); // across a month
  });
});

describe("groupColumn", () => {
  it("reads the graph model's and provider's columns, and each other grouping's own", () => {
    expect(groupColumn("model")).toBe("graph_model");
    expect(groupColumn("provider")).toBe("graph_provider");
    expect(groupColumn("asset")).toBe("asset");
    expect(groupColumn("timeframe")).toBe("timeframe");
    expect(groupColumn("prompt_version")).toBe("prompt_version");
    expect(() => groupColumn("colour" as never)).toThrow("unknown grouping colour");
  });
});

describe.each(journalEngines)("confidence and samples in the statistics on %s", (engine) => {
  const harness = useJournalEngine(engine);
  const decided = (
    confidence: number,
    sampled?: { agreement: number; samples: ("LONG" | "SHORT")[] },
  ): EntryOverrides => ({
    decision: {
      forecastHorizon: "next 3 bars (12 hours)",
      decision: "LONG",
      justification: "Momentum.",
      riskRewardRatio: 1.5,
      confidence,
      ...(sampled && {
        agreement: sampled.agreement,
        samples: sampled.samples.map((decision) => ({ decision, confidence })),
      }),
    },
  });

  it("scores each group's stated confidence and its samples' stability against the outcomes at k = 3", async () => {
    const journal = await harness.open();
    // gpt-4o, every call LONG: right at 0.9 (three samples, the first SHORT) and at 0.8; wrong at 0.6 (three
    // unanimous samples) and at 0.55. claude states no confidence.
    await recordScored(journal, true, true, decided(0.9, { agreement: 2 / 3, samples: ["SHORT", "LONG", "LONG"] }));
    await recordScored(journal, true, true, decided(0.8));
    await recordScored(journal, true, false, decided(0.6, { agreement: 1, samples: ["LONG", "LONG", "LONG"] }));
    await recordScored(journal, false, false, decided(0.55));
    await recordScored(journal, true, true, claude);
    const stats = await journal.stats({ groupBy: "model" });
    const [haiku, gpt] = stats.groups;
    expect(haiku).toMatchObject({ key: "claude-haiku-4-5", calibration: null, stability: null });
    // Brier: (0.1² + 0.2² + 0.6² + 0.55²) / 4; every hit stated above every miss: AUC 1.
    expect(gpt?.calibration).toMatchObject({ samples: 4, auc: 1 });
    expect(gpt?.calibration?.brier).toBeCloseTo(0.178125, 12);
    // Bins: 0.55 (miss), 0.6 (miss), 0.8 (hit), 0.9 (hit), a quarter each: |0 − 0.55| + |0 − 0.6| + 0.2 + 0.1, / 4.
    expect(gpt?.calibration?.ece).toBeCloseTo(1.45 / 4, 12);
    // The majority right once (the split call), the first sample never (SHORT on a rise; LONG on the fall).
    expect(gpt?.stability).toEqual({
      analyses: 2,
      mean_agreement: (2 / 3 + 1) / 2,
      majority_hits: 1,
      first_hits: 0,
      only_majority: 1,
      only_first: 0,
      p_value: 1,
      unanimous: { scored: 1, hits: 0, accuracy: 0 },
      split: { scored: 1, hits: 1, accuracy: 1 },
    });
    // At k = 1 the unanimous call was right (the close rose first): the split one too, so the first sample's SHORT lost.
    const k1 = await journal.stats({ groupBy: "model", horizon: 1 });
    expect(k1.groups[1]?.stability).toMatchObject({ majority_hits: 2, first_hits: 1, unanimous: { hits: 1 } });
  });
});
