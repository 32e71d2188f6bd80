// The journal's statistics split at each analysis's graph model's training cutoff, on both engines: replays of
// history before the cutoff, decisions after it, and models with no published cutoff (or failed runs) left unsplit.
import { describe, expect, it } from "vitest";

import { cutoffSideOf, splitRows } from "../../src/journal/cutoff-stats";
import type { Journal } from "../../src/journal/journal";
import { journalEngines, useJournalEngine } from "./journal-engines";
import { type EntryOverrides, failedEntry, laterBars, sampleEntry } from "./journal-fixtures";

/** A LONG from 100 whose decision bar opened at `time`, scored at once: hit when the later closes rise. */
async function recordReplay(journal: Journal, time: string, hit: boolean, overrides: EntryOverrides = {}) {
  const { id } = await journal.record(
    sampleEntry({ directive: "LONG", entry: { close: 100, time }, charts: {}, ...overrides }),
  );
  const close = hit ? 101 : 99;
  expect(await journal.recordOutcome(id, laterBars(time, [close, close, close]))).not.toBeNull();
}

const graph = (model: string, provider = "openai") => ({
  models: {
    agent: { provider, model, temperature: 0.1 },
    graph: { provider, model, temperature: 0.1 },
  },
});

describe("cutoffSideOf", () => {
  it("puts the cutoff month and earlier before, later months after, and unknown models unsplit", () => {
    expect(cutoffSideOf("gpt-4o", "2023-10")).toBe("before");
    expect(cutoffSideOf("gpt-4o-2024-08-06", "2023-11")).toBe("after");
    expect(cutoffSideOf("gpt-4o", "2019-01")).toBe("before");
    expect(cutoffSideOf("qwen3-vl-plus", "2025-01")).toBe("unsplit");
    expect(cutoffSideOf("my-local-model", "2025-01")).toBe("unsplit");
    expect(cutoffSideOf("gpt-4o", null)).toBe("unsplit");
  });
});

describe.each(journalEngines)("statistics split at the training cutoff on %s", (engine) => {
  const harness = useJournalEngine(engine);

  it("splits each group at its analyses' graph models' cutoffs, with Wilson intervals on each side", async () => {
    const journal = await harness.open();
    // gpt-4o (cutoff 2023-10): two replays before it (one hit), three decisions after it (all hits).
    await recordReplay(journal, "2023-06-01T08:00:00.000Z", true);
    await recordReplay(journal, "2023-10-31T20:00:00.000Z", false);
    for (const day of ["01", "02", "03"]) await recordReplay(journal, `2023-11-${day}T08:00:00.000Z`, true);
    await journal.record(failedEntry({ charts: {}, entry: null, window: null }));
    // qwen3-vl-plus: no published cutoff.
    await recordReplay(journal, "2023-06-01T08:00:00.000Z", true, graph("qwen3-vl-plus", "qwen"));
    // claude-haiku-4-5 (cutoff 2025-07), on BTC too: before.
    await recordReplay(journal, "2025-07-15T08:00:00.000Z", false, graph("claude-haiku-4-5-20251001", "anthropic"));

    const byModel = await journal.stats({ groupBy: "model", split: "cutoff" });
    const gpt = byModel.groups.find((group) => group.key === "gpt-4o")!;
    expect(gpt).toMatchObject({ n: 6, scored: 5, hits: 4 });
    expect(gpt.split?.before).toMatchObject({ n: 2, scored: 2, hits: 1, accuracy: 0.5 });
    expect(gpt.split?.after).toMatchObject({ n: 3, scored: 3, hits: 3, accuracy: 1 });
    expect(gpt.split?.after.ci_low).toBeCloseTo(0.43849, 4); // Wilson, 3 of 3
    expect(gpt.split?.unsplit).toMatchObject({ n: 1, scored: 0, accuracy: null }); // the failed run: no decision bar
    expect(byModel.groups.find((group) => group.key === "qwen3-vl-plus")!.split?.unsplit).toMatchObject({
      n: 1,
      scored: 1,
      hits: 1,
    });

    // By asset, every analysis goes to the side its own model puts it on.
    const byAsset = await journal.stats({ groupBy: "asset", split: "cutoff", horizon: 1 });
    expect(byAsset.groups).toHaveLength(1);
    expect(byAsset.groups[0]!.split).toMatchObject({
      before: { n: 3, scored: 3, hits: 1 },
      after: { n: 3, scored: 3, hits: 3 },
      unsplit: { n: 2, scored: 1, hits: 1 },
    });
    // Without split, no split figures.
    expect((await journal.stats({ groupBy: "model" })).groups.every((group) => group.split === undefined)).toBe(true);
    await expect(journal.stats({ groupBy: "model", split: "date" } as never)).rejects.toThrow(
      /split: must be "cutoff"/,
    );
  });
});

describe("splitRows", () => {
  it("gives three rows per split group, named by side, and a group without a split as it is", () => {
    const figures = (n: number, hits: number, scored: number) => ({
      n,
      scored,
      hits,
      accuracy: scored === 0 ? null : hits / scored,
      ci_low: null,
      ci_high: null,
    });
    const split = { before: figures(2, 1, 2), after: figures(3, 3, 3), unsplit: figures(1, 0, 0) };
    const plain = { key: "other", ...figures(4, 2, 4), extra: "not copied" };
    expect(splitRows([{ key: "gpt-4o", ...figures(6, 4, 5), split }, plain])).toStrictEqual([
      { key: "gpt-4o (before)", ...split.before },
      { key: "gpt-4o (after)", ...split.after },
      { key: "gpt-4o (unsplit)", ...split.unsplit },
      { key: "other", ...figures(4, 2, 4) },
    ]);
  });
});

// The rules below are the same statements on both engines: on SQLite only.
describe("statistics split at the training cutoff on sqlite: what each side counts", () => {
  const harness = useJournalEngine("sqlite");

  it("leaves the demo provider's analyses out of the split figures too, as out of the group's own", async () => {
    const journal = await harness.open();
    await recordReplay(journal, "2023-11-01T08:00:00.000Z", true);
    const demo = {
      models: {
        agent: { provider: "demo", model: "demo", temperature: 0 },
        graph: { provider: "demo", model: "demo", temperature: 0 },
      },
    };
    await recordReplay(journal, "2023-11-01T08:00:00.000Z", false, demo);
    await recordReplay(journal, "2023-11-01T08:00:00.000Z", false, {
      models: { ...demo.models, graph: graph("gpt-4o").models.graph },
    });
    const [group] = (await journal.stats({ groupBy: "asset", split: "cutoff" })).groups;
    expect(group).toMatchObject({ key: "BTC", n: 1, scored: 1, hits: 1 });
    expect(group!.split).toMatchObject({
      before: { n: 0, scored: 0, hits: 0, accuracy: null },
      after: { n: 1, scored: 1, hits: 1, accuracy: 1 },
      unsplit: { n: 0, scored: 0, hits: 0, accuracy: null },
    });
  });

  it("takes the list's filters and the horizon on each side", async () => {
    const journal = await harness.open();
    // k = 1 a hit, k = 3 a miss.
    const { id } = await journal.record(
      sampleEntry({ directive: "LONG", entry: { close: 100, time: "2023-11-01T08:00:00.000Z" }, charts: {} }),
    );
    await journal.recordOutcome(id, laterBars("2023-11-01T08:00:00.000Z", [101, 100, 99]));
    await recordReplay(journal, "2023-06-01T08:00:00.000Z", true, { asset: "SPX", symbol: "^GSPC" });
    const byModel = async (options: { horizon?: 1 | 3; asset?: string }) =>
      (await journal.stats({ groupBy: "model", split: "cutoff", ...options })).groups[0]!.split;
    expect(await byModel({ horizon: 1, asset: "BTC" })).toMatchObject({
      before: { n: 0 },
      after: { n: 1, scored: 1, hits: 1 },
    });
    expect(await byModel({ asset: "BTC" })).toMatchObject({ after: { n: 1, scored: 1, hits: 0 } });
    expect(await byModel({})).toMatchObject({ before: { n: 1, hits: 1 }, after: { n: 1 } });
  });
});
