// setBaseUrl, the library's way to move a provider's requests at run time: the move withholds every key set before
// it (the config's removed, the environment's held back by runtime_base_url_providers), in one configure() call;
// the same address again moves nothing and keeps a key saved for it; "" goes back to the default, clears the list
// and brings the environment's key back; a queued run never carries the list.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { queuedConfigOf } from "../../src/config/queued-config";
import { createPipeline, type Pipeline, setBaseUrl } from "../../src/index";

const ENV_KEY = "sk-test-environment-0123456789";
const CONFIG_KEY = "sk-test-config-record-0123456789";
const LISTENER = "http://127.0.0.1:9/v1";
let dataDir: string;
let pipeline: Pipeline;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "set-base-url-"));
  pipeline = createPipeline(
    { data_dir: dataDir, qwen_api_key: CONFIG_KEY },
    { env: { OPENAI_API_KEY: ENV_KEY, DASHSCOPE_API_KEY: ENV_KEY } },
  );
});
afterEach(async () => {
  await pipeline.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("setBaseUrl", () => {
  it("withholds the environment's key from a new address, and brings it back with ''", () => {
    const moved = setBaseUrl(pipeline, "openai", LISTENER);
    expect(moved).toMatchObject({ moved: true, keyWithheld: true, hasKey: false, baseUrl: LISTENER });
    expect(pipeline.config.runtime_base_url_providers).toEqual(["openai"]);
    expect(() => pipeline.model("agent")).toThrow(/OpenAI API key not found/);

    const back = setBaseUrl(pipeline, "openai", "");
    expect(back).toMatchObject({ moved: true, keyWithheld: false, hasKey: true, keySource: "environment" });
    expect(pipeline.config.runtime_base_url_providers).toBeUndefined();
    expect(pipeline.model("agent").provider).toBe("openai");
  });

  it("removes the config's key on a move, and a key saved after it on the way back", () => {
    expect(setBaseUrl(pipeline, "qwen", LISTENER)).toMatchObject({ keyWithheld: true, hasKey: false });
    expect(pipeline.config.qwen_api_key).toBeUndefined();
    pipeline.updateApiKey("sk-test-for-the-listener-0123", { provider: "qwen" });
    expect(pipeline.apiKeyStatus("qwen")).toMatchObject({ hasKey: true, keySource: "config" });
    const back = setBaseUrl(pipeline, "qwen", "");
    // The listener's key is gone; the environment's is used at the default address again.
    expect(back).toMatchObject({ moved: true, keyWithheld: true, keySource: "environment", maskedKey: "sk-...789" });
    expect(pipeline.config.qwen_api_key).toBeUndefined();
  });

  it("the same address again moves nothing: a key saved for it stays, and the list keeps the provider", () => {
    setBaseUrl(pipeline, "openai", LISTENER);
    pipeline.updateApiKey("sk-test-for-the-listener-0123", { provider: "openai" });
    expect(setBaseUrl(pipeline, "openai", ` ${LISTENER} `)).toMatchObject({
      moved: false,
      keyWithheld: false,
      hasKey: true,
    });
    expect(pipeline.config.runtime_base_url_providers).toEqual(["openai"]);
  });

  it("keeps each provider's place in the list apart: resetting one leaves the other held back", () => {
    setBaseUrl(pipeline, "openai", LISTENER);
    setBaseUrl(pipeline, "qwen", LISTENER);
    expect(pipeline.config.runtime_base_url_providers).toEqual(["openai", "qwen"]);
    setBaseUrl(pipeline, "openai", "");
    expect(pipeline.config.runtime_base_url_providers).toEqual(["qwen"]);
    expect(pipeline.apiKeyStatus("qwen").hasKey).toBe(false);
    expect(pipeline.apiKeyStatus("openai")).toMatchObject({ hasKey: true, keySource: "environment" });
  });

  it("'' at the default already changes nothing: no key is removed", () => {
    expect(setBaseUrl(pipeline, "qwen", "")).toMatchObject({ moved: false, keyWithheld: false, keySource: "config" });
    expect(pipeline.config.qwen_api_key).toBe(CONFIG_KEY);
  });

  it("the environment's own address set again moves nothing: the environment's key still goes there", async () => {
    const withAddress = createPipeline(
      { data_dir: dataDir },
      { env: { OPENAI_API_KEY: ENV_KEY, OPENAI_BASE_URL: LISTENER } },
    );
    try {
      expect(setBaseUrl(withAddress, "openai", LISTENER)).toMatchObject({
        moved: false,
        keyWithheld: false,
        keySource: "environment",
        baseUrlSource: "config",
      });
      expect(withAddress.config.runtime_base_url_providers).toBeUndefined();
    } finally {
      await withAddress.close();
    }
  });

  it("an address given at start keeps the environment's key, and '' moves it to the default without withholding it", async () => {
    const started = createPipeline(
      { data_dir: dataDir, openai_base_url: LISTENER },
      { env: { OPENAI_API_KEY: ENV_KEY } },
    );
    try {
      expect(started.apiKeyStatus("openai")).toMatchObject({ keySource: "environment", baseUrl: LISTENER });
      expect(setBaseUrl(started, "openai", "")).toMatchObject({
        moved: true,
        keyWithheld: false,
        keySource: "environment",
        baseUrlSource: "default",
      });
    } finally {
      await started.close();
    }
  });

  it("refuses an unknown provider and the demo, naming why, and changes nothing", () => {
    expect(() => setBaseUrl(pipeline, "mistral" as never, LISTENER)).toThrow(/provider must be one of/);
    expect(() => setBaseUrl(pipeline, "demo", LISTENER)).toThrow(
      "The demo provider answers in-process: it has no base URL to set.",
    );
    expect(pipeline.config.runtime_base_url_providers).toBeUndefined();
  });

  it("a bad address changes nothing", () => {
    expect(() => setBaseUrl(pipeline, "qwen", "ftp://example.org")).toThrow(/http:\/\/ or https:\/\//);
    expect(pipeline.config.qwen_api_key).toBe(CONFIG_KEY);
    expect(pipeline.config.runtime_base_url_providers).toBeUndefined();
  });

  it("a queued run carries neither the keys, the addresses nor the list of addresses changed at run time", () => {
    setBaseUrl(pipeline, "openai", LISTENER);
    const queued = queuedConfigOf({ ...pipeline.config }) as Record<string, unknown>;
    expect(queued).not.toHaveProperty("runtime_base_url_providers");
    expect(queued).not.toHaveProperty("openai_base_url");
  });
});
