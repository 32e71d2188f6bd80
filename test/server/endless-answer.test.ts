// A model server whose answer never ends, behind a running server: the analysis fails as a provider error
// (502 provider_answer_too_long, never a 500), and the memory the server holds stays within 300 MB of what it held
// before, where an unbounded answer once took the process from 194 MB to 3.4 GB. The server runs in this test's
// thread; the unit project runs other files in other threads of the same process, so the measure is this thread's
// own heap and the buffers it holds (process.memoryUsage()'s heapUsed and external, which counts the buffers, are per thread), not
// the process's resident memory, which the neighbours move.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../fakes/fake-provider-server";
import { benchmarkCsv } from "./analysis-fixtures";
import { postJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

const MB = 1024 * 1024;
let fake: FakeProviderServer;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  server = await startTestServer({ config: { api_key: TEST_KEY, openai_base_url: fake.openaiBaseUrl } });
});
afterAll(async () => {
  // The fake first: its endless answers end with it, so no call of the server's can still be waiting on one when the
  // server closes (in one run of the whole unit project the other order waited out the hook's five minutes).
  await fake.close();
  await server.close();
});

/** The memory this thread holds: its JavaScript heap and the off-heap buffers its objects own. */
function heldMemory(): number {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

/** The most memory held while `work` runs, sampled every 10 ms. */
async function peakHeld<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = heldMemory();
  const sampler = setInterval(() => (peak = Math.max(peak, heldMemory())), 10);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, heldMemory()) };
  } finally {
    clearInterval(sampler);
  }
}

describe("a model answer that never ends", () => {
  it.each(["text", "tool_arguments", "one_line"] as const)(
    "endless %s: the analysis fails as a provider error, and memory stays within 300 MB of the start",
    async (what) => {
      fake.setHandler(() => fakeReply.endless(what));
      const before = heldMemory();
      const { result: answer, peak } = await peakHeld(() =>
        postJson(server, "/api/analyze", { csv: benchmarkCsv(), timeframe: "4h" }),
      );
      expect(answer.status).toBe(502);
      expect(answer.body).toMatchObject({ success: false, code: "provider_answer_too_long", provider: "openai" });
      expect(answer.body.error).toMatch(/^Answer Too Long: the OpenAI model's answer was stopped/);
      expect((peak - before) / MB).toBeLessThan(300);
    },
  );
});
