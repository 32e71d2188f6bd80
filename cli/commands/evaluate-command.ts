// `quantagent evaluate` (and `npm run evaluate`, its alias in the repository): runs the agents over benchmark
// windows, scores them against the baselines and writes <out>/<name>.json, .md, .html and the figures as PNGs (the
// same figures the notebook shows). Keys and base URLs come from the environment as everywhere else. A run with a
// model is recorded in the journal of the data folder (--data-dir, else $DATA_DIR, else data), where the cache and
// the report go by default too.
import path from "node:path";

import { z } from "zod";

import { agentsModeSchema } from "../../src/config/index";
import { assertReportAbsent, evaluationProtocolSchema } from "../../src/evaluation/index";
import { BENCHMARK_DIR, type Config, createConfig, runEvaluation, type Stages } from "../../src/index";
import { listBenchmarkAssets } from "../../src/market/index";
import { createTextProgressBar } from "../../src/reports/index";
import type { CliContext } from "../cli-context";
import type { Command } from "../command";
import { writeAndSummarise } from "../evaluation-output";
import { EXIT_CODES, EXIT_CODES_HELP, UsageError } from "../exit-codes";
import { MODEL_OPTIONS, modelOptionsShape, modelOptionValues, withModelOptions } from "../model-options";
import { optionsError } from "../option-errors";
import { parseCommandArgs, positiveInteger, splitList } from "../parse-options";
import { queuedRunShape } from "../queued-run";
import { REPORT_FILE_OPTIONS, reportFileShape, reportFileValues } from "../report-file-options";
import { ablationArguments, ablationRuns, assertAblationPossible, writeAblation } from "../stage-ablation";
import { samplesFromOptions, STAGE_OPTIONS, STAGE_OPTIONS_HELP, stagesFromOptions } from "../stage-options";
import { checkQueueOptions, queueEvaluation, reportQueuedEvaluation } from "./evaluate-queue";

const HELP = `Usage: quantagent evaluate [options]            (in the repository: npm run evaluate -- [options])

Scores the agents' LONG/SHORT directives on benchmark windows against random, always-long, always-short,
momentum and linear-regression baselines, beside the share of up-moves, and writes a JSON record, a markdown
and a self-contained HTML report, and the figures as PNGs.

Options:
  --protocol <p>           per-horizon | published                             (default per-horizon)
                             per-horizon: each point scored on the move k bars ahead, per k
                             published: one directive per window after its first 45 bars, scored on
                             the next 3 closes pooled (300 samples per asset on 100 windows), as the
                             published 4h table was; it fixes --horizons and --points-per-window and
                             takes every window unless --windows says otherwise
  --data <dir>             benchmark folder with <asset>/<ASSET>_4h_<k>.csv   (default: the shipped datasets/benchmark)
  --assets <A,B,...>       asset codes                                         (default: every asset in --data)
  --provider <id>          openai | anthropic | qwen | demo, both model roles  (default openai)
  --agent-model <name>     agent model name                                    (default: the provider's)
  --graph-model <name>     graph (vision) model name                           (default: the provider's)
  --temperature <t>        temperature of both models                          (default 0.1)
  --windows <n>            first n windows per asset                           (default 10; with --protocol
                           published, every window: 100 per asset on the shipped benchmark, as published)
  --horizons <k,k,...>     bars after the decision to score                    (default 1,3)
  --points-per-window <n>  decision points per window                          (default 1)
  --stride <bars>          bars between points of one window                   (default 10)
  --concurrency <n>        analyses in flight at once                          (default 4)
  --seeds <n>              seeds the random baseline is averaged over          (default 1000)
  --data-dir <dir>         the journal (runs are recorded), and the defaults below  (default: $DATA_DIR, else data)
  --cache-dir <dir>        model-answer cache folder      (default: the database with DATABASE_URL, shared by every
                           machine on it; else <data dir>/cache/evaluation)
  --no-cache               ask the provider for every call
  --out <dir>              where the report goes                               (default <data dir>/evaluation)
  --name <name>            report file name without extension                  (default evaluation)
  --overwrite              replace an earlier report of the same name (without it, an existing
                           report is an error, raised before anything runs)
  --no-charts              write no PNGs and no figures in the HTML (no Chromium needed)
  --baselines-only         score the baselines alone: no model, no key, no cost
  --blind                  the agents see no date, name or price level (prices rescaled so the last
                           close is 100, bars numbered, "an asset"); recorded in the cache key
  --mirror                 also analyse every point on its mirrored series (p -> c²/p: every rise a
                           fall), and the baselines too; reports flip rate, long rate and balanced
                           accuracy (twice the model calls)
  --sequential             run the three analysts of one analysis one after another
  --ablation               with --memory, --debate or --risk: run the same points without the stages too,
                           and write <name>-ablation.md (accuracy side by side, the exact paired test)
  --ablation agents        run the same points with the single agent and with the team: is the team worth
                           its calls? (<name>-ablation.md, the same tables)
  -h, --help               this text

${STAGE_OPTIONS_HELP}
  In an evaluation, memory keeps its lessons in a journal of the run's own (removed after it): the points
  of an asset are analysed in time order, each as a replay that writes its lesson, so each point gets the
  lessons of this run known by its last bar.

Queued for workers (PostgreSQL in DATABASE_URL; see docs/deployment.md):
  --queue                  queue one job per decision point instead of running them here; the run id is printed
                           alone on the last line. quantagent worker (any machine) does them; progress:
                           quantagent history runs
  --job-timeout <s>        with --queue: a point running longer counts as lost and runs again   (default 90)
  --retries <n>            with --queue: runs of a point after a failure that may pass           (default 5)
  --report <run id>        write the report of a queued run (--out, --name, --overwrite, --no-charts apply):
                           exit 75, saying how many points are pending, until every point is done

Keys and base URLs come from the environment: OPENAI_API_KEY / OPENAI_BASE_URL, ANTHROPIC_API_KEY /
ANTHROPIC_BASE_URL, DASHSCOPE_API_KEY / DASHSCOPE_BASE_URL. The cost shown is an estimate from list prices.

${EXIT_CODES_HELP} Exit code 1 also when every analysis failed (a wrong key or base URL):
a run where only some failed exits 0 and lists them in its report.

Every report also has the paired tests (exact McNemar: the model against every baseline, the other
baselines against always-long) and, for a model whose training cutoff is known, the points split
before and after it. What each figure means: docs/evaluation.md.

Examples:
  quantagent evaluate --assets BTC,SPX --provider openai --windows 10 --horizons 1,3 \\
    --concurrency 4 --cache-dir data/cache/evaluation --out data/evaluation
  quantagent evaluate --protocol published --baselines-only --name published-baselines
  run=$(quantagent evaluate --queue --assets BTC,SPX --windows 100 | tail -n 1)
  until quantagent evaluate --report "$run"; [ $? -ne 75 ]; do sleep 60; done
  quantagent evaluate --protocol published --windows 100 --blind --mirror --name edge
  quantagent evaluate --assets BTC --windows 20 --debate 1 --risk --ablation --name debate-ablation
`;

const argumentsSchema = z.object({
  protocol: evaluationProtocolSchema.default("per-horizon"),
  data: z.string().min(1).default(BENCHMARK_DIR),
  assets: z
    .array(z.string().regex(/^[A-Za-z0-9^=._-]+$/, "--assets must be codes such as BTC,SPX"))
    .min(1)
    .optional(),
  ...modelOptionsShape,
  // Left undefined when not given: 10 per asset, or every window under the published protocol (see windowsOf).
  windows: positiveInteger("windows").optional(),
  // Left undefined when not given: the protocol decides their defaults and refuses values it fixes.
  horizons: z.array(positiveInteger("horizons")).min(1).optional(),
  pointsPerWindow: positiveInteger("points-per-window").optional(),
  stride: positiveInteger("stride").default(10),
  concurrency: positiveInteger("concurrency").default(4),
  seeds: positiveInteger("seeds").default(1000),
  ...reportFileShape,
  name: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/, "--name must be letters, digits, . _ or -")
    .default("evaluation"),
  baselinesOnly: z.boolean().default(false),
  sequential: z.boolean().default(false),
  ...queuedRunShape("evaluate"),
  ablation: z.boolean().default(false),
  stages: z.custom<Stages>().optional(),
  samples: z.number().optional(),
  agents: agentsModeSchema.optional(),
  blind: z.boolean().default(false),
  mirror: z.boolean().default(false),
});
type EvaluateArguments = z.infer<typeof argumentsSchema>;

function readArguments(context: CliContext, argv: readonly string[]): EvaluateArguments | "help" {
  const { values } = parseCommandArgs({
    args: [...argv],
    strict: true,
    options: {
      protocol: { type: "string" },
      data: { type: "string" },
      assets: { type: "string" },
      ...MODEL_OPTIONS,
      temperature: { type: "string" },
      windows: { type: "string" },
      horizons: { type: "string" },
      "points-per-window": { type: "string" },
      stride: { type: "string" },
      concurrency: { type: "string" },
      seeds: { type: "string" },
      ...REPORT_FILE_OPTIONS,
      name: { type: "string" },
      "baselines-only": { type: "boolean" },
      sequential: { type: "boolean" },
      queue: { type: "boolean" },
      report: { type: "string" },
      "job-timeout": { type: "string" },
      retries: { type: "string" },
      ablation: { type: "boolean" },
      ...STAGE_OPTIONS,
      blind: { type: "boolean" },
      mirror: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  const parsed = argumentsSchema.safeParse({
    protocol: values.protocol,
    data: values.data,
    assets: splitList(values.assets),
    ...modelOptionValues(values),
    windows: values.windows,
    horizons: splitList(values.horizons),
    pointsPerWindow: values["points-per-window"],
    stride: values.stride,
    concurrency: values.concurrency,
    seeds: values.seeds,
    ...reportFileValues(values, context.env),
    name: values.name,
    baselinesOnly: values["baselines-only"],
    sequential: values.sequential,
    queue: values.queue,
    report: values.report,
    jobTimeout: values["job-timeout"],
    retries: values.retries,
    ablation: values.ablation,
    stages: stagesFromOptions(values),
    samples: samplesFromOptions(values),
    agents: values.agents,
    blind: values.blind,
    mirror: values.mirror,
  });
  if (!parsed.success) throw optionsError(parsed.error, values);
  checkQueueOptions(parsed.data, values);
  return parsed.data;
}

/** Switching provider keeps only model names with its prefix; names given on the command line are applied after it. */
function configOf(options: EvaluateArguments, dataDir: string): Config {
  const config = createConfig({
    data_dir: dataDir,
    ...(options.stages ? { stages: options.stages } : {}),
    ...(options.samples === undefined ? {} : { decision_samples: options.samples }),
    ...(options.agents === undefined ? {} : { agents: options.agents }),
  });
  return withModelOptions(config, options);
}

/**
 * The windows per asset: as given, else all of them under the published protocol (its figures are on 100 per asset,
 * and a smaller default would silently score something else), else 10, a quick look at a model's cost and answers.
 */
function windowsOf(options: EvaluateArguments): number | undefined {
  if (options.windows !== undefined) return options.windows;
  return options.protocol === "published" ? undefined : 10;
}

async function run(context: CliContext): Promise<number> {
  const { argv, kind: ablationKind } = ablationArguments(context.argv);
  const options = readArguments(context, argv);
  if (options === "help") {
    context.stdout.write(HELP);
    return EXIT_CODES.ok;
  }
  const inCwd = (file: string) => path.resolve(context.cwd, file);
  const dataDir = inCwd(options.dataDir);
  const out = inCwd(options.out ?? path.join(dataDir, "evaluation"));
  const reportFiles = { dir: out, name: options.name, overwrite: options.overwrite, charts: !options.noCharts };
  if (options.report !== undefined)
    return reportQueuedEvaluation(context, options.report, { dataDir, files: reportFiles });
  const config = configOf(options, dataDir);
  const data = inCwd(options.data);
  if (options.queue) {
    const assets = options.assets ?? (await listBenchmarkAssets(data));
    return queueEvaluation(context, {
      protocol: options.protocol,
      benchmarkDir: data,
      assets,
      windows: options.windows,
      horizons: options.horizons,
      pointsPerWindow: options.pointsPerWindow,
      stride: options.stride,
      randomSeeds: options.seeds,
      config,
      cache: !options.noCache,
      schedule: options.sequential ? "sequential" : "concurrent",
      jobs: {
        ...(options.jobTimeout === undefined ? {} : { jobTimeoutSeconds: options.jobTimeout }),
        ...(options.retries === undefined ? {} : { retryLimit: options.retries }),
      },
    });
  }

  // A clash with an earlier report is found now, before any window is read or any model is paid for.
  await assertReportAbsent({ dir: out, name: options.name, overwrite: options.overwrite });
  if (options.ablation) {
    if (options.baselinesOnly) throw new UsageError("--ablation compares model runs: leave out --baselines-only");
    await assertAblationPossible({
      kind: ablationKind,
      stages: config.stages,
      agentsGiven: options.agents !== undefined,
      out,
      name: options.name,
      overwrite: options.overwrite,
    });
  }
  const assets = options.assets ?? (await listBenchmarkAssets(data));
  const evaluate = (change: Partial<Config>) =>
    runEvaluation({
      protocol: options.protocol,
      benchmarkDir: data,
      assets,
      windows: windowsOf(options),
      horizons: options.horizons,
      pointsPerWindow: options.pointsPerWindow,
      stride: options.stride,
      concurrency: options.concurrency,
      randomSeeds: options.seeds,
      includeModel: !options.baselinesOnly,
      config: { ...config, ...change },
      // Unnamed, the library's default: the PostgreSQL database with DATABASE_URL, else <data dir>/cache/evaluation.
      cacheDir: options.noCache ? false : options.cacheDir === undefined ? undefined : inCwd(options.cacheDir),
      schedule: options.sequential ? "sequential" : "concurrent",
      blind: options.blind,
      mirror: options.mirror,
      signal: context.signal,
      onProgress: createTextProgressBar(progressStream(context)),
      dependencies: { env: context.env },
    });
  // The run without the change first (the stages, or the team): its answers fill the cache for nothing the other run
  // could use (the stages and a single agent are in every key), but it is the same points, scored the same way.
  const runs = ablationRuns(options.ablation ? ablationKind : undefined);
  const without = runs.without === undefined ? undefined : await evaluate(runs.without);
  const result = await evaluate(runs.with);
  const code = await writeAndSummarise(context, result, reportFiles);
  if (without) {
    const ablation = await writeAblation(without, result, {
      kind: ablationKind,
      out,
      name: options.name,
      overwrite: options.overwrite,
    });
    context.stdout.write(`\n${ablation.markdown}\n\nWrote ${ablation.file}\n`);
  }
  return code;
}

export const evaluateCommand: Command = {
  name: "evaluate",
  summary: "score the agents and the baselines on the benchmark and write a report",
  help: HELP,
  run,
};

/**
 * Where the progress bar writes: on a terminal, through the CLI's own control channel, so it can redraw its line
 * (its error text is plain already); elsewhere as text, one line per tenth, with no control character.
 */
function progressStream(context: CliContext): NodeJS.WritableStream & { isTTY?: boolean } {
  const onTerminal = context.stderr.writeControl !== undefined;
  const stream = {
    isTTY: onTerminal,
    write: (text: string) => {
      if (onTerminal) context.stderr.writeControl?.(text);
      else context.stderr.write(text);
      return true;
    },
  };
  // The bar only writes text and reads isTTY; nothing else of a stream is used.
  return stream as unknown as NodeJS.WritableStream & { isTTY?: boolean };
}
