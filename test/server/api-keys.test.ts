// HTTP tests of the key endpoints: update-api-key, get-api-key-status, validate-api-key (against the fake provider),
// the provider rule, the JSON body rules (415, 413, bad JSON), and that a key never leaves unmasked.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";
import { expectPlainError, getJson, postJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

let fake: FakeProviderServer;
let server: TestServer;
const seenBodies: string[] = [];

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  server = await startTestServer({
    config: {
      openai_base_url: fake.openaiBaseUrl,
      anthropic_base_url: fake.anthropicBaseUrl,
      qwen_base_url: fake.qwenBaseUrl,
    },
  });
});
afterEach(() => fake.reset());
afterAll(async () => {
  // Whatever each test did, the key never appeared in an answer or a log line.
  for (const text of [...seenBodies, ...server.logs]) expect(text).not.toContain("SECRET");
  await server.close();
  await fake.close();
});

async function post(urlPath: string, body: unknown, headers?: Record<string, string>) {
  const result = await postJson(server, urlPath, body, headers);
  seenBodies.push(result.text);
  return result;
}
async function get(urlPath: string) {
  const result = await getJson(server, urlPath);
  seenBodies.push(result.text);
  return result;
}

describe("POST /api/update-api-key", () => {
  it("applies the key at once and answers with its masked form only", async () => {
    expect((await get("/api/get-api-key-status?provider=openai")).body).toEqual({
      has_key: false,
      masked_key: null,
      key_source: null,
      needs_key: true,
      base_url: fake.openaiBaseUrl,
      base_url_source: "config",
    });
    const saved = await post("/api/update-api-key", { api_key: TEST_KEY, provider: "openai" });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, message: "OpenAI API key saved and applied (sk-...def)." });
    expect((await get("/api/get-api-key-status?provider=openai")).body).toMatchObject({
      has_key: true,
      masked_key: "sk-...def",
    });
  });

  it("keeps keys per provider; the provider defaults to openai for older clients", async () => {
    await post("/api/update-api-key", { api_key: "sk-ant-test.SECRET-9876543210", provider: "anthropic" });
    expect((await get("/api/get-api-key-status?provider=anthropic")).body).toMatchObject({
      has_key: true,
      masked_key: "sk-...210",
    });
    expect((await get("/api/get-api-key-status?provider=qwen")).body).toMatchObject({
      has_key: false,
      masked_key: null,
      key_source: null,
    });
    const legacy = await post("/api/update-api-key", { api_key: TEST_KEY });
    expect(legacy.body.success).toBe(true);
  });

  it("masks short keys as ***", async () => {
    await post("/api/update-api-key", { api_key: "sk-SECRET12", provider: "qwen" });
    expect((await get("/api/get-api-key-status?provider=qwen")).body).toMatchObject({
      has_key: true,
      masked_key: "***",
    });
  });

  it.each([
    ["a missing key", { provider: "openai" }, /api_key/],
    ["a key of the wrong type", { api_key: 42, provider: "openai" }, /api_key must be a string/],
    ["an empty key", { api_key: "   ", provider: "openai" }, /must not be empty/],
    ["the placeholder", { api_key: "sk-", provider: "openai" }, /placeholder/],
    ["a key with spaces", { api_key: "sk-abc def-SECRET-123456", provider: "openai" }, /spaces/],
    [
      "a provider outside the table",
      { api_key: TEST_KEY, provider: "mistral" },
      /provider must be one of openai, anthropic, qwen, demo/,
    ],
    ["the demo provider, which needs none", { api_key: TEST_KEY, provider: "demo" }, /demo provider needs no API key/],
    ["an unknown field", { api_key: TEST_KEY, provider: "openai", model: "gpt-5" }, /unknown field: model/],
    ["an array body", [TEST_KEY], /object/],
  ])("answers 400 in plain words for %s", async (_case, body, message) => {
    const result = await post("/api/update-api-key", body);
    expect(result.status).toBe(400);
    expectPlainError(result.body);
    expect(result.body.error).toMatch(message);
  });

  it("answers 400 for a body that is not JSON, or empty", async () => {
    const broken = await post("/api/update-api-key", `{"api_key": "${TEST_KEY}",`);
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe("bad_json");
    expect(broken.body.error).toMatch(/not valid JSON/);
    const empty = await post("/api/update-api-key", "");
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/empty/);
  });

  it("answers 415 when the body is not declared as JSON", async () => {
    const form = await post("/api/update-api-key", `api_key=${TEST_KEY}`, {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(415);
    expectPlainError(form.body);
    expect(form.body.error).toMatch(/application\/json/);
    const plain = await post("/api/update-api-key", JSON.stringify({ api_key: TEST_KEY }), {
      "Content-Type": "text/plain",
    });
    expect(plain.status).toBe(415);
  });

  it("answers 413 for a body over the 64 KB limit", async () => {
    const result = await post("/api/update-api-key", { api_key: "x".repeat(100_000), provider: "openai" });
    expect(result.status).toBe(413);
    expectPlainError(result.body);
    expect(result.body.error).toMatch(/larger than 64 KB/);
  });
});

describe("GET /api/get-api-key-status", () => {
  it("says the demo provider needs no key and has no address", async () => {
    expect((await get("/api/get-api-key-status?provider=demo")).body).toEqual({
      has_key: false,
      masked_key: null,
      key_source: null,
      needs_key: false,
      base_url: null,
      base_url_source: "default",
    });
  });

  it("answers 400 for a provider outside the table", async () => {
    const result = await get("/api/get-api-key-status?provider=gemini");
    expect(result.status).toBe(400);
    expectPlainError(result.body);
    expect(result.body.error).toMatch(/provider must be one of/);
  });
});

describe("POST /api/validate-api-key", () => {
  it("answers {valid: true, message} when the provider accepts the key", async () => {
    await post("/api/update-api-key", { api_key: TEST_KEY, provider: "openai" });
    const result = await post("/api/validate-api-key", { provider: "openai" });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ valid: true, message: "OpenAI API key is valid", status: "valid" });
    expect(fake.requestCount("openai")).toBe(1);
  });

  it("answers HTTP 200 {valid: false, error} when the provider rejects the key", async () => {
    await post("/api/update-api-key", { api_key: "sk-wrong.SECRET-000000000000", provider: "anthropic" });
    const result = await post("/api/validate-api-key", { provider: "anthropic" });
    expect(result.status).toBe(200);
    expect(result.body.valid).toBe(false);
    expect(result.body.error).toMatch(
      /^Invalid API Key: The Anthropic API key you provided is invalid or has expired\./,
    );
    expect(result.body).toMatchObject({ status: "invalid", code: "provider_auth" });
  });

  it("a provider that cannot be reached leaves the key not checked, never invalid", async () => {
    const closed = await startTestServer({ config: { openai_base_url: "http://127.0.0.1:9/v1" } });
    try {
      await postJson(closed, "/api/update-api-key", { api_key: TEST_KEY, provider: "openai" });
      const result = await postJson(closed, "/api/validate-api-key", { provider: "openai" });
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({ valid: false, status: "unreachable", code: "provider_network" });
      expect(result.body.error).toMatch(/^Network Error: Unable to connect to OpenAI servers\./);
      seenBodies.push(result.text);
    } finally {
      await closed.close();
    }
  });

  it("the demo provider's key check answers valid at once, without a request", async () => {
    const result = await post("/api/validate-api-key", { provider: "demo" });
    expect(result.body).toEqual({
      valid: true,
      status: "valid",
      message: "The demo provider needs no key (demo: scripted, not a model)",
    });
    expect(fake.requestCount()).toBe(0);
  });

  it("answers {valid: false} with the three ways to set a key when there is none", async () => {
    const fresh = await startTestServer({ config: { qwen_base_url: fake.qwenBaseUrl } });
    try {
      const result = await postJson(fresh, "/api/validate-api-key", { provider: "qwen" });
      expect(result.status).toBe(200);
      expect(result.body.valid).toBe(false);
      expect(result.body.error).toMatch(/^Qwen API key not found\. Please set it using one of these methods/);
      expect(fake.requestCount()).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it("reports provider failures in the classifier's plain words", async () => {
    await post("/api/update-api-key", { api_key: TEST_KEY, provider: "openai" });
    fake.enqueue(fakeReply.quotaExceeded());
    const result = await post("/api/validate-api-key", { provider: "openai" });
    expect(result.body).toMatchObject({
      valid: false,
      status: "unchecked",
      code: "provider_quota",
      error: expect.stringMatching(/^Billing Issue: Your OpenAI account/),
    });
  });

  it("answers 400 for a bad provider", async () => {
    const result = await post("/api/validate-api-key", { provider: 7 });
    expect(result.status).toBe(400);
    expectPlainError(result.body);
  });
});
