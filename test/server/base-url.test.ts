// POST /api/update-base-url: a provider's address changed at run time (Settings), shown in the key status, used by
// the next request at once, reset by "", refused when it is not an http(s) URL, too long, carries credentials or
// names the demo; no key set before the change (environment, config, Settings) is ever sent to the new address,
// only one saved after it, through the real OpenAI and Anthropic SDKs; and the route sits behind the same gate as
// every other (token, same-origin JSON).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { ConfigInput } from "../../src/index";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { testAccessToken } from "../support/access-token";
import { benchmarkCsv } from "./analysis-fixtures";
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
    expect(await status()).toMatchObject({ base_url: other.openaiBaseUrl, base_url_source: "config" });

    expect(changed.body.message).toBe(
      `OpenAI requests now go to ${other.openaiBaseUrl}. Save the key for this server in Settings (any text if it needs none).`,
    );
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
    expect(moved.body.message).toMatch(/No key set before this change is sent there/);
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
    expect(back.body.message).toMatch(
      /The key saved for the other address was removed: save your Qwen key in Settings\.$/,
    );
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
    const accessToken = testAccessToken("base-url");
    const guarded = await startTestServer({ app: { accessToken } });
    try {
      const body = { provider: "openai", base_url: "http://localhost:11434/v1" };
      expect((await postJson(guarded, "/api/update-base-url", body)).status).toBe(401);
      const token = { Authorization: `Bearer ${accessToken}` };
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

const ENV_KEY = "sk-test-from-the-environment-0123456789";
const CONFIG_KEY = "sk-test-from-the-config-record-0123456789";
const SETTINGS_KEY = "sk-test-saved-in-settings-0123456789";
const PASTED_KEY = "sk-test-pasted-after-the-change-0123456789";
const EARLIER_KEYS = [ENV_KEY, CONFIG_KEY, SETTINGS_KEY];

const PROVIDERS = {
  openai: { keyEnv: "OPENAI_API_KEY", baseEnv: "OPENAI_BASE_URL", keyField: "api_key", baseField: "openai_base_url" },
  anthropic: {
    keyEnv: "ANTHROPIC_API_KEY",
    baseEnv: "ANTHROPIC_BASE_URL",
    keyField: "anthropic_api_key",
    baseField: "anthropic_base_url",
  },
} as const;
type Provider = keyof typeof PROVIDERS;
type KeySource = "environment" | "config" | "Settings";

const baseUrlOf = (fake: FakeProviderServer, provider: Provider) =>
  provider === "openai" ? fake.openaiBaseUrl : fake.anthropicBaseUrl;

/** A server whose provider has a key from `source`, going to `home` (the address its operator set at start). */
async function serverWithKeyFrom(source: KeySource, provider: Provider, home: FakeProviderServer) {
  const names = PROVIDERS[provider];
  const env: Record<string, string> = {};
  const config: ConfigInput = { agent_llm_provider: provider, graph_llm_provider: provider };
  if (source === "config")
    Object.assign(config, { [names.keyField]: CONFIG_KEY, [names.baseField]: baseUrlOf(home, provider) });
  else env[names.baseEnv] = baseUrlOf(home, provider);
  if (source === "environment") env[names.keyEnv] = ENV_KEY;
  const served = await startTestServer({ env, config });
  if (source === "Settings") await postJson(served, "/api/update-api-key", { api_key: SETTINGS_KEY, provider });
  return served;
}

/** Every header value and the body of every request the listener saw: no earlier key may be in any of them. */
function everythingSent(listener: FakeProviderServer): string {
  return listener.requests
    .map((request) => `${Object.values(request.headers).join("\n")}\n${request.rawBody}`)
    .join("\n");
}

describe("a listener set as the base URL at run time receives no key set before it", () => {
  let home: FakeProviderServer;
  let listener: FakeProviderServer;
  beforeAll(async () => {
    home = await startFakeProviderServer({ validKeys: EARLIER_KEYS });
    // Accepts any key, as a listener collecting them would.
    listener = await startFakeProviderServer();
  });
  afterAll(async () => {
    await home.close();
    await listener.close();
  });

  const cases = (["openai", "anthropic"] as const).flatMap((provider) =>
    (["environment", "config", "Settings"] as const).map((source) => [provider, source] as const),
  );
  it.each(cases)(
    "%s, its key from the %s: nothing before the change, the key saved after it",
    async (provider, source) => {
      home.reset();
      listener.reset();
      const served = await serverWithKeyFrom(source, provider, home);
      try {
        // The key works where the operator pointed it.
        expect((await postJson(served, "/api/validate-api-key", { provider })).body).toMatchObject({ valid: true });
        expect(home.requestCount()).toBe(1);

        const moved = await postJson(served, "/api/update-base-url", {
          provider,
          base_url: baseUrlOf(listener, provider),
        });
        expect(moved.body).toMatchObject({ key_removed: true, status: { has_key: false, key_source: null } });
        expect(moved.body.message).toMatch(/No key set before this change is sent there: save the key for this server/);
        expect((await getJson(served, `/api/get-api-key-status?provider=${provider}`)).body).toMatchObject({
          has_key: false,
          masked_key: null,
          base_url_source: "config",
        });

        // Neither a key check nor an analysis sends anything: there is no key for this address.
        const checked = await postJson(served, "/api/validate-api-key", { provider });
        expect(checked.body).toMatchObject({ valid: false, code: "missing_api_key" });
        const analysis = await postJson(served, "/api/analyze", { csv: benchmarkCsv(), timeframe: "4h" });
        expect(analysis.body).toMatchObject({ success: false, code: "missing_api_key" });
        expect(listener.requestCount()).toBe(0);

        // The key saved after the change goes there, and only it.
        await postJson(served, "/api/update-api-key", { api_key: PASTED_KEY, provider });
        expect((await postJson(served, "/api/validate-api-key", { provider })).body).toMatchObject({ valid: true });
        expect((await postJson(served, "/api/analyze", { csv: benchmarkCsv(), timeframe: "4h" })).status).toBe(200);
        expect(listener.requestCount()).toBeGreaterThan(1);
        expect(new Set(listener.requests.map((request) => request.apiKey))).toEqual(new Set([PASTED_KEY]));
        const sent = everythingSent(listener);
        for (const key of EARLIER_KEYS) expect(sent.includes(key), "an earlier key reached the listener").toBe(false);
        expect(home.requestCount()).toBe(1);
      } finally {
        await served.close();
      }
    },
  );

  it.each(["openai", "anthropic"] as const)(
    "%s: back to the default, the environment's key goes to the environment's address again",
    async (provider) => {
      home.reset();
      listener.reset();
      const served = await serverWithKeyFrom("environment", provider, home);
      try {
        await postJson(served, "/api/update-base-url", { provider, base_url: baseUrlOf(listener, provider) });
        await postJson(served, "/api/update-api-key", { api_key: PASTED_KEY, provider });
        const back = await postJson(served, "/api/update-base-url", { provider, base_url: "" });
        expect(back.body).toMatchObject({
          key_removed: true,
          status: { has_key: true, key_source: "environment", base_url_source: "environment" },
        });
        expect((await postJson(served, "/api/validate-api-key", { provider })).body).toMatchObject({ valid: true });
        expect(home.requests.map((request) => request.apiKey)).toEqual([ENV_KEY]);
        // The key saved for the listener went with it: nothing more reaches the listener, with any key.
        expect(listener.requestCount()).toBe(0);
      } finally {
        await served.close();
      }
    },
  );
});
