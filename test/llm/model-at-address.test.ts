// A model reached at a base URL that is not its provider's own (a local server, a gateway, here the fake provider) is
// another model than the provider's of the same name: its result, its journal entry and its backtest are labelled by
// the address, and its cost is unknown rather than the provider's list price.
import path from "node:path";

import { describe, expect, it } from "vitest";

import { type BacktestEstimate, runBacktest } from "../../src/backtest/index";
import { foreignBaseUrl, modelAtAddress } from "../../src/config/base-url";
import { createConfig } from "../../src/config/config-schema";
import { readBenchmarkWindow } from "../../src/market/benchmark-data";
import { BENCHMARK_DIR } from "../../src/market/benchmark-dir";
import { fakeKey } from "../support/fake-key-shapes";
import { usePipelineHarness } from "../support/pipeline-harness";

let openaiBaseUrl = "";
const harness = usePipelineHarness({ name: "model-at-address" }, ({ server }) => {
  openaiBaseUrl = server.openaiBaseUrl;
});

describe("foreignBaseUrl", () => {
  it("is the address when it is not the provider's own, and nothing for the provider's own or the demo", () => {
    const config = createConfig({});
    expect(foreignBaseUrl(config, "openai", {})).toBeUndefined();
    expect(foreignBaseUrl(config, "openai", { OPENAI_BASE_URL: "https://api.openai.com/v1" })).toBeUndefined();
    expect(foreignBaseUrl(config, "qwen", {})).toBeUndefined();
    expect(foreignBaseUrl(config, "demo", { OPENAI_BASE_URL: "http://127.0.0.1:1/v1" })).toBeUndefined();
    expect(foreignBaseUrl(config, "openai", { OPENAI_BASE_URL: "http://localhost:11434/v1" })).toBe(
      "http://localhost:11434/v1",
    );
    expect(foreignBaseUrl(createConfig({ anthropic_base_url: "http://gateway.local" }), "anthropic", {})).toBe(
      "http://gateway.local",
    );
    expect(modelAtAddress("gpt-4o", "http://localhost:11434/v1")).toBe("gpt-4o @ http://localhost:11434/v1");
  });

  it("is the address alone: no user name, password, query or fragment, where a gateway's key could ride", () => {
    const config = createConfig({});
    const withSecrets = "https://user:pa55word@gateway.example/v1?api-key=k3y-secret#frag";
    const label = foreignBaseUrl(config, "openai", { OPENAI_BASE_URL: withSecrets });
    expect(label).toBe("https://gateway.example/v1");
    for (const secret of ["user", "pa55word", "k3y-secret", "frag", "***"]) expect(label).not.toContain(secret);
    expect(foreignBaseUrl(config, "openai", { OPENAI_BASE_URL: "http://127.0.0.1:8080/v1?x=1" })).toBe(
      "http://127.0.0.1:8080/v1",
    );
  });
});

describe("a pipeline at another address", () => {
  it("labels its result and journal entry by the address, and prices it as unknown", async () => {
    const pipeline = harness.pipeline();
    const candles = await readBenchmarkWindow(BENCHMARK_DIR, "BTC", 1);
    const result = await pipeline.analyze({ candles, timeframe: "4h" });
    expect(result.models.graph.model).toBe(`gpt-4o @ ${openaiBaseUrl}`);
    expect(result.models.agent.model).toBe(`gpt-4o-mini @ ${openaiBaseUrl}`);
    expect(result.usage.calls.every((call) => call.model.endsWith(` @ ${openaiBaseUrl}`))).toBe(true);
    const [listed] = (await pipeline.journal.list({ limit: 1 })).analyses;
    expect(listed).toMatchObject({ id: result.id, models: { graph: { model: `gpt-4o @ ${openaiBaseUrl}` } } });
    expect(listed?.costUsd).toBeNull();
  }, 120_000);
});

describe("a backtest at another address", () => {
  it("estimates without pricing its models, named by the address (stopped before any call)", async () => {
    const stop = new AbortController();
    let estimate: BacktestEstimate | undefined;
    await runBacktest({
      series: { file: path.join(BENCHMARK_DIR, "btc", "BTC_4h_1.csv"), timeframe: "4h" },
      config: { api_key: fakeKey("sk-", 24), data_dir: harness.dataDir, journal: false },
      cacheDir: false,
      signal: stop.signal,
      dependencies: { env: { OPENAI_BASE_URL: openaiBaseUrl } },
      onEstimate: (given) => {
        estimate = given;
        stop.abort("enough");
      },
    }).catch(() => undefined);
    expect(estimate?.costUsd).toBeNull();
    expect(estimate?.unpricedModels).toContain(`gpt-4o @ ${openaiBaseUrl}`);
  });
});
