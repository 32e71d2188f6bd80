// The provider routes on their own (route-harness.ts), each test with its own router and pipeline: a switch answers
// the models now in use in words and as data, reads its body within the routes' limit and refuses anything but a
// known provider; the selection reads back as switched. The whole app's use is in ../provider-and-assets.test.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createProviderRouter } from "../../../server/routes/provider-routes";
import { createPipeline, type Pipeline } from "../../../src/index";
import { getJson, postJson } from "../test-server";
import { routeSettings, withRouter } from "./route-harness";

let dataDir: string;
let pipeline: Pipeline;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "provider-routes-"));
  pipeline = createPipeline({ data_dir: dataDir }, { env: {} });
});
afterEach(async () => {
  await pipeline.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the provider routes", () => {
  it("switch both models, say so in words, and read the selection back", async () => {
    await withRouter(createProviderRouter(routeSettings(pipeline)), async (served) => {
      const switched = await postJson(served, "/api/update-provider", { provider: "anthropic" });
      expect(switched.status).toBe(200);
      const config = pipeline.modelSelection();
      expect(config).toMatchObject({ agent_llm_provider: "anthropic", graph_llm_provider: "anthropic" });
      expect(switched.body).toEqual({
        success: true,
        message: `Both models now use Anthropic: agent ${config.agent_llm_model}, graph ${config.graph_llm_model}.`,
        config,
      });
      const read = await getJson(served, "/api/get-provider");
      expect(read.status).toBe(200);
      expect(read.body).toEqual({ config });
    });
  });

  it("refuse an unknown provider, an unknown field, and a body over the limit, changing nothing", async () => {
    const before = pipeline.modelSelection();
    await withRouter(createProviderRouter(routeSettings(pipeline, { maxBodyBytes: 100 })), async (served) => {
      const unknown = await postJson(served, "/api/update-provider", { provider: "mistral" });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toMatch(/provider must be one of/);
      const extra = await postJson(served, "/api/update-provider", { provider: "demo", model: "x" });
      expect(extra.status).toBe(400);
      expect(extra.body.error).toMatch(/unknown field: model/);
      const large = await postJson(served, "/api/update-provider", { provider: "demo", padding: "p".repeat(120) });
      expect(large.status).toBe(413);
    });
    expect(pipeline.modelSelection()).toEqual(before);
  });
});
