import { describe, expect, it } from "vitest";

import {
  apiKeyStatus,
  findApiKey,
  maskApiKey,
  MissingApiKeyError,
  resolveApiKey,
  resolveBaseUrl,
} from "../../src/config/api-keys";
import { createConfig } from "../../src/config/config-schema";
import { remoteProviderIds } from "../../src/config/providers";

const configKey = "sk-config-0123456789abcdef";
const envKey = "sk-env-fedcba9876543210";

describe("resolveApiKey", () => {
  it("prefers a real key in the config over the env", () => {
    const config = createConfig({ api_key: configKey });
    expect(resolveApiKey(config, "openai", { OPENAI_API_KEY: envKey })).toBe(configKey);
  });

  it("falls back to the env when the config holds the placeholder (the placeholder never hides an env key)", () => {
    expect(resolveApiKey(createConfig({ api_key: "sk-" }), "openai", { OPENAI_API_KEY: envKey })).toBe(envKey);
    expect(resolveApiKey(createConfig(), "openai", { OPENAI_API_KEY: envKey })).toBe(envKey);
    expect(resolveApiKey(createConfig(), "anthropic", { ANTHROPIC_API_KEY: envKey })).toBe(envKey);
    expect(resolveApiKey(createConfig(), "qwen", { DASHSCOPE_API_KEY: envKey })).toBe(envKey);
  });

  it("falls back to the env when the config field is empty or blank", () => {
    const config = createConfig({ api_key: "  ", anthropic_api_key: "" });
    expect(resolveApiKey(config, "openai", { OPENAI_API_KEY: envKey })).toBe(envKey);
    expect(resolveApiKey(config, "anthropic", { ANTHROPIC_API_KEY: envKey })).toBe(envKey);
  });

  it("reads each provider's own env var only", () => {
    expect(() => resolveApiKey(createConfig(), "anthropic", { OPENAI_API_KEY: envKey })).toThrow(MissingApiKeyError);
  });

  it("asks to replace the OpenAI placeholder when the config holds it and there is no env key", () => {
    expect(() => resolveApiKey(createConfig({ api_key: "sk-" }), "openai", {})).toThrow(
      /^Please replace the placeholder API key with your actual OpenAI API key\./,
    );
  });

  it("tells someone who never set a key that it is not found, and the three ways to set one", () => {
    expect(() => resolveApiKey(createConfig(), "openai", {})).toThrow(
      /^OpenAI API key not found\. Please set it using one of these methods: 1\) set the OPENAI_API_KEY environment variable; 2\) set "api_key" in the config record; 3\) paste it in the Settings panel/,
    );
  });

  it("treats a placeholder in the env as no key", () => {
    expect(() => resolveApiKey(createConfig({ api_key: "" }), "openai", { OPENAI_API_KEY: "sk-" })).toThrow(
      /^OpenAI API key not found\. Please set it using one of these methods/,
    );
  });

  it.each([
    ["anthropic", /^Anthropic API key not found\. Please set it using one of these methods/],
    ["qwen", /^Qwen API key not found\. Please set it using one of these methods/],
  ] as const)("says the %s key is not found, and how to set it", (provider, message) => {
    const error = (() => {
      try {
        resolveApiKey(createConfig(), provider, {});
      } catch (caught) {
        return caught as Error;
      }
      throw new Error("expected a throw");
    })();
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(/environment variable/);
    expect(error.message).toMatch(/config/);
    expect(error.message).toMatch(/Settings panel/);
  });

  it("never puts key text in a thrown message", () => {
    for (const provider of remoteProviderIds) {
      for (const env of [{}, { OPENAI_API_KEY: "sk-" }]) {
        try {
          resolveApiKey(createConfig({ api_key: "sk-" }), provider, env);
        } catch (error) {
          expect((error as Error).message).not.toContain(configKey);
          expect((error as Error).message).not.toContain(envKey);
        }
      }
    }
  });
});

describe("a provider whose base URL was set at run time (runtime_base_url_providers)", () => {
  const env = { OPENAI_API_KEY: envKey, ANTHROPIC_API_KEY: envKey, DASHSCOPE_API_KEY: envKey };

  it("has no environment key: only one in the config, set after the change, counts", () => {
    const listed = createConfig({ openai_base_url: "http://127.0.0.1:9/v1", runtime_base_url_providers: ["openai"] });
    expect(findApiKey(listed, "openai", env)).toBeUndefined();
    expect(apiKeyStatus(listed, "openai", env)).toMatchObject({ hasKey: false, keySource: null });
    expect(() => resolveApiKey(listed, "openai", env)).toThrow(/^OpenAI API key not found/);
    const saved = createConfig({ ...listed, api_key: configKey });
    expect(findApiKey(saved, "openai", env)).toBe(configKey);
    expect(apiKeyStatus(saved, "openai", env)).toMatchObject({ hasKey: true, keySource: "config" });
  });

  it("holds back only the listed provider's key: the others keep theirs", () => {
    const listed = createConfig({ runtime_base_url_providers: ["anthropic"] });
    expect(findApiKey(listed, "anthropic", env)).toBeUndefined();
    expect(findApiKey(listed, "openai", env)).toBe(envKey);
    expect(findApiKey(listed, "qwen", env)).toBe(envKey);
    expect(apiKeyStatus(listed, "qwen", env)).toMatchObject({ hasKey: true, keySource: "environment" });
  });

  it("a placeholder in the config is no key there either, and does not bring the environment's back", () => {
    const listed = createConfig({ api_key: "sk-", runtime_base_url_providers: ["openai"] });
    expect(findApiKey(listed, "openai", env)).toBeUndefined();
  });

  it("names remote providers only", () => {
    expect(() => createConfig({ runtime_base_url_providers: ["demo"] as never })).toThrow(/runtime_base_url_providers/);
  });
});

describe("maskApiKey", () => {
  it("keeps the first and last three characters of long keys", () => {
    expect(maskApiKey("sk-abcdefghijklmnop")).toBe("sk-...nop");
  });

  it("masks keys of 12 characters or fewer entirely", () => {
    expect(maskApiKey("sk-123456789")).toBe("***");
    expect(maskApiKey("short")).toBe("***");
    expect(maskApiKey("sk-1234567890")).toBe("sk-...890");
  });
});

describe("apiKeyStatus", () => {
  it("reports the masked key or its absence, and where the provider's requests go", () => {
    expect(apiKeyStatus(createConfig({ api_key: configKey }), "openai", {})).toEqual({
      hasKey: true,
      maskedKey: "sk-...def",
      keySource: "config",
      needsKey: true,
      baseUrl: undefined,
      baseUrlSource: "default",
    });
    expect(apiKeyStatus(createConfig(), "qwen", {})).toEqual({
      hasKey: false,
      maskedKey: null,
      keySource: null,
      needsKey: true,
      baseUrl: "https://dashscope-intl.aliyuncs.com/compatible-mode/v1",
      baseUrlSource: "default",
    });
    // Set in the environment with a password (a proxy's): shown with the password masked.
    expect(
      apiKeyStatus(createConfig(), "openai", { OPENAI_BASE_URL: "https://user:pa55word@proxy.example/v1" }),
    ).toMatchObject({ baseUrl: "https://user:***@proxy.example/v1", baseUrlSource: "environment" });
  });

  it("the demo provider needs no key, has none and no base URL, whatever the config and environment hold", () => {
    const config = createConfig({ api_key: configKey });
    expect(apiKeyStatus(config, "demo", { OPENAI_API_KEY: envKey })).toEqual({
      hasKey: false,
      maskedKey: null,
      keySource: null,
      needsKey: false,
      baseUrl: undefined,
      baseUrlSource: "default",
    });
    expect(findApiKey(config, "demo", { OPENAI_API_KEY: envKey })).toBeUndefined();
    expect(resolveBaseUrl(config, "demo", { OPENAI_BASE_URL: "http://127.0.0.1:9/v1" })).toBeUndefined();
  });
});

describe("resolveBaseUrl", () => {
  it("takes the config field, then the env var, then the provider's default", () => {
    const config = createConfig({ qwen_base_url: "http://127.0.0.1:9/v1" });
    expect(resolveBaseUrl(config, "qwen", { DASHSCOPE_BASE_URL: "http://other" })).toBe("http://127.0.0.1:9/v1");
    expect(resolveBaseUrl(createConfig(), "openai", { OPENAI_BASE_URL: "http://127.0.0.1:8/v1" })).toBe(
      "http://127.0.0.1:8/v1",
    );
    expect(resolveBaseUrl(createConfig(), "qwen", {})).toBe("https://dashscope-intl.aliyuncs.com/compatible-mode/v1");
    expect(resolveBaseUrl(createConfig(), "anthropic", {})).toBeUndefined();
  });
});
