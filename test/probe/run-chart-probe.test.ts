// runChartProbe against the local fake provider (the real OpenAI SDK over HTTP), with a fake vision model that always
// names one pattern and always sees an upward trend (test/fakes/chart-probe-handler.ts): that pattern scores 100%,
// every other 0%, and the overall pick accuracy is one over the number of planted patterns, with its p-value exact
// (held against a value worked by hand). Also: the trend and directive scores follow from the labels; nothing the
// agents are sent names the shape or the series; bad input, a missing key and the cost limit are refused before any
// call; a rerun is answered from the decision cache; the run is recorded in the journal as a probe.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { QuantAgentError } from "../../src/common/quantagent-error";
import { openJournal } from "../../src/journal/open-journal";
import type { ChartProbeOptions } from "../../src/probe/probe-options";
import type { ProbeResult } from "../../src/probe/probe-result";
import { runChartProbe } from "../../src/probe/run-chart-probe";
import { PROBE_SHAPES, type ProbeShape, SHAPE_CATALOG } from "../../src/probe/shapes/shape-catalog";
import { onePatternHandler } from "../fakes/chart-probe-handler";
import type { FakeProviderServer } from "../fakes/fake-provider-server";
import { useFakeProvider } from "../support/use-fake-provider";

const key = "sk-run-chart-probe.test-0123456789";
let server: FakeProviderServer;
useFakeProvider({ validKeys: [key], handler: onePatternHandler("Ascending Triangle") }, (started) => {
  server = started;
});

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "run-chart-probe-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

function options(extra: Partial<ChartProbeOptions> = {}): ChartProbeOptions {
  return {
    config: {
      api_key: key,
      openai_base_url: server.openaiBaseUrl,
      max_retries: 0,
      data_dir: path.join(scratch, "data"),
      journal: false,
    },
    cacheDir: false,
    dependencies: { env: {} },
    ...extra,
  };
}

/** What the test expects to be thrown: a QuantAgentError with this code and kind, and a message matching. */
async function refusal(run: Promise<unknown>): Promise<QuantAgentError> {
  let caught: unknown;
  try {
    await run;
  } catch (error) {
    caught = error;
  }
  expect(QuantAgentError.isInstance(caught)).toBe(true);
  return caught as QuantAgentError;
}

describe("runChartProbe against a fake that always names one pattern", () => {
  let result: ProbeResult;
  // The run's requests, kept: the fake forgets its own after each test.
  let requests: FakeProviderServer["requests"];
  beforeAll(async () => {
    server.reset();
    result = await runChartProbe(options({ perShape: 1, seed: 3 }));
    requests = [...server.requests];
  });

  it("analyses one series of every shape, each through the whole pipeline", () => {
    expect(result.points.map((point) => point.label.shape)).toEqual([...PROBE_SHAPES]);
    expect(result.errors).toBe(0);
    expect(result.points.every((point) => point.pick?.pattern === "Ascending Triangle")).toBe(true);
    // Four calls an analysis with chart_dispatch and indicator_mode "direct": the indicator report, two chart
    // reads, the decision.
    expect(requests).toHaveLength(4 * PROBE_SHAPES.length);
    expect(requests.filter((request) => request.summary.imageCount === 1)).toHaveLength(2 * 16);
  });

  it("scores the named pattern 100% and every other planted pattern 0%", () => {
    if (!result.scores.pattern.scored) throw new Error("the pattern was not scored");
    const patterns = PROBE_SHAPES.filter((shape) => SHAPE_CATALOG[shape].kind === "pattern");
    expect(result.scores.pattern.perShape.map((row) => row.shape)).toEqual(patterns);
    for (const row of result.scores.pattern.perShape)
      expect([row.shape, row.accuracy]).toEqual([row.shape, row.shape === "ascending_triangle" ? 1 : 0]);
  });

  it("gives an overall pick accuracy of one over the number of planted patterns, with its exact p-value", () => {
    if (!result.scores.pattern.scored) throw new Error("the pattern was not scored");
    const { overall } = result.scores.pattern;
    expect(overall).toMatchObject({ n: 13, hits: 1 });
    expect(overall.accuracy).toBe(1 / 13);
    // The best constant answer is "V-shaped Reversal", right on both V shapes: 2 of 13.
    expect(overall).toMatchObject({ chance: 2 / 13, chanceAnswer: "V-shaped Reversal" });
    // By hand: P(X >= 1) for X ~ Binomial(13, 2/13) is 1 - P(X = 0) = 1 - (11/13)^13 = 1 - 0.113983 = 0.886017.
    expect(overall.pValue).toBeCloseTo(1 - (11 / 13) ** 13, 12);
    expect(overall.pValue).toBeCloseTo(0.886017, 6);
    // And P(X <= 1) = (11/13)^13 + 13 (2/13)(11/13)^12 = 0.113983 + 0.269415 = 0.383398.
    expect(overall.pValueBelow).toBeCloseTo((11 / 13) ** 13 + 2 * (11 / 13) ** 12, 12);
    expect(overall.pValueBelow).toBeCloseTo(0.383398, 6);
    expect(result.verdict[0]).toMatch(/^The model does not read charts better than chance here/);
  });

  it("counts the named pattern on the plain trends as false alarms, and fills the confusion matrix", () => {
    if (!result.scores.pattern.scored) throw new Error("the pattern was not scored");
    expect(result.scores.pattern.falseAlarms).toEqual({ n: 3, named: 3 });
    const { confusion } = result.scores.pattern;
    expect(confusion.rows).toEqual([...PROBE_SHAPES]);
    expect(confusion.columns.at(-1)).toBe("none");
    const column = confusion.columns.indexOf("Ascending Triangle");
    for (const row of confusion.counts)
      expect(row.map((count, index) => (index === column ? 1 : count))).toEqual(
        confusion.columns.map(() => 0).map((zero, index) => (index === column ? 1 : zero)),
      );
  });

  it("scores the Trend agent's 'upward' and the directive's LONG against the labels", () => {
    const labelled = result.points.filter((point) => point.label.trend !== null);
    const upward = labelled.filter((point) => point.label.trend === "upward").length;
    expect(result.scores.trend.overall).toMatchObject({ n: labelled.length, hits: upward });
    const directed = result.points.filter((point) => point.label.direction !== null);
    // Closed under mirroring: as many LONG shapes as SHORT ones, so always-LONG scores exactly half.
    expect(result.scores.directive.overall).toMatchObject({ n: 14, hits: 7, accuracy: 0.5, chance: 0.5 });
    expect(directed).toHaveLength(14);
  });

  it("shows the agents no shape name, series name or price level: every analysis is blind", () => {
    const sent = requests.map((request) => request.rawBody).join("\n");
    for (const shape of PROBE_SHAPES) expect(sent).not.toContain(`${shape}-1`);
    expect(sent).not.toContain("Synthetic series");
    expect(sent).not.toMatch(/double_top|head_and_shoulders|uptrend|sideways-/);
    // No date: the bars are numbered (the series start on 2024-01-01).
    expect(sent).not.toMatch(/2024-01-\d\d/);
    // No price level: the indicator prompt's bars are rescaled so the last close is 100, never the series' own.
    const prompts = requests.filter((request) => request.summary.systemText.includes("indicator analyst"));
    expect(prompts).toHaveLength(16);
    for (const [index, request] of prompts.entries()) {
      const bars = request.summary.lastUserText.split("\n").filter((line) => /^\d+,/.test(line));
      expect(bars.at(-1)?.split(",")[4], `request ${index}`).toBe("100");
    }
    for (const point of result.points) expect(sent).not.toContain(String(Number(point.lastClose.toPrecision(7))));
    expect(result.settings.blind).toBe(true);
  });
});

describe("refused before anything is spent", () => {
  it("an unknown shape, listing the known ones", async () => {
    const error = await refusal(runChartProbe(options({ shapes: ["double_top", "cup_and_handle"] })));
    expect(error).toMatchObject({ kind: "input" });
    expect(error.message).toContain('unknown shape "cup_and_handle"');
    expect(error.message).toContain(PROBE_SHAPES.join(", "));
    expect(server.requestCount()).toBe(0);
  });

  it("zero series per shape, too much noise, too few bars", async () => {
    for (const [extra, words] of [
      [{ perShape: 0 }, /perShape: must be at least 1 series per shape/],
      [{ noise: 0.2 }, /noise: must be at most 0.05/],
      [{ bars: 20 }, /bars: must be at least 35 bars/],
    ] as const) {
      const error = await refusal(runChartProbe(options(extra)));
      expect(error.message).toMatch(words);
      expect(error.kind).toBe("input");
    }
    expect(server.requestCount()).toBe(0);
  });

  it("a missing key", async () => {
    const error = await refusal(
      runChartProbe({ ...options(), config: { api_key: "", data_dir: path.join(scratch, "data"), journal: false } }),
    );
    expect(error.kind).toBe("config");
    expect(server.requestCount()).toBe(0);
  });

  it("a cost limit that cannot be checked (no list price at the fake's address), told first", async () => {
    let told: number | null | undefined;
    const error = await refusal(
      runChartProbe(options({ maxCostUsd: 0.01, onEstimate: (estimate) => (told = estimate.costUsd) })),
    );
    expect(error).toMatchObject({ code: "over_budget", kind: "input" });
    expect(error.message).toMatch(
      /Not started: a cost limit of \$0\.01 was set, but .* has no list price, so the cost of 48 analyses/,
    );
    expect(told).toBeNull();
    expect(server.requestCount()).toBe(0);
  });
});

describe("resume from the decision cache", () => {
  it("a rerun asks the provider nothing and gives the same scores", async () => {
    const cached = options({
      shapes: ["double_bottom", "falling_wedge"],
      perShape: 2,
      cacheDir: path.join(scratch, "cache"),
    });
    const first = await runChartProbe(cached);
    expect(first.estimate).toMatchObject({ decisions: 4, cached: 0, toAnalyse: 4 });
    const calls = server.requestCount();
    const second = await runChartProbe(cached);
    expect(server.requestCount()).toBe(calls);
    expect(second.estimate).toMatchObject({ decisions: 4, cached: 4, toAnalyse: 0 });
    expect(second.points.every((point) => point.cached)).toBe(true);
    expect(second.scores).toEqual(first.scores);
  });
});

describe("the journal", () => {
  it("records the run as a probe, with one point per series and its scores, and lists it by kind", async () => {
    const dataDir = path.join(scratch, "journal");
    const shapes: ProbeShape[] = ["v_bottom", "v_top"];
    const result = await runChartProbe({
      ...options({ shapes, perShape: 1 }),
      config: { api_key: key, openai_base_url: server.openaiBaseUrl, max_retries: 0, data_dir: dataDir },
    });
    expect(result.journalError).toBeUndefined();
    const journal = await openJournal({ dataDir });
    try {
      const page = await journal.listEvaluationRuns({ kind: "probe" });
      expect(page.runs.map((run) => run.id)).toEqual([result.journalRunId]);
      expect(page.runs[0]).toMatchObject({ kind: "probe", pointCount: 2, demo: false });
      const run = await journal.getEvaluationRun(result.journalRunId!);
      expect(run?.report).toMatchObject({ verdict: result.verdict, scores: { pattern: { scored: true } } });
      expect(run?.settings).toMatchObject({ shapes, per_shape: 1, blind: true });
      expect((await journal.listEvaluationRuns({ kind: "backtest" })).runs).toEqual([]);
    } finally {
      await journal.close();
    }
  });
});

describe("interrupted", () => {
  it("keeps every completed analysis: the same run resumes from them and pays only for the rest", async () => {
    const cached = options({
      shapes: ["ascending_triangle", "descending_triangle"],
      perShape: 2,
      cacheDir: path.join(scratch, "interrupted"),
    });
    const controller = new AbortController();
    await expect(
      runChartProbe({
        ...cached,
        concurrency: 1,
        signal: controller.signal,
        onProgress: (progress) => {
          if (progress.done >= 1) controller.abort();
        },
      }),
    ).rejects.toThrow();
    const resumed = await runChartProbe(cached);
    expect(resumed.estimate.cached).toBeGreaterThanOrEqual(1);
    expect(resumed.estimate.cached).toBeLessThan(4);
    expect(resumed.points.filter((point) => point.cached)).toHaveLength(resumed.estimate.cached);
    expect(resumed.errors).toBe(0);
  });
});
