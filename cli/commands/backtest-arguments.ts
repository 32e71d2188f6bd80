// The options of `quantagent backtest`: its --help text, the zod schema its arguments are checked with (in the
// command line's words: "--step must be at least 1 bar"), reading them, and the config record they make.

import { z } from "zod";

import { agentsModeSchema } from "../../src/config/index";
import { type Config, createConfig, type Stages } from "../../src/index";
import { timeframeSchema } from "../../src/market/index";
import { MAX_COST_BPS } from "../../src/scoring/index";
import type { CliContext } from "../cli-context";
import { EXIT_CODES_HELP, UsageError } from "../exit-codes";
import { MODEL_OPTIONS, modelOptionsShape, modelOptionValues, withModelOptions } from "../model-options";
import { optionsError } from "../option-errors";
import { parseCommandArgs, positiveInteger } from "../parse-options";
import { checkQueuedRunOptions, queuedRunShape } from "../queued-run";
import { REPORT_FILE_OPTIONS, reportFileShape, reportFileValues } from "../report-file-options";
import { samplesFromOptions, STAGE_OPTIONS, STAGE_OPTIONS_HELP, stagesFromOptions } from "../stage-options";

export const BACKTEST_HELP = `Usage: quantagent backtest (--csv <file> | --symbol <ticker> --start <date> --end <date>) [options]

Walks one continuous series: a decision every --step bars from bar --window-bars on, each seeing only the bars up
to its decision bar; the position is entered at that bar's close and held --horizon bars or to the next decision,
paying --cost-bps a side on every open, close and flip. The model's equity curve is drawn beside buy-and-hold,
always-long, always-short, random, momentum and linear regression on the same bars, with the paired test against
always-long. Writes a JSON record, a markdown and a self-contained HTML report, and the figures as PNGs.

Series:
  --csv <file>             a CSV with Datetime, Open, High, Low, Close[, Volume], rows in time order
  --symbol <ticker>        a market symbol (or a built-in asset code such as BTC), fetched for --start..--end;
                           an exchange's market through ccxt (binance:BTC/USDT) reaches back years, even hourly
                           through the market data (a plugin's source, else Yahoo)
  --start, --end <date>    the range of --symbol (ISO dates)
  --timeframe <tf>         1m 5m 15m 30m 1h 4h 1d 1w 1mo   (default for --csv: read from the rows' spacing)
  --name <name>            the report's file name (default backtest); the series keeps its file's name

Schedule and costs:
  --window-bars <n>        bars each decision sees (the config's window_bars)       (default 45)
  --horizon <n>            bars a position is held (the config's decision_horizon_bars) (default 3)
  --step <n>               bars between decisions                                   (default: the horizon)
  --cost-bps <bps>         cost per side in basis points, 0 to 1000                 (default 5)
  --seed <n>               seed of the random baseline                              (default 1)

Model and spending:
  --provider <id>          openai | anthropic | qwen | demo, for both model roles   (default openai)
  --agent-model <name>     agent model name                                         (default: the provider's)
  --graph-model <name>     graph (vision) model name; names the model's line        (default: the provider's)
  --temperature <t>        temperature of both models                               (default 0.1)
  --max-cost <usd>         refuse to start when the estimated cost is above this (nothing is spent)
  --concurrency <n>        analyses in flight at once                               (default 2)
  --sequential             run the three analysts of one analysis one after another
  --baselines-only         no model: no key, no cost
  --blind                  the model sees no date, name or price level (docs/evaluation.md)
  --mirror                 also play every line on the series' mirror image (twice the analyses)

${STAGE_OPTIONS_HELP}
  --ablation               with --memory, --debate or --risk: run the same bars without the stages too, and
                           write <name>-ablation.md and .json (the model's line in each, the exact paired test)
  --ablation agents        run the same bars with the single agent and with the team: is the team worth its
                           calls? (<name>-ablation.md and .json, the same tables)

Queued for workers (PostgreSQL in DATABASE_URL; see docs/deployment.md):
  --queue                  queue one job per decision bar instead of analysing them here (the estimate and
                           --max-cost apply first); the run id is printed alone on the last line.
                           quantagent worker (any machine) does them; progress: quantagent history runs
  --job-timeout <s>        with --queue: a decision running longer counts as lost and runs again  (default 90)
  --retries <n>            with --queue: runs of a decision after a failure that may pass          (default 5)
  --report <run id>        write the report of a queued backtest (--out, --name, --overwrite, --no-charts apply)
                           and record it in the journal: exit 75, saying how many decisions are pending, until
                           every one is done
  Not with --queue: --memory (each decision learns from those before it, in time order), --mirror, --ablation,
  --baselines-only, --concurrency (each worker sets its own), --cache-dir (answers are cached in the database).

Files:
  --data-dir <dir>         the journal (runs are recorded), and the defaults below  (default: $DATA_DIR, else data)
  --cache-dir <dir>        completed decisions and model answers                    (default <data dir>/cache/backtest)
  --no-cache               keep nothing: a rerun pays again
  --out <dir>              where the report goes                                    (default <data dir>/backtest)
  --overwrite              replace an earlier report of the same name
  --no-charts              write no PNGs and no figures in the HTML (no Chromium needed for the report)
  -h, --help               this text

Keys and base URLs come from the environment: OPENAI_API_KEY / OPENAI_BASE_URL, ANTHROPIC_API_KEY /
ANTHROPIC_BASE_URL, DASHSCOPE_API_KEY / DASHSCOPE_BASE_URL. Costs shown are estimates from list prices.
Ctrl-C stops the run and keeps every completed decision: run the same command again to resume where it stopped.

${EXIT_CODES_HELP} Exit code 1 also when every analysis failed (a wrong key or base URL).

Examples:
  quantagent backtest --csv data/series/BTC_4h_longest.csv --baselines-only
  quantagent backtest --csv data/series/BTC_4h_longest.csv --provider openai --max-cost 5 --name btc-gpt
  quantagent backtest --csv data/series/BTC_4h_longest.csv --risk --ablation --name btc-risk
  quantagent backtest --symbol ETH-USD --timeframe 1d --start 2024-01-01 --end 2024-12-31 --step 5
  run=$(quantagent backtest --csv data/series/BTC_4h_longest.csv --queue --max-cost 20 | tail -n 1)
  until quantagent backtest --report "$run" --name btc-queued; [ $? -ne 75 ]; do sleep 60; done
`;

const argumentsSchema = z
  .object({
    csv: z.string().min(1).optional(),
    symbol: z.string().min(1).optional(),
    start: z.string().min(1).optional(),
    end: z.string().min(1).optional(),
    timeframe: timeframeSchema.optional(),
    name: z
      .string()
      .regex(/^[A-Za-z0-9._-]+$/, "--name must be letters, digits, . _ or -")
      .max(80, "--name must be at most 80 characters")
      .optional(),
    windowBars: positiveInteger("window-bars").optional(),
    horizon: positiveInteger("horizon").optional(),
    step: z.coerce
      .number({ error: "--step must be a number of bars" })
      .int("--step must be a whole number of bars")
      .min(1, "--step must be at least 1 bar")
      .optional(),
    costBps: z.coerce
      .number({ error: "--cost-bps must be a number of basis points" })
      .min(0, "--cost-bps must be 0 or more basis points")
      .max(MAX_COST_BPS, `--cost-bps must be at most ${MAX_COST_BPS} basis points (10% a side)`)
      .optional(),
    seed: z.coerce.number({ error: "--seed must be a number" }).int("--seed must be a whole number").optional(),
    ...modelOptionsShape,
    concurrency: positiveInteger("concurrency").default(2),
    ...queuedRunShape("backtest"),
    sequential: z.boolean().default(false),
    baselinesOnly: z.boolean().default(false),
    blind: z.boolean().default(false),
    mirror: z.boolean().default(false),
    ...reportFileShape,
    stages: z.custom<Stages>().optional(),
    samples: z.number().optional(),
    agents: agentsModeSchema.optional(),
    ablation: z.boolean().default(false),
  })
  .superRefine((options, context) => {
    if (options.report !== undefined) return; // the queued run has its series
    if ((options.csv === undefined) === (options.symbol === undefined))
      context.addIssue({
        code: "custom",
        message: "give the series: --csv <file>, or --symbol with --start and --end",
      });
    if (options.symbol !== undefined && (options.start === undefined || options.end === undefined))
      context.addIssue({ code: "custom", message: "--symbol needs --start and --end" });
    if (options.symbol !== undefined && options.timeframe === undefined)
      context.addIssue({ code: "custom", message: "--symbol needs --timeframe" });
  });
export type BacktestArguments = z.infer<typeof argumentsSchema>;

export function readBacktestArguments(
  context: CliContext,
  argv: readonly string[] = context.argv,
): BacktestArguments | "help" {
  const text = { type: "string" } as const;
  const flag = { type: "boolean" } as const;
  const { values } = parseCommandArgs({
    args: [...argv],
    strict: true,
    options: {
      csv: text,
      symbol: text,
      start: text,
      end: text,
      timeframe: text,
      name: text,
      "window-bars": text,
      horizon: text,
      step: text,
      "cost-bps": text,
      seed: text,
      ...MODEL_OPTIONS,
      temperature: text,
      "max-cost": text,
      concurrency: text,
      queue: flag,
      report: text,
      "job-timeout": text,
      retries: text,
      sequential: flag,
      "baselines-only": flag,
      blind: flag,
      mirror: flag,
      ...REPORT_FILE_OPTIONS,
      ...STAGE_OPTIONS,
      ablation: flag,
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  const parsed = argumentsSchema.safeParse({
    csv: values.csv,
    symbol: values.symbol,
    start: values.start,
    end: values.end,
    timeframe: values.timeframe,
    name: values.name,
    windowBars: values["window-bars"],
    horizon: values.horizon,
    step: values.step,
    costBps: values["cost-bps"],
    seed: values.seed,
    ...modelOptionValues(values),
    concurrency: values.concurrency,
    queue: values.queue,
    report: values.report,
    jobTimeout: values["job-timeout"],
    retries: values.retries,
    sequential: values.sequential,
    baselinesOnly: values["baselines-only"],
    blind: values.blind,
    mirror: values.mirror,
    ...reportFileValues(values, context.env),
    stages: stagesFromOptions(values),
    samples: samplesFromOptions(values),
    agents: values.agents,
    ablation: values.ablation,
  });
  if (!parsed.success) throw optionsError(parsed.error, values);
  checkBacktestQueueOptions(parsed.data, values);
  return parsed.data;
}

/** The options that say what to backtest: a queued run's report takes its settings from the run, not from these. */
const RUN_OPTIONS = [
  "csv",
  "symbol",
  "start",
  "end",
  "timeframe",
  "window-bars",
  "horizon",
  "step",
  "cost-bps",
  "seed",
  "provider",
  "agent-model",
  "graph-model",
  "temperature",
  "max-cost",
  "concurrency",
  "sequential",
  "baselines-only",
  "blind",
  "mirror",
  "cache-dir",
  "no-cache",
  "queue",
  "job-timeout",
  "retries",
  ...Object.keys(STAGE_OPTIONS),
  "ablation",
];

/** Options that do not go together with --queue or --report, refused before anything is read. */
function checkBacktestQueueOptions(options: BacktestArguments, given: Record<string, unknown>): void {
  const named = (option: string) => given[option] !== undefined && given[option] !== false;
  if (!checkQueuedRunOptions(options, named, RUN_OPTIONS)) return;
  if (options.stages?.memory)
    throw new UsageError(
      "--memory cannot be queued: each decision learns from the lessons of the decisions before it, in time order, " +
        "and a queue hands the decisions to several workers at once. Run it without --queue",
    );
  const notYet = ["mirror", "ablation"].filter(named);
  if (notYet.length > 0)
    throw new UsageError(`--${notYet.join(" and --")} cannot be queued yet: run this backtest without --queue`);
}

/** Switching provider keeps only model names with its prefix; names given on the command line are applied after it. */
export function backtestConfigOf(options: BacktestArguments, dataDir: string): Config {
  const config = createConfig({
    data_dir: dataDir,
    ...(options.stages ? { stages: options.stages } : {}),
    ...(options.samples === undefined ? {} : { decision_samples: options.samples }),
    ...(options.agents === undefined ? {} : { agents: options.agents }),
    ...(options.windowBars === undefined ? {} : { window_bars: options.windowBars }),
    ...(options.horizon === undefined ? {} : { decision_horizon_bars: options.horizon }),
  });
  return withModelOptions(config, options);
}
