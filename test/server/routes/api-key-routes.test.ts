// The key routes on their own (route-harness.ts), each test with its own router: the length bound of a key, checked
// before the pipeline sees it; the query the status is read from; the body limit the routes are given; the key check
// under the analyses limit, with a signal that aborts when the client leaves. The whole app's use of them, against
// the fake provider, is in ../api-keys.test.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createConcurrencyLimit } from "../../../server/concurrency-limit";
import { createApiKeyRouter } from "../../../server/routes/api-key-routes";
import { MAX_API_KEY_LENGTH } from "../../../src/config/index";
import { createPipeline, type Pipeline } from "../../../src/index";
import { waitFor } from "../../support/wait";
import { getJson, postJson } from "../test-server";
import { routeSettings, withRouter } from "./route-harness";

let dataDir: string;
let pipeline: Pipeline;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "api-key-routes-"));
  pipeline = createPipeline({ data_dir: dataDir }, { env: {} });
});
afterEach(async () => {
  await pipeline.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("POST /api/update-api-key", () => {
  it("refuses a key one character over the bound before the pipeline sees it, and takes one at the bound", async () => {
    const seen: string[] = [];
    const counting = {
      updateApiKey: (key: string, options?: { provider?: "openai" }) => {
        seen.push(key);
        return pipeline.updateApiKey(key, options);
      },
    };
    await withRouter(createApiKeyRouter(routeSettings(counting)), async (served) => {
      const over = await postJson(served, "/api/update-api-key", {
        api_key: `sk-${"a".repeat(MAX_API_KEY_LENGTH - 2)}`,
      });
      expect(over.status).toBe(400);
      expect(over.body.error).toContain(`api_key is longer than ${MAX_API_KEY_LENGTH} characters`);
      expect(seen).toEqual([]);
      const at = await postJson(served, "/api/update-api-key", { api_key: `sk-${"a".repeat(MAX_API_KEY_LENGTH - 3)}` });
      expect(at.status).toBe(200);
      expect(at.body).toEqual({ success: true, message: "OpenAI API key saved and applied (sk-...aaa)." });
      expect(seen).toHaveLength(1);
    });
  });

  it("reads no body larger than the limit the routes are given", async () => {
    await withRouter(createApiKeyRouter(routeSettings(pipeline, { maxBodyBytes: 100 })), async (served) => {
      const answer = await postJson(served, "/api/update-api-key", { api_key: `sk-${"b".repeat(120)}` });
      expect(answer.status).toBe(413);
      expect(pipeline.apiKeyStatus("openai").hasKey).toBe(false);
    });
  });
});

describe("GET /api/get-api-key-status", () => {
  it("reads the provider from the query string, OpenAI when it names none", async () => {
    pipeline.updateApiKey("sk-ant-route-test-0123456789", { provider: "anthropic" });
    await withRouter(createApiKeyRouter(routeSettings(pipeline)), async (served) => {
      const anthropic = await getJson(served, "/api/get-api-key-status?provider=anthropic");
      expect(anthropic.status).toBe(200);
      expect(anthropic.body).toMatchObject({ has_key: true, masked_key: "sk-...789" });
      const openai = await getJson(served, "/api/get-api-key-status");
      expect(openai.status).toBe(200);
      expect(openai.body).toMatchObject({ has_key: false, masked_key: null, needs_key: true });
    });
  });
});

describe("POST /api/validate-api-key", () => {
  it("hands the pipeline a signal that aborts when the client leaves", async () => {
    let started = false;
    let signal: AbortSignal | undefined;
    const waiting = {
      validateApiKey: (_provider: string, options: { signal?: AbortSignal } = {}) => {
        started = true;
        signal = options.signal;
        return new Promise<never>((_resolve, reject) => {
          options.signal?.addEventListener("abort", () => reject(options.signal?.reason as Error));
        });
      },
    };
    await withRouter(createApiKeyRouter(routeSettings(waiting as never)), async (served) => {
      const client = new AbortController();
      const request = fetch(`${served.url}/api/validate-api-key`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ provider: "openai" }),
        signal: client.signal,
      }).catch(() => undefined);
      await waitFor(() => started, 30_000, "the key check to start");
      expect(signal).toBeInstanceOf(AbortSignal);
      expect(signal?.aborted).toBe(false);
      client.abort();
      await request;
      await waitFor(() => signal?.aborted === true, 30_000, "the key check's signal to abort");
    });
  });

  it("is refused with 429 while the analyses limit is full, without calling the provider", async () => {
    const analyses = createConcurrencyLimit(1);
    expect(analyses.tryAcquire()).toBeTypeOf("function");
    let calls = 0;
    const counting = {
      validateApiKey: () => {
        calls += 1;
        return Promise.resolve({ ok: true as const, message: "ok" });
      },
    };
    await withRouter(createApiKeyRouter(routeSettings(counting as never, { analyses })), async (served) => {
      const refused = await postJson(served, "/api/validate-api-key", { provider: "openai" });
      expect(refused.status).toBe(429);
      expect(calls).toBe(0);
    });
  });
});
