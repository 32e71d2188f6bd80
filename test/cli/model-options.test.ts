// The model options the commands share (cli/model-options.ts): the provider switch comes first and keeps only model
// names with its prefix, names given on the command line win over it, --temperature sets both models, and an empty
// model name is refused by the options schema.
import { describe, expect, it } from "vitest";
import { z } from "zod";

import { modelOptionsShape, withModelOptions } from "../../cli/model-options";
import { createConfig } from "../../src/index";

const base = createConfig({ agent_llm_model: "gpt-4o", graph_llm_model: "gpt-4o", agent_llm_temperature: 0.1 });

describe("withModelOptions", () => {
  it("leaves the config's models as they are without options", () => {
    const config = withModelOptions(base, {});
    expect([config.agent_llm_provider, config.agent_llm_model, config.graph_llm_model]).toEqual([
      base.agent_llm_provider,
      "gpt-4o",
      "gpt-4o",
    ]);
    expect(config.agent_llm_temperature).toBe(0.1);
  });

  it("switches both roles to the provider, dropping model names of another provider", () => {
    const config = withModelOptions(base, { provider: "anthropic" });
    expect([config.agent_llm_provider, config.graph_llm_provider]).toEqual(["anthropic", "anthropic"]);
    expect(config.agent_llm_model.startsWith("claude")).toBe(true);
    expect(config.graph_llm_model.startsWith("claude")).toBe(true);
  });

  it("applies model names given on the command line after the switch", () => {
    const config = withModelOptions(base, {
      provider: "anthropic",
      agentModel: "claude-agent-x",
      graphModel: "claude-graph-y",
    });
    expect([config.agent_llm_model, config.graph_llm_model]).toEqual(["claude-agent-x", "claude-graph-y"]);
    const agentOnly = withModelOptions(base, { agentModel: "gpt-4.1" });
    expect([agentOnly.agent_llm_model, agentOnly.graph_llm_model]).toEqual(["gpt-4.1", "gpt-4o"]);
  });

  it("sets --temperature on both models", () => {
    const config = withModelOptions(base, { temperature: 0.7 });
    expect([config.agent_llm_temperature, config.graph_llm_temperature]).toEqual([0.7, 0.7]);
  });
});

describe("the model options' checks", () => {
  const schema = z.object(modelOptionsShape);

  it("takes a provider, model names, a temperature and a cost limit", () => {
    expect(
      schema.parse({ provider: "qwen", agentModel: "qwen-a", graphModel: "qwen-b", temperature: "0.3", maxCost: "2" }),
    ).toEqual({ provider: "qwen", agentModel: "qwen-a", graphModel: "qwen-b", temperature: 0.3, maxCost: 2 });
    expect(schema.parse({})).toEqual({});
  });

  it("refuses an unknown provider, an empty model name, a temperature that is not a number and a negative cost", () => {
    expect(schema.safeParse({ provider: "mistral" }).success).toBe(false);
    expect(schema.safeParse({ agentModel: "" }).success).toBe(false);
    expect(schema.safeParse({ graphModel: "" }).success).toBe(false);
    expect(schema.safeParse({ temperature: "warm" }).success).toBe(false);
    expect(schema.safeParse({ maxCost: "-1" }).success).toBe(false);
  });
});
