import { describe, expect, it } from "vitest";

import { createConfig } from "../../src/config/config-schema";
import { providerIds, providers } from "../../src/config/providers";
import { switchProvider } from "../../src/config/switch-provider";

describe("switchProvider", () => {
  it.each(providerIds.flatMap((from) => providerIds.map((to) => [from, to] as const)))(
    "from %s defaults to %s defaults",
    (from, to) => {
      const config = createConfig({
        agent_llm_provider: from,
        graph_llm_provider: from,
        agent_llm_model: providers[from].defaultAgentModel,
        graph_llm_model: providers[from].defaultGraphModel,
      });
      expect(switchProvider(config, to)).toEqual({
        agent_llm_provider: to,
        graph_llm_provider: to,
        agent_llm_model: providers[to].defaultAgentModel,
        graph_llm_model: providers[to].defaultGraphModel,
      });
    },
  );

  it("keeps chosen names that start with the new provider's prefix", () => {
    const config = createConfig({ agent_llm_model: "claude-sonnet-4-5", graph_llm_model: "claude-opus-4-1" });
    expect(switchProvider(config, "anthropic")).toMatchObject({
      agent_llm_model: "claude-sonnet-4-5",
      graph_llm_model: "claude-opus-4-1",
    });
  });

  it("keeps a name only when it starts with the prefix: one that merely contains it is replaced", () => {
    const config = createConfig({ agent_llm_model: "my-gpt-4o", graph_llm_model: "GPT-4.1" });
    // Case does not matter; where the prefix stands does.
    expect(switchProvider(config, "openai")).toMatchObject({
      agent_llm_model: "gpt-4o-mini",
      graph_llm_model: "GPT-4.1",
    });
    const claude = createConfig({ agent_llm_model: "not-claude", graph_llm_model: "claude" });
    expect(switchProvider(claude, "anthropic")).toMatchObject({
      agent_llm_model: "claude-haiku-4-5-20251001",
      graph_llm_model: "claude",
    });
    // A name written with spaces around it is trimmed when the config is made, so its prefix still counts.
    expect(switchProvider(createConfig({ agent_llm_model: "  qwen-plus " }), "qwen").agent_llm_model).toBe("qwen-plus");
  });

  it("keeps one chosen name and replaces the other", () => {
    const config = createConfig({ agent_llm_model: "qwen-plus", graph_llm_model: "gpt-4.1" });
    expect(switchProvider(config, "qwen")).toEqual({
      agent_llm_provider: "qwen",
      graph_llm_provider: "qwen",
      agent_llm_model: "qwen-plus",
      graph_llm_model: "qwen3-vl-plus",
    });
  });

  it("keeps custom OpenAI names when switching back to openai", () => {
    const config = createConfig({
      agent_llm_provider: "anthropic",
      graph_llm_provider: "anthropic",
      agent_llm_model: "gpt-4.1-mini",
      graph_llm_model: "gpt-4.1",
    });
    expect(switchProvider(config, "openai")).toMatchObject({
      agent_llm_model: "gpt-4.1-mini",
      graph_llm_model: "gpt-4.1",
    });
  });

  it("does not mutate the config it reads", () => {
    const config = createConfig();
    switchProvider(config, "anthropic");
    expect(config.agent_llm_provider).toBe("openai");
    expect(config.agent_llm_model).toBe("gpt-4o-mini");
  });
});
