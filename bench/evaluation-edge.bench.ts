// Evaluation overhead per decision point beyond the model calls, with and without blind and mirror (issue 20):
// 1. runEvaluation on benchmark windows with an in-process model that answers at once (so model time is zero):
//    reading the windows, cutting points (and mirroring them), blinding each window, indicators, trendlines, both
//    charts rendered by the shared warm Chromium, prompts, the tool loop, and the scoring of every method (1000
//    random seeds, mirror rows, paired tests, the cutoff split). Four configurations, each the median of N runs,
//    interleaved so that a busy machine slows them alike; ratios against the plain run, which this bench also runs.
// 2. The baselines alone on all 800 windows (no model): scoring with and without the mirrored run.
//
// Run: npm run bench:edge [-- --runs 5 --windows 5]
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { createChartRenderer } from "../src/charts/png-renderer";
import { runEvaluation } from "../src/evaluation/run-evaluation";
import { BENCHMARK_DIR } from "../src/market/benchmark-dir";
import { numberArgument } from "./support/arguments";
import { InstantAnalystModel } from "./support/instant-analyst-model";
import { median, ms } from "./support/statistics";

const runs = numberArgument("runs", 5);
const windows = numberArgument("windows", 5);
const assets = ["BTC", "SPX"];
const ALL_ASSETS = ["BTC", "CL", "DJI", "ES", "NQ", "QQQ", "SPX", "VIX"];

const configurations = [
  { name: "plain", blind: false, mirror: false },
  { name: "blind", blind: true, mirror: false },
  { name: "mirror", blind: false, mirror: true },
  { name: "blind + mirror", blind: true, mirror: true },
] as const;

async function main() {
  const renderer = createChartRenderer();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-edge-"));
  const points = assets.length * windows;
  const evaluate = async (configuration: (typeof configurations)[number]) => {
    const started = performance.now();
    const result = await runEvaluation({
      benchmarkDir: BENCHMARK_DIR,
      assets,
      windows,
      concurrency: 1,
      cacheDir: false,
      blind: configuration.blind,
      mirror: configuration.mirror,
      config: { api_key: "sk-bench-0000000000000000", data_dir: dataDir, journal: false },
      dependencies: {
        env: {},
        renderer,
        wrapChatModel: (_model, role) => new InstantAnalystModel("openai", `instant-${role}`),
      },
    });
    if (result.errors + result.mirrorErrors > 0) throw new Error(`${configuration.name}: analyses failed`);
    return performance.now() - started;
  };

  await evaluate(configurations[0]); // Chromium's launch and the first renders are not part of any figure
  const times = new Map<string, number[]>(configurations.map((configuration) => [configuration.name, []]));
  for (let run = 0; run < runs; run++)
    for (const configuration of configurations) times.get(configuration.name)!.push(await evaluate(configuration));

  const plain = median(times.get("plain")!);
  console.log(
    `Evaluation overhead beyond the model calls (instant model, warm Chromium, concurrency 1): ${assets.join(" + ")}, ` +
      `${windows} windows each = ${points} decision points, k = 1 and 3, 1000 random seeds; median of ${runs} runs\n`,
  );
  console.log("| Configuration | Analyses | Run | Per decision point | Per analysis | Ratio to plain |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const configuration of configurations) {
    const value = median(times.get(configuration.name)!);
    const analyses = points * (configuration.mirror ? 2 : 1);
    console.log(
      `| ${configuration.name} | ${analyses} | ${ms(value)} | ${ms(value / points)} | ${ms(value / analyses)} | ${(value / plain).toFixed(2)}x |`,
    );
  }

  // 2. The baselines alone on every window, with and without the mirrored run.
  const scoreAll = async (mirror: boolean) => {
    const started = performance.now();
    await runEvaluation({
      benchmarkDir: BENCHMARK_DIR,
      assets: ALL_ASSETS,
      protocol: "published",
      includeModel: false,
      mirror,
    });
    return performance.now() - started;
  };
  const baselines = { plain: [] as number[], mirror: [] as number[] };
  for (let run = 0; run < runs; run++) {
    baselines.plain.push(await scoreAll(false));
    baselines.mirror.push(await scoreAll(true));
  }
  const withoutMirror = median(baselines.plain);
  const withMirror = median(baselines.mirror);
  console.log(`\nBaselines alone, all 800 windows, published protocol, 1000 random seeds; median of ${runs} runs\n`);
  console.log("| Configuration | Run | Per window | Ratio |");
  console.log("|---|---:|---:|---:|");
  console.log(`| plain | ${ms(withoutMirror)} | ${ms(withoutMirror / 800)} | 1.00x |`);
  console.log(`| mirror | ${ms(withMirror)} | ${ms(withMirror / 800)} | ${(withMirror / withoutMirror).toFixed(2)}x |`);

  await renderer.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
