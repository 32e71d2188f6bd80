// Model calls and tokens per analysis in both chart_dispatch modes ("tool-call", the old default, and "direct", the
// new one), against the fake provider over real HTTP through the OpenAI SDK, with real Chromium charts.
//
// Analyses of the first N benchmark windows of BTC (4h CSV), each in both modes. Per mode: calls per analysis and per
// step, input and output tokens as the fake provider counts them (a quarter of the characters sent or written, the
// charts' base64 included, so the figures track what is sent, not any provider's bill), the input tokens without the
// images (the prompt text), and the wall time with a fixed latency per call.
//
// Run: npm run bench:dispatch [-- --windows 5 --latency 300]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { createChartRenderer } from "../src/charts/png-renderer";
import { createPipeline } from "../src/pipeline/pipeline";
import {
  defaultFakeHandler,
  fakeReply,
  type FakeRequest,
  startFakeProviderServer,
} from "../test/fakes/fake-provider-server";
import { readBenchmarkText } from "../test/support/benchmark";
import { imagesInRequest } from "../test/support/request-images";
import { numberArgument } from "./support/arguments";
import { median } from "./support/statistics";

const windows = numberArgument("windows", 5);
const latencyMs = numberArgument("latency", 300);
const KEY = "sk-bench-0000000000000000";
const STEPS = ["indicator", "pattern", "trend", "decision"] as const;
type Mode = "tool-call" | "direct";

interface ModeFigures {
  calls: number[];
  callsPerStep: Record<(typeof STEPS)[number], number[]>;
  inputTokens: number[];
  outputTokens: number[];
  textInputTokens: number[];
  wallMs: number[];
}

/** The fake provider's count for a request body, less the base64 of its images: the prompt text alone. */
function textTokens(request: FakeRequest): number {
  const imageCharacters = imagesInRequest(request.body).reduce(
    (sum, image) => sum + image.toString("base64").length,
    0,
  );
  return Math.ceil((request.rawBody.length - imageCharacters) / 4);
}

const average = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const whole = (value: number) => Math.round(value).toLocaleString("en-US");

async function main() {
  const renderer = createChartRenderer();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-dispatch-"));
  const server = await startFakeProviderServer();
  server.setHandler((request) => fakeReply.delay(latencyMs, defaultFakeHandler(request)));
  const figures: Record<Mode, ModeFigures> = {
    "tool-call": {
      calls: [],
      callsPerStep: { indicator: [], pattern: [], trend: [], decision: [] },
      inputTokens: [],
      outputTokens: [],
      textInputTokens: [],
      wallMs: [],
    },
    direct: {
      calls: [],
      callsPerStep: { indicator: [], pattern: [], trend: [], decision: [] },
      inputTokens: [],
      outputTokens: [],
      textInputTokens: [],
      wallMs: [],
    },
  };
  try {
    for (let window = 1; window <= windows; window++) {
      const csv = readBenchmarkText(`btc/BTC_4h_${window}.csv`);
      for (const mode of ["tool-call", "direct"] as const) {
        const pipeline = createPipeline(
          { api_key: KEY, openai_base_url: server.openaiBaseUrl, data_dir: dataDir, chart_dispatch: mode },
          { env: {}, renderer },
        );
        server.reset();
        server.setHandler((request) => fakeReply.delay(latencyMs, defaultFakeHandler(request)));
        const started = performance.now();
        const result = await pipeline.analyze({ csv, timeframe: "4h", name: `BTC window ${window}` });
        const target = figures[mode];
        target.wallMs.push(performance.now() - started);
        target.calls.push(result.usage.calls.length);
        // Counted from the call records, which every version of the result has.
        for (const step of STEPS)
          target.callsPerStep[step].push(result.usage.calls.filter((call) => call.step === step).length);
        target.inputTokens.push(result.usage.total.inputTokens);
        target.outputTokens.push(result.usage.total.outputTokens);
        target.textInputTokens.push(server.requests.reduce((sum, request) => sum + textTokens(request), 0));
      }
    }
  } finally {
    await server.close();
    await renderer.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(`${windows} analyses per mode (BTC 4h benchmark windows 1-${windows}), ${latencyMs} ms per model call\n`);
  console.log(
    "| chart_dispatch | model calls per analysis | indicator / pattern / trend / decision | input tokens | of which prompt text | output tokens | wall time, median |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const mode of ["tool-call", "direct"] as const) {
    const target = figures[mode];
    const perStep = STEPS.map((step) => average(target.callsPerStep[step]).toFixed(0)).join(" / ");
    console.log(
      `| \`${mode}\` | ${average(target.calls).toFixed(1)} | ${perStep} | ${whole(average(target.inputTokens))} | ${whole(average(target.textInputTokens))} | ` +
        `${whole(average(target.outputTokens))} | ${whole(median(target.wallMs))} ms |`,
    );
  }
  const before = figures["tool-call"];
  const after = figures.direct;
  console.log(
    `\ndirect vs tool-call: ${(average(after.calls) - average(before.calls)).toFixed(1)} calls, ` +
      `${whole(average(after.inputTokens) - average(before.inputTokens))} input tokens, ${whole(average(after.outputTokens) - average(before.outputTokens))} output tokens per analysis`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
