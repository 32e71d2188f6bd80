// The base-URL route on its own (route-harness.ts), each test with its own router and pipeline: a key saved in
// Settings stays while the address does not move and is removed when it does, the message asking for the new
// server's key, or for the provider's own key again on the way back to its own address; an environment key held back
// from a new address and used again on the way back; the message names the provider's own address after a reset; the
// body limit the route is given; the route refused (403, before its body is read) when the server turns it off. The
// whole app's use of it, against fake providers, is in ../base-url.test.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createBaseUrlRouter } from "../../../server/routes/base-url-routes";
import { createPipeline, type Pipeline } from "../../../src/index";
import { postJson } from "../test-server";
import { routeSettings, withRouter } from "./route-harness";

const KEY = "sk-base-url-route-0123456789";
let dataDir: string;
let pipeline: Pipeline;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "base-url-routes-"));
  pipeline = createPipeline({ data_dir: dataDir }, { env: {} });
});
afterEach(async () => {
  await pipeline.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("POST /api/update-base-url", () => {
  it("keeps the saved key when the address does not move, and removes it when it does", async () => {
    await withRouter(createBaseUrlRouter(routeSettings(pipeline)), async (served) => {
      const first = await postJson(served, "/api/update-base-url", {
        provider: "openai",
        base_url: "http://localhost:11434/v1",
      });
      expect(first.body).toMatchObject({
        success: true,
        key_removed: false,
        status: { has_key: false, key_source: null },
      });
      expect(first.body.message).toBe(
        "OpenAI requests now go to http://localhost:11434/v1. Save the key for this server in Settings (any text if " +
          "it needs none).",
      );
      pipeline.updateApiKey(KEY, { provider: "openai" });

      const same = await postJson(served, "/api/update-base-url", {
        provider: "openai",
        base_url: "http://localhost:11434/v1",
      });
      expect(same.status).toBe(200);
      expect(same.body).toMatchObject({ key_removed: false, status: { has_key: true } });
      expect(same.body.message).toBe("OpenAI requests now go to http://localhost:11434/v1.");
      expect(pipeline.apiKeyStatus("openai").hasKey).toBe(true);

      const moved = await postJson(served, "/api/update-base-url", {
        provider: "openai",
        base_url: "http://localhost:1234/v1",
      });
      expect(moved.body).toMatchObject({ key_removed: true, status: { has_key: false } });
      expect(moved.body.message).toBe(
        "OpenAI requests now go to http://localhost:1234/v1. No key set before this change is sent there: save the " +
          "key for this server in Settings (any text if it needs none).",
      );
      expect(pipeline.apiKeyStatus("openai").hasKey).toBe(false);
    });
  });

  it("asks for the provider's own key again when a saved key is removed on the way back to its own address", async () => {
    await withRouter(createBaseUrlRouter(routeSettings(pipeline)), async (served) => {
      await postJson(served, "/api/update-base-url", { provider: "openai", base_url: "http://localhost:11434/v1" });
      pipeline.updateApiKey(KEY, { provider: "openai" });
      const back = await postJson(served, "/api/update-base-url", { provider: "openai", base_url: "" });
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({
        key_removed: true,
        status: { has_key: false, base_url: null, base_url_source: "default" },
      });
      expect(back.body.message).toBe(
        "OpenAI requests now go to OpenAI's own address. The key saved for the other address was removed: save your " +
          "OpenAI key in Settings.",
      );
      expect(pipeline.apiKeyStatus("openai").hasKey).toBe(false);
    });
  });

  it("names the provider's own address once the base URL is reset and none is configured", async () => {
    await withRouter(createBaseUrlRouter(routeSettings(pipeline)), async (served) => {
      await postJson(served, "/api/update-base-url", { provider: "anthropic", base_url: "http://localhost:8080" });
      const reset = await postJson(served, "/api/update-base-url", { provider: "anthropic", base_url: "" });
      expect(reset.status).toBe(200);
      expect(reset.body.message).toBe(
        "Anthropic requests now go to Anthropic's own address. Save your Anthropic key in Settings.",
      );
      expect(reset.body.status).toMatchObject({ base_url: null, base_url_source: "default" });
    });
  });

  it("holds the environment's key back from a new address, and uses it again once the address is reset", async () => {
    const withEnvKey = createPipeline({ data_dir: dataDir }, { env: { ANTHROPIC_API_KEY: KEY } });
    try {
      await withRouter(createBaseUrlRouter(routeSettings(withEnvKey)), async (served) => {
        const moved = await postJson(served, "/api/update-base-url", {
          provider: "anthropic",
          base_url: "http://127.0.0.1:9/v1",
        });
        expect(moved.body).toMatchObject({ key_removed: true, status: { has_key: false, key_source: null } });
        expect(moved.body.message).toMatch(/No key set before this change is sent there/);
        withEnvKey.updateApiKey("sk-pasted-after-the-change-0123", { provider: "anthropic" });
        const back = await postJson(served, "/api/update-base-url", { provider: "anthropic", base_url: "" });
        expect(back.body).toMatchObject({
          key_removed: true,
          status: { has_key: true, key_source: "environment", masked_key: "sk-...789", base_url_source: "default" },
        });
        expect(back.body.message).toBe(
          "Anthropic requests now go to Anthropic's own address. The key saved for the other address was removed. " +
            "The Anthropic key from the environment is used again.",
        );
      });
    } finally {
      await withEnvKey.close();
    }
  });

  it("refuses with 403 and says how to allow it when the server turns run-time base URLs off", async () => {
    const settings = routeSettings(pipeline, { allowRuntimeBaseUrl: false, maxBodyBytes: 10 });
    await withRouter(createBaseUrlRouter(settings), async (served) => {
      // A body past the limit is not even read: the refusal comes first.
      const answer = await postJson(served, "/api/update-base-url", {
        provider: "openai",
        base_url: "http://localhost:11434/v1",
      });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ success: false, code: "runtime_base_url_disabled" });
      expect(answer.body.error).toBe(
        "This server does not let base URLs be changed at run time (ALLOW_RUNTIME_BASE_URL=0, or a HOST beyond this " +
          "machine without ALLOW_RUNTIME_BASE_URL=1). Set the provider's *_BASE_URL variable where the server starts, " +
          "or start it with ALLOW_RUNTIME_BASE_URL=1 to allow it.",
      );
      expect(pipeline.apiKeyStatus("openai").baseUrl).toBeUndefined();
    });
  });

  it("says what a base_url that is not a string should be", async () => {
    await withRouter(createBaseUrlRouter(routeSettings(pipeline)), async (served) => {
      const answer = await postJson(served, "/api/update-base-url", { provider: "openai", base_url: 42 });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(
        /base_url: The base URL must be a string: an http\(s\) URL such as http:\/\/localhost:11434\/v1, or empty/,
      );
    });
  });

  it("reads no body larger than the limit the route is given", async () => {
    await withRouter(createBaseUrlRouter(routeSettings(pipeline, { maxBodyBytes: 100 })), async (served) => {
      const answer = await postJson(served, "/api/update-base-url", {
        provider: "openai",
        base_url: `http://localhost:11434/${"v".repeat(120)}`,
      });
      expect(answer.status).toBe(413);
      expect(pipeline.apiKeyStatus("openai").baseUrl).toBeUndefined();
    });
  });
});
