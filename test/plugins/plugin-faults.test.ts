// A plugin that throws, answers in the wrong shape or runs past its time limit fails the analysis with an error that
// names the plugin and the part; no model call is made after the fault where it can be avoided (a faulty indicator
// or data source costs nothing: they run before any model call), and the built-in parts are unaffected: the same
// pipeline analyses again once the plugin behaves.
import { describe, expect, it } from "vitest";
import { z } from "zod";

import type { ChartRenderer } from "../../src/charts/png-renderer";
import { createPipeline } from "../../src/pipeline/pipeline";
import { defineIndicator, definePlugin, type PluginDefinition } from "../../src/plugins/define-plugin";
import { PluginError } from "../../src/plugins/plugin-error";
import { defaultFakeHandler, type FakeProviderServer, fakeReply } from "../fakes/fake-provider-server";
import { TEST_KEY, usePipelineHarness } from "../support/pipeline-harness";
import { syntheticCandles } from "../support/synthetic-candles";

let server: FakeProviderServer;
let renderer: ChartRenderer;
const { dataDir } = usePipelineHarness(
  { name: "plugin-faults", warmRenderer: true },
  (started) => ({ server, renderer } = started),
);
const candles = syntheticCandles({ count: 60 });

/** A plugin whose fault can be switched off, to show the same pipeline works again. */
function switchable(build: (faulty: () => boolean) => PluginDefinition): {
  plugin: ReturnType<typeof definePlugin>;
  heal: () => void;
} {
  let faulty = true;
  return { plugin: definePlugin(build(() => faulty)), heal: () => (faulty = false) };
}

async function failure(
  plugin: PluginDefinition,
  request: Parameters<ReturnType<typeof createPipeline>["analyze"]>[0] = { candles, timeframe: "4h" },
) {
  const pipeline = createPipeline(
    {
      api_key: TEST_KEY,
      openai_base_url: server.openaiBaseUrl,
      data_dir: dataDir,
      max_retries: 0,
      plugin_timeout_ms: 300,
    },
    { env: {}, renderer, plugins: [plugin] },
  );
  const error = await pipeline.analyze(request).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(PluginError);
  return { error: error as PluginError, pipeline };
}

const slope = z.object({ period: z.int().min(2).default(10) });

describe("a faulty indicator", () => {
  it.each([
    [
      "throws",
      () => {
        throw new Error("division by zero");
      },
      /Plugin "bad-indicator" failed \(indicator compute_bad\): division by zero/,
    ],
    [
      "answers too few values",
      () => [1, 2, 3],
      /compute\(\) must return one finite number or null per candle \(45 values\); it returned a list of 3/,
    ],
    [
      "answers NaN",
      (window: readonly unknown[]) => window.map(() => Number.NaN),
      /must return one finite number or null per candle/,
    ],
    ["answers text", () => "up", /it returned a string/],
  ] as const)("that %s fails before any model call", async (_case, compute, message) => {
    const { error } = await failure({
      name: "bad-indicator",
      indicators: [{ name: "compute_bad", description: "Bad.", parameters: slope, compute: compute as never }],
    });
    expect(error.message).toMatch(message);
    expect(error.details).toMatchObject({ plugin: "bad-indicator" });
    expect(server.requests).toHaveLength(0);
  });

  it("that throws only when the model calls it fails the analysis during the Indicator step; the decision is never asked", async () => {
    const { plugin, heal } = switchable((faulty) => ({
      name: "fragile",
      indicators: [
        defineIndicator({
          name: "compute_fragile",
          description: "Breaks on request.",
          parameters: z.object({ period: z.int().min(2).default(10), touch: z.boolean().default(false) }),
          compute: (window, params) => {
            // The fake model calls it with its schema's defaults, and the result's value is computed at them too:
            // what breaks is a call with the period the model chose (14, the fake's sample for a bare integer).
            if (faulty() && params.period !== 10) throw new Error("the model's period broke it");
            return window.map(() => params.period);
          },
        }),
      ],
    }));
    const pipelineConfig = {
      api_key: TEST_KEY,
      openai_base_url: server.openaiBaseUrl,
      data_dir: dataDir,
      max_retries: 0,
      // A plugin indicator the model calls: the tool loop.
      indicator_mode: "tool-call" as const,
    };
    const pipeline = createPipeline(pipelineConfig, { env: {}, renderer, plugins: [plugin] });
    server.setHandler((request) =>
      request.summary.toolNames.includes("compute_fragile") && request.summary.trailingToolResults === 0
        ? fakeReply.toolCall("compute_fragile", { period: 14 })
        : defaultFakeHandler(request),
    );
    const error = await pipeline.analyze({ candles, timeframe: "4h" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PluginError);
    expect((error as Error).message).toMatch(
      /Plugin "fragile" failed \(indicator compute_fragile\): the model's period broke it/,
    );
    expect(server.requests.some((request) => request.summary.wantsJson)).toBe(false);
    heal();
    await expect(pipeline.analyze({ candles, timeframe: "4h" })).resolves.toMatchObject({
      decision: { decision: "LONG" },
    });
  });
});

describe("a faulty analyst", () => {
  it.each<[string, () => Promise<unknown>, RegExp]>([
    [
      "throws",
      async () => {
        throw new Error("feed offline");
      },
      /Plugin "bad-analyst" failed \(analyst mood\): feed offline/,
    ],
    [
      "answers an object",
      async () => ({ text: "hi" }),
      /run\(\) must resolve to a non-empty report text; it resolved to an object/,
    ],
    ["answers nothing", async () => "   ", /it resolved to a string/],
    [
      "is too slow",
      () => new Promise<string>(() => {}),
      /Plugin "bad-analyst" failed \(analyst mood\): it did not finish within 300 ms/,
    ],
  ])("that %s fails the analysis; the decision is never asked", async (_case, run, message) => {
    const { error } = await failure({
      name: "bad-analyst",
      analysts: [{ name: "mood", title: "Mood", run: run as never }],
    });
    expect(error.message).toMatch(message);
    expect(server.requests.some((request) => request.summary.wantsJson)).toBe(false);
  });
});

describe("a faulty data source", () => {
  const request = { symbol: "ABC.EX", timeframe: "4h" as const, start: "2024-01-01", end: "2024-02-10" };
  it.each([
    [
      "throws",
      {
        fetchCandles: async () => {
          throw new Error("exchange closed");
        },
      },
      /Plugin "bad-source" failed \(data source bars\): exchange closed/,
    ],
    [
      "answers the wrong shape",
      { fetchCandles: async () => [{ time: 1, close: 5 }] },
      /fetchCandles\(\) must resolve to candles at 0\.open/,
    ],
    ["is too slow", { fetchCandles: () => new Promise(() => {}) }, /did not finish within 300 ms/],
    [
      "has a matches() that throws",
      {
        matches: () => {
          throw new Error("bad regex");
        },
      },
      /matches\(\) threw: bad regex/,
    ],
  ] as const)("that %s fails before any model call", async (_case, parts, message) => {
    const source = {
      name: "bars",
      matches: (symbol: string) => symbol.endsWith(".EX"),
      fetchCandles: async () => candles,
      ...parts,
    };
    const { error } = await failure({ name: "bad-source", dataSources: [source as never] }, request);
    expect(error.message).toMatch(message);
    expect(server.requests).toHaveLength(0);
  });
});
