// The estimate a chart-reading probe tells before it spends anything, held against what the run then spends: every
// shape once against the local fake provider, its tokens counted as a provider bills them (text at four characters a
// token, each chart as OpenAI prices a 1280x640 image, not its base64 as text: test/fakes/chart-probe-handler.ts),
// and its analysts writing reports of the length the estimate takes a real model to write. The calls must match
// exactly; the input tokens (what the prompts and charts weigh, which the fake does not choose) and the total within
// 20%. A demo run is estimated at nothing, and spends nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { BacktestEstimate } from "../../src/backtest/cost-estimate";
import { runChartProbe } from "../../src/probe/run-chart-probe";
import { onePatternHandler, withBilledUsage } from "../fakes/chart-probe-handler";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";

const key = "sk-probe-estimate.test-0123456789";
let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer({
    validKeys: [key],
    handler: withBilledUsage(onePatternHandler("Double Top", { typicalLengths: true })),
  });
});
afterAll(async () => {
  await server?.close();
});

const within = (estimate: number, spent: number) => Math.abs(estimate - spent) / spent;

describe("the probe's cost estimate", () => {
  it("is within 20% of the tokens the run then spends, and counts its calls exactly", async () => {
    let told: BacktestEstimate | undefined;
    const result = await runChartProbe({
      perShape: 1,
      cacheDir: false,
      config: { api_key: key, openai_base_url: server.openaiBaseUrl, max_retries: 0, journal: false },
      dependencies: { env: {} },
      onEstimate: (estimate) => (told = estimate),
    });
    expect(told).toEqual(result.estimate);
    const estimate = result.estimate;
    const spent = result.usage.freshTokens;
    expect(result.errors).toBe(0);
    expect(estimate.calls).toBe(result.usage.freshCalls);
    expect(estimate.calls).toBe(server.requestCount());
    const input = within(estimate.tokens.inputTokens, spent.inputTokens);
    const total = within(
      estimate.tokens.inputTokens + estimate.tokens.outputTokens,
      spent.inputTokens + spent.outputTokens,
    );
    expect(input, `estimated ${estimate.tokens.inputTokens} input tokens, spent ${spent.inputTokens}`).toBeLessThan(
      0.2,
    );
    expect(
      total,
      `estimated ${estimate.tokens.inputTokens + estimate.tokens.outputTokens} tokens, spent ${spent.inputTokens + spent.outputTokens}`,
    ).toBeLessThan(0.2);
    // At the fake's address (not OpenAI's) no list price applies, before the run or after it.
    expect(estimate.costUsd).toBeNull();
    expect(result.usage.unpricedModels.length).toBeGreaterThan(0);
  });

  it("is nothing for the demo provider, which calls no model", async () => {
    const result = await runChartProbe({
      shapes: ["double_top"],
      perShape: 1,
      cacheDir: false,
      config: {
        agent_llm_provider: "demo",
        graph_llm_provider: "demo",
        agent_llm_model: "demo",
        graph_llm_model: "demo",
        journal: false,
      },
      dependencies: { env: {} },
      maxCostUsd: 0,
    });
    expect(result.estimate).toMatchObject({ calls: 0, costUsd: 0, tokens: { inputTokens: 0, outputTokens: 0 } });
    expect(result.usage.freshTokens).toEqual({ inputTokens: 0, outputTokens: 0 });
  });
});
