import { describe, expect, it } from "vitest";

import { ConfigError, createConfig, defaultConfig } from "../../src/config/config-schema";

describe("createConfig", () => {
  it("gives the documented defaults when nothing is overridden", () => {
    const config = defaultConfig();
    expect(config).toMatchObject({
      agent_llm_model: "gpt-4o-mini",
      graph_llm_model: "gpt-4o",
      agent_llm_provider: "openai",
      graph_llm_provider: "openai",
      agent_llm_temperature: 0.1,
      graph_llm_temperature: 0.1,
      window_bars: 45,
      chart_dispatch: "direct",
      decision_horizon_bars: 3,
    });
    expect(config.openai_base_url).toBeUndefined();
    // No key set: neither a key nor the replaced system's placeholder.
    expect([config.api_key, config.anthropic_api_key, config.qwen_api_key]).toEqual([undefined, undefined, undefined]);
  });

  it("overlays a partial override and keeps the other defaults", () => {
    const config = createConfig({ graph_llm_model: "gpt-4.1", graph_llm_temperature: 0.3 });
    expect(config.graph_llm_model).toBe("gpt-4.1");
    expect(config.graph_llm_temperature).toBe(0.3);
    expect(config.agent_llm_model).toBe("gpt-4o-mini");
  });

  it("accepts a full override", () => {
    const full = {
      agent_llm_model: "claude-haiku-4-5-20251001",
      graph_llm_model: "claude-haiku-4-5-20251001",
      agent_llm_provider: "anthropic",
      graph_llm_provider: "anthropic",
      agent_llm_temperature: 0,
      graph_llm_temperature: 1,
      api_key: "sk-a",
      anthropic_api_key: "sk-b",
      qwen_api_key: "sk-c",
      openai_base_url: "http://127.0.0.1:1234/v1",
      anthropic_base_url: "http://127.0.0.1:1235",
      qwen_base_url: "http://127.0.0.1:1236/v1",
    } as const;
    expect(createConfig(full)).toMatchObject(full);
  });

  it.each([
    [{ agent_llm_provider: "mistral" }, /agent_llm_provider: provider must be one of openai, anthropic, qwen/],
    [{ graph_llm_temperature: "0.2" }, /graph_llm_temperature: must be a number/],
    [{ agent_llm_temperature: 3 }, /agent_llm_temperature: must be at most 2/],
    [{ unknown_field: 1 }, /unknown field: unknown_field/],
    [{ agent_llm_model: "" }, /agent_llm_model: must not be empty$/],
    [{ graph_llm_model: "gpt 4o" }, /graph_llm_model: is not a valid model name/],
    [
      { openai_base_url: "ftp://example.com" },
      /openai_base_url: The base URL must start with http:\/\/ or https:\/\/ \(not ftp:\/\/\)/,
    ],
    [{ openai_base_url: "localhost:11434/v1" }, /openai_base_url: .*as http:\/\/localhost:11434\/v1/],
    [{ window_bars: 10 }, /window_bars: must be at least 35/],
    [{ chart_dispatch: "vision" }, /chart_dispatch: must be "direct" or "tool-call"/],
    [{ decision_horizon_bars: 0 }, /decision_horizon_bars: must be at least 1/],
    [{ decision_horizon_bars: 2.5 }, /decision_horizon_bars: must be a whole number of bars/],
    [{ decision_horizon_bars: "3" }, /decision_horizon_bars: must be a number of bars/],
  ])("rejects %j with an error naming the field", (override, message) => {
    expect(() => createConfig(override as never)).toThrow(ConfigError);
    expect(() => createConfig(override as never)).toThrow(message);
  });

  it("rejects a non-object override", () => {
    expect(() => createConfig("openai" as never)).toThrow(/expected an object/);
    expect(() => createConfig(null as never)).toThrow(/expected an object/);
  });
});
