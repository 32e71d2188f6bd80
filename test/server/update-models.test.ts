// POST /api/update-models: each role's model name changed at run time (Settings), the provider left as it is; malformed names, an empty body and unknown fields refused with 400, changing nothing;
// behind the same gate as every settings route (the access token, same-origin JSON).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { testAccessToken } from "../support/access-token";
import { expectPlainError, getJson, postJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

let fake: FakeProviderServer;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  server = await startTestServer({ env: { OPENAI_BASE_URL: fake.openaiBaseUrl } });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const selection = async () => (await getJson(server, "/api/get-provider")).body.config;

describe("POST /api/update-models", () => {
  it("sets the graph model alone, then both, kept for what follows", async () => {
    const before = await selection();
    const answer = await postJson(server, "/api/update-models", { graph_model: "qwen2.5vl:7b" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      config: { graph_llm_model: "qwen2.5vl:7b", agent_llm_model: before.agent_llm_model },
    });
    expect(answer.body.message).toBe(`Models now: agent ${before.agent_llm_model}, graph qwen2.5vl:7b.`);
    expect((await selection()).graph_llm_provider).toBe(before.graph_llm_provider);

    const both = await postJson(server, "/api/update-models", { agent_model: "llava", graph_model: "llava" });
    expect(both.body.config).toMatchObject({ agent_llm_model: "llava", graph_llm_model: "llava" });

    expect(await selection()).toMatchObject({ agent_llm_model: "llava", graph_llm_model: "llava" });
  });

  it.each([
    [{}, /give agent_model, graph_model or both/],
    [{ graph_model: "" }, /graph_model: must not be empty/],
    [{ graph_model: "gpt 4o" }, /graph_model: is not a valid model name/],
    [{ agent_model: "x".repeat(201) }, /agent_model: is longer than 200 characters/],
    [{ graph_model: 42 }, /graph_model: must be a model name/],
    [{ graph_model: "llava", provider: "openai" }, /unknown field: provider/],
  ])("refuses %j with 400 in plain words, changing nothing", async (body, message) => {
    const before = await selection();
    const answer = await postJson(server, "/api/update-models", body);
    expect(answer.status).toBe(400);
    expectPlainError(answer.body);
    expect(answer.body.error).toMatch(message);
    expect(await selection()).toEqual(before);
  });

  it("is behind the same gate as every settings route: the access token, and same-origin JSON", async () => {
    const token = testAccessToken("models");
    const guarded = await startTestServer({ app: { accessToken: token } });
    try {
      const body = { graph_model: "llava" };
      expect((await postJson(guarded, "/api/update-models", body)).status).toBe(401);
      const authorised = { Authorization: `Bearer ${token}` };
      expect(
        (await postJson(guarded, "/api/update-models", body, { ...authorised, Origin: "https://evil.example" })).status,
      ).toBe(403);
      expect((await postJson(guarded, "/api/update-models", body, authorised)).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
