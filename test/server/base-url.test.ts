// POST /api/update-base-url: a provider's address changed at run time (Settings), shown in the key status, used by
// the next request at once, reset by "", refused when it is not an http(s) URL, too long, carries credentials or
// names the demo; a key saved in Settings is never sent to an address chosen after it; and the route sits behind
// the same gate as every other (token, same-origin JSON).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { expectPlainError, getJson, postJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

let fake: FakeProviderServer;
let other: FakeProviderServer;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  other = await startFakeProviderServer({ validKeys: ["local-server-key"] });
  // The environment names the first fake server for OpenAI, as OPENAI_BASE_URL would.
  server = await startTestServer({ env: { OPENAI_BASE_URL: fake.openaiBaseUrl } });
});
afterAll(async () => {
  await server.close();
  await fake.close();
  await other.close();
});

const status = async (provider = "openai") =>
  (await getJson(server, `/api/get-api-key-status?provider=${provider}`)).body;

describe("POST /api/update-base-url", () => {
  it("points a provider at another server at once, says so in the key status, and resets to the environment with ''", async () => {
    expect(await status()).toMatchObject({ base_url: fake.openaiBaseUrl, base_url_source: "environment" });
    const changed = await postJson(server, "/api/update-base-url", {
      provider: "openai",
      base_url: other.openaiBaseUrl,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      success: true,
      key_removed: false,
      status: { base_url: other.openaiBaseUrl, base_url_source: "config" },
    });
    expect(changed.body.message).toBe(`OpenAI requests now go to ${other.openaiBaseUrl}.`);
    expect(await status()).toMatchObject({ base_url: other.openaiBaseUrl, base_url_source: "config" });

    // The next call goes there: the key of that server is accepted by it.
    await postJson(server, "/api/update-api-key", { api_key: "local-server-key", provider: "openai" });
    const checked = await postJson(server, "/api/validate-api-key", { provider: "openai" });
    expect(checked.body).toMatchObject({ valid: true });
    expect(other.requestCount()).toBe(1);
    expect(fake.requestCount()).toBe(0);

    const reset = await postJson(server, "/api/update-base-url", { provider: "openai", base_url: "" });
    expect(reset.body.status).toMatchObject({ base_url: fake.openaiBaseUrl, base_url_source: "environment" });
  });

  it("removes a key saved in Settings when the address changes, so it is never sent to the new one", async () => {
    await postJson(server, "/api/update-base-url", { provider: "qwen", base_url: "" });
    await postJson(server, "/api/update-api-key", { api_key: TEST_KEY, provider: "qwen" });
    expect(await status("qwen")).toMatchObject({ has_key: true });
    const moved = await postJson(server, "/api/update-base-url", { provider: "qwen", base_url: other.qwenBaseUrl });
    expect(moved.body).toMatchObject({ key_removed: true, status: { has_key: false, base_url: other.qwenBaseUrl } });
    expect(moved.body.message).toMatch(
      /The Qwen key saved in Settings was removed, so it is not sent to a new address/,
    );
    const checked = await postJson(server, "/api/validate-api-key", { provider: "qwen" });
    expect(checked.body).toMatchObject({ valid: false, code: "missing_api_key" });
    expect(other.requests.filter((request) => request.apiKey === TEST_KEY)).toEqual([]);
    // The same address again is no move: a key saved since stays.
    await postJson(server, "/api/update-api-key", { api_key: "local-server-key", provider: "qwen" });
    const same = await postJson(server, "/api/update-base-url", { provider: "qwen", base_url: other.qwenBaseUrl });
    expect(same.body).toMatchObject({ key_removed: false, status: { has_key: true } });
    // Back to Qwen's own address: the key for the other server goes too, and the answer asks for the Qwen key.
    const back = await postJson(server, "/api/update-base-url", { provider: "qwen", base_url: "" });
    expect(back.body).toMatchObject({ key_removed: true, status: { has_key: false, base_url_source: "default" } });
    expect(back.body.message).toMatch(/removed with the other address: paste your Qwen key again\.$/);
    expect(back.body.message).not.toContain("any text if it needs none");
  });

  it.each([
    [{ provider: "openai", base_url: "ftp://example.org/v1" }, /must start with http:\/\/ or https:\/\//],
    [{ provider: "openai", base_url: "localhost:11434/v1" }, /must start with http:\/\/ or https:\/\//],
    [{ provider: "openai", base_url: "/v1" }, /must be an absolute URL such as http:\/\/localhost:11434\/v1/],
    [{ provider: "openai", base_url: "http://user:hunter2@example.org/v1" }, /must not hold a user name or password/],
    [{ provider: "openai", base_url: `http://example.org/${"v".repeat(600)}` }, /at most 500 characters/],
    [{ provider: "openai", base_url: 42 }, /base_url: The base URL must be a string/],
    [{ provider: "openai" }, /base_url/],
    [
      { provider: "demo", base_url: "http://localhost:11434/v1" },
      /demo provider answers in-process: it has no base URL/,
    ],
    [{ provider: "mistral", base_url: "http://localhost:11434/v1" }, /provider must be one of/],
    [{ provider: "openai", base_url: "http://x", extra: 1 }, /unknown field: extra/],
  ])("refuses %j with 400 in plain words, changing nothing", async (body, message) => {
    const before = await status();
    const answer = await postJson(server, "/api/update-base-url", body);
    expect(answer.status).toBe(400);
    expectPlainError(answer.body);
    expect(answer.body.error).toMatch(message);
    expect(answer.text).not.toContain("hunter2");
    expect(await status()).toEqual(before);
  });

  it("is behind the same gate as every route: the access token, and same-origin JSON", async () => {
    const guarded = await startTestServer({ app: { accessToken: "base-url-token-TzdnGuTrmHqhVJ6V9VSiFJRvWH2BcyiVMjsMgsXi" } });
    try {
      const body = { provider: "openai", base_url: "http://localhost:11434/v1" };
      expect((await postJson(guarded, "/api/update-base-url", body)).status).toBe(401);
      const token = { Authorization: "Bearer base-url-token-TzdnGuTrmHqhVJ6V9VSiFJRvWH2BcyiVMjsMgsXi" };
      expect(
        (await postJson(guarded, "/api/update-base-url", body, { ...token, Origin: "https://evil.example" })).status,
      ).toBe(403);
      expect(
        (
          await postJson(guarded, "/api/update-base-url", JSON.stringify(body), {
            ...token,
            "Content-Type": "text/plain",
          })
        ).status,
      ).toBe(415);
      expect((await postJson(guarded, "/api/update-base-url", body, token)).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
