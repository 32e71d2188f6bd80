// The experiment engine keeping the chart agents' reports when asked (`keepReports`, what the chart-reading probe
// scores): each decision carries the Pattern and Trend agents' reports, the decision cache keeps them, a rerun takes
// them from it without a call, and a cached decision made without them is analysed again rather than scored blank.
// Without the option nothing changes: no reports in a decision or in the cache. Against the local fake provider.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createConfig } from "../../src/config/config-schema";
import { createDecisionCache } from "../../src/experiment/decision-cache";
import type { ExperimentPoint } from "../../src/experiment/experiment-point";
import { openExperiment } from "../../src/experiment/open-experiment";
import { createUsageMeter } from "../../src/llm/usage-meter";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import type { FakeProviderServer } from "../fakes/fake-provider-server";
import { useFakeProvider } from "../support/use-fake-provider";

const key = "sk-decide-reports.test-0123456789";
let server: FakeProviderServer;
useFakeProvider({ validKeys: [key] }, (started) => (server = started));

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "decide-reports-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const point: ExperimentPoint = {
  id: "p-1",
  label: "p-1",
  lane: "p",
  window: candlesFromCloses(wavyCloses(45, 2)),
  later: [],
  timeframe: "4h",
  name: "Wavy",
};

async function decideOnce(options: { keepReports: boolean; cacheDir: string }) {
  const config = createConfig({ api_key: key, openai_base_url: server.openaiBaseUrl, max_retries: 0, journal: false });
  const experiment = await openExperiment({
    kind: "probe",
    config,
    stages: {},
    blind: true,
    env: {},
    dependencies: { env: {} },
    plugins: [],
    pluginSummary: [],
    answers: null,
    meter: createUsageMeter(),
  });
  const decisions = createDecisionCache(options.cacheDir, { test: "decide-reports" });
  const keys = [decisions.key(point.window)];
  const found = [await decisions.get(keys[0]!)];
  try {
    const [decision] = await experiment.decide([point], {
      concurrency: 1,
      cache: { decisions, keys, found },
      keepReports: options.keepReports,
    });
    return { decision: decision!, stored: await decisions.get(keys[0]!) };
  } finally {
    await experiment.close();
  }
}

describe("decide with keepReports", () => {
  it("keeps the Pattern and Trend agents' reports with the decision and in the cache; a rerun reads them back free", async () => {
    const cacheDir = path.join(scratch, "kept");
    const first = await decideOnce({ keepReports: true, cacheDir });
    expect(first.decision.error).toBeUndefined();
    expect(first.decision.reports?.pattern).toContain("Ascending Triangle"); // the fake's vision report
    expect(first.decision.reports?.trend).toBe(first.decision.reports?.pattern);
    expect(first.stored?.reports).toEqual(first.decision.reports);
    const calls = server.requestCount();
    const second = await decideOnce({ keepReports: true, cacheDir });
    expect(second.decision).toMatchObject({ cached: true, reports: first.decision.reports });
    expect(server.requestCount()).toBe(calls);
  });

  it("analyses a cached decision made without the reports again, and then keeps them", async () => {
    const cacheDir = path.join(scratch, "plain-then-kept");
    const plain = await decideOnce({ keepReports: false, cacheDir });
    expect(plain.decision.reports).toBeUndefined();
    expect(plain.stored).toBeDefined();
    expect(plain.stored?.reports).toBeUndefined();
    const calls = server.requestCount();
    const kept = await decideOnce({ keepReports: true, cacheDir });
    expect(kept.decision.cached).toBe(false);
    expect(server.requestCount()).toBeGreaterThan(calls);
    expect(kept.stored?.reports?.pattern).toContain("Ascending Triangle");
  });
});
