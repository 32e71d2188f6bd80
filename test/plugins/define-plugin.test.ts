// definePlugin and the plugin set: a plugin's shape is checked when it is made, and a set of plugins when a pipeline
// is made, each mistake named with the plugin and the part.
import { describe, expect, it } from "vitest";
import { z } from "zod";

import { BUILT_IN_INDICATOR_TOOL_NAMES, indicatorTools } from "../../src/agents/indicator-tools";
import { toColumns } from "../../src/market/candle";
import { definePlugin, type PluginDefinition } from "../../src/plugins/define-plugin";
import { PluginError } from "../../src/plugins/plugin-error";
import { checkPluginSet } from "../../src/plugins/plugin-set";
import { syntheticCandles } from "../support/synthetic-candles";

const indicator = {
  name: "compute_spread",
  description: "High minus low.",
  parameters: z.object({ scale: z.number().default(1) }),
  compute: (candles: readonly { high: number; low: number }[]) => candles.map((candle) => candle.high - candle.low),
};

function errorOf(action: () => unknown): PluginError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(PluginError);
    return error as PluginError;
  }
  throw new Error("expected a PluginError");
}

describe("definePlugin", () => {
  it("gives a plugin its defaults and freezes it", () => {
    const plugin = definePlugin({ name: "spread", indicators: [indicator] });
    expect(plugin).toMatchObject({ name: "spread", version: "0.0.0", analysts: [], dataSources: [] });
    expect(Object.isFrozen(plugin)).toBe(true);
  });

  it.each<[string, PluginDefinition, RegExp]>([
    ["a name with spaces", { name: "my plugin" }, /name must be letters, digits/],
    [
      "an indicator without a description",
      { name: "p", indicators: [{ ...indicator, description: "" }] },
      /needs a description/,
    ],
    [
      "parameters that are not a zod object",
      { name: "p", indicators: [{ ...indicator, parameters: { period: 14 } as never }] },
      /must be a zod object/,
    ],
    [
      "a compute that is not a function",
      { name: "p", indicators: [{ ...indicator, compute: 5 as never }] },
      /compute must be a function/,
    ],
    ["an analyst without run", { name: "p", analysts: [{ name: "a", title: "A" } as never] }, /run must be a function/],
    ["an unknown field", { name: "p", extra: true } as never, /unknown field/],
  ])("refuses %s, naming the plugin", (_case, definition, problem) => {
    const error = errorOf(() => definePlugin(definition));
    expect(error.code).toBe("invalid_plugin");
    expect(error.message).toMatch(/^Plugin "(p|my plugin)" failed \(definition\)/);
    expect(error.message).toMatch(problem);
  });

  it("refuses parameters without defaults: the result lists each indicator's latest value at its defaults", () => {
    const error = errorOf(() =>
      definePlugin({ name: "p", indicators: [{ ...indicator, parameters: z.object({ scale: z.number() }) }] }),
    );
    expect(error.message).toMatch(/indicator compute_spread\): its parameters must all have defaults/);
  });
});

describe("a pipeline's plugin set", () => {
  it("knows the built-in tool names exactly, so no plugin can take one", () => {
    expect(indicatorTools(toColumns(syntheticCandles({ count: 40 }))).map((tool) => tool.name)).toEqual([
      ...BUILT_IN_INDICATOR_TOOL_NAMES,
    ]);
    expect(
      errorOf(() => checkPluginSet([{ name: "p", indicators: [{ ...indicator, name: "compute_rsi" }] }])).message,
    ).toMatch(/already used by a built-in indicator/);
  });

  it("refuses two plugins with one name, one tool name twice, and an analyst named after a built-in step", () => {
    expect(errorOf(() => checkPluginSet([{ name: "p" }, { name: "P" }])).message).toMatch(
      /plugin name "P" is already used by the plugin p/,
    );
    expect(
      errorOf(() =>
        checkPluginSet([
          { name: "a", indicators: [indicator] },
          { name: "b", indicators: [indicator] },
        ]),
      ).message,
    ).toMatch(
      /Plugin "b" failed \(tool compute_spread\): the tool name "compute_spread" is already used by the plugin a/,
    );
    const analyst = { name: "trend", title: "My trend", run: async () => "x" };
    expect(errorOf(() => checkPluginSet([{ name: "p", analysts: [analyst] }])).message).toMatch(
      /already used by a built-in step/,
    );
  });
});
