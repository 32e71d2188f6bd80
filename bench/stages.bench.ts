// Model calls, tokens and wall time per analysis for each combination of the optional stages (memory, debate, risk),
// beside the four agents alone, against the fake provider over real HTTP through the OpenAI SDK, with real Chromium
// charts and a fixed latency per model call. Wall time is set against the critical path of calls: the calls that
// must follow one another (the longest of the concurrent analysts, here the Indicator agent's two rounds, then the
// debate's turns, the decision and a replay's reflection) times the latency. A stage that adds sequential calls
// lengthens the critical path; the ratio wall / critical path says what the pipeline itself adds.
//
// Each combination replays one BTC 4h benchmark window at N end points (bars 45, 48, 51, ...), in a fresh journal:
// with memory on, each replay writes its lesson at once (one more call) and the later ones are given the earlier
// ones' lessons (known three bars after their entry). "memory, not a replay" analyses the window up to its last end
// point without `end`: lessons are recalled, none is written.
//
// Run: npm run bench:stages [-- --replays 5 --latency 300]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { StepName } from "../src/agents/steps";
import { createChartRenderer } from "../src/charts/png-renderer";
import { describeStages, type Stages } from "../src/config/stages-schema";
import type { AnalysisResult } from "../src/pipeline/analysis-result";
import { createPipeline } from "../src/pipeline/pipeline";
import { defaultFakeHandler, fakeReply, startFakeProviderServer } from "../test/fakes/fake-provider-server";
import { readBenchmarkCandles } from "../test/support/benchmark";
import { numberArgument } from "./support/arguments";
import { median } from "./support/statistics";

const replays = numberArgument("replays", 5);
const latencyMs = numberArgument("latency", 300);
const KEY = "sk-bench-0000000000000000";
/** Steps that run side by side: the critical path takes the longest of them. */
const CONCURRENT: readonly StepName[] = ["indicator", "pattern", "trend"];

const COMBINATIONS: { label: string; stages: Stages; replay: boolean }[] = [
  { label: "none (the four agents)", stages: {}, replay: true },
  { label: "risk", stages: { risk: {} }, replay: true },
  { label: "memory 3, not a replay", stages: { memory: { lessons: 3 } }, replay: false },
  { label: "memory 3, replay", stages: { memory: { lessons: 3 } }, replay: true },
  { label: "debate 1", stages: { debate: { rounds: 1 } }, replay: true },
  { label: "debate 2", stages: { debate: { rounds: 2 } }, replay: true },
  {
    label: "memory 3, debate 1, risk, replay",
    stages: { memory: { lessons: 3 }, debate: { rounds: 1 }, risk: {} },
    replay: true,
  },
];

/** Calls on the critical path: the longest of the concurrent analysts, then every other call in turn. */
function criticalCalls(result: AnalysisResult): number {
  const perStep = result.usage.callsPerStep;
  const concurrent = Math.max(...CONCURRENT.map((step) => perStep[step] ?? 0));
  const sequential = Object.entries(perStep)
    .filter(([step]) => !CONCURRENT.includes(step))
    .reduce((sum, [, calls]) => sum + calls, 0);
  return concurrent + sequential;
}

interface Figures {
  calls: number[];
  critical: number[];
  inputTokens: number[];
  outputTokens: number[];
  wallMs: number[];
  recalled: number[];
}

const average = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const whole = (value: number) => Math.round(value).toLocaleString("en-US");

async function main() {
  const renderer = createChartRenderer();
  const server = await startFakeProviderServer({ validKeys: [KEY] });
  server.setHandler((request) => fakeReply.delay(latencyMs, defaultFakeHandler(request)));
  const candles = readBenchmarkCandles("btc/BTC_4h_1.csv");
  const ends = Array.from({ length: replays }, (_, index) => 45 + 3 * index);
  const rows: { label: string; stages: Stages; figures: Figures }[] = [];
  const folders: string[] = [];
  try {
    // Chromium, Plotly and the SDK's connections warm before the first timed run: one untimed analysis.
    const warmDir = mkdtempSync(path.join(tmpdir(), "bench-stages-"));
    folders.push(warmDir);
    const warm = createPipeline(
      { api_key: KEY, openai_base_url: server.openaiBaseUrl, data_dir: warmDir, journal: false },
      { env: {}, renderer },
    );
    await warm.analyze({ candles: candles.slice(0, 45), timeframe: "4h", name: "BTC" });
    await warm.close();
    for (const combination of COMBINATIONS) {
      const dataDir = mkdtempSync(path.join(tmpdir(), "bench-stages-"));
      folders.push(dataDir);
      const pipeline = createPipeline(
        { api_key: KEY, openai_base_url: server.openaiBaseUrl, data_dir: dataDir },
        { env: {}, renderer },
      );
      const figures: Figures = { calls: [], critical: [], inputTokens: [], outputTokens: [], wallMs: [], recalled: [] };
      const measure = async (request: Parameters<typeof pipeline.analyze>[0]) => {
        const started = performance.now();
        const result = await pipeline.analyze(request);
        figures.wallMs.push(performance.now() - started);
        figures.calls.push(result.usage.calls.length);
        figures.critical.push(criticalCalls(result));
        figures.inputTokens.push(result.usage.total.inputTokens);
        figures.outputTokens.push(result.usage.total.outputTokens);
        figures.recalled.push(result.memory?.recalled.length ?? 0);
      };
      if (combination.replay) {
        for (const end of ends)
          await measure({
            candles,
            timeframe: "4h",
            name: "BTC",
            end: candles[end - 1]!.time,
            stages: combination.stages,
          });
      } else {
        // Lessons first (replays with memory, not measured), then the analyses that only recall them.
        for (const end of ends)
          await pipeline.analyze({
            candles,
            timeframe: "4h",
            name: "BTC",
            end: candles[end - 1]!.time,
            stages: combination.stages,
          });
        for (const end of ends)
          await measure({
            candles: candles.slice(0, end + 3 * replays),
            timeframe: "4h",
            name: "BTC",
            stages: combination.stages,
          });
      }
      await pipeline.close();
      rows.push({ label: combination.label, stages: combination.stages, figures });
    }
  } finally {
    await server.close();
    await renderer.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }

  console.log(
    `${replays} analyses per combination (BTC 4h benchmark window 1, replayed at bars ${ends.join(", ")}), ${latencyMs} ms per model call\n`,
  );
  console.log(
    "| stages | model calls per analysis | on the critical path | lessons given (mean) | input tokens | output tokens | wall time, median | critical path | wall / critical path |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const { label, figures } of rows) {
    const critical = average(figures.critical) * latencyMs;
    const wall = median(figures.wallMs);
    console.log(
      `| ${label} | ${average(figures.calls).toFixed(1)} | ${average(figures.critical).toFixed(1)} | ${average(figures.recalled).toFixed(1)} | ` +
        `${whole(average(figures.inputTokens))} | ${whole(average(figures.outputTokens))} | ${whole(wall)} ms | ${whole(critical)} ms | ${(wall / critical).toFixed(2)}x |`,
    );
  }
  const base = rows[0]!;
  console.log(
    `\nThe four agents alone: ${average(base.figures.calls).toFixed(0)} calls, ${average(base.figures.critical).toFixed(0)} on the critical path. ` +
      `Stages recorded as: ${rows.map((row) => describeStages(row.stages)).join("; ")}.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
