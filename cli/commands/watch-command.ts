// `quantagent watch`: the forward test from the command line. `watch add|list|pause|resume|remove` keep the watchlist
// (in the journal's database); `watch` runs it in the foreground (a round each minute), `watch --once` runs the
// round that is due now and exits (for a cron job of your own), and `watch --replay <csv> --speed <x>` releases a
// recorded series bar by bar as if live. Each decision, failure, pause, outcome and the day's cost cap is a line.
import path from "node:path";
import { parseArgs } from "node:util";

import { z } from "zod";

import { assertWalkableSeries } from "../../src/backtest/index";
import { providerIdSchema } from "../../src/config/index";
import { describeWatchEvent, FORWARD_QUEUES, startWatch, type WatchMode } from "../../src/forward/index";
import { type Config, createConfig, createPipeline, switchProvider } from "../../src/index";
import {
  checkExchangeSymbol,
  isExchangeSymbol,
  isTimeframe,
  readCsvFile,
  type Timeframe,
  timeframeOfBars,
} from "../../src/market/index";
import { type JobQueue, needsPostgres, openJobQueue } from "../../src/queue/index";
import type { CliContext } from "../cli-context";
import type { Command } from "../command";
import { EXIT_CODES, EXIT_CODES_HELP, UsageError } from "../exit-codes";
import { usageErrors } from "../parse-options";

const HELP = `Usage: quantagent watch [add|list|pause|resume|remove] [options]

The forward test: each watchlist entry is analysed at every bar close of its timeframe (after a settle delay),
recorded in the journal with source forward, and scored as later bars close. The one score no model can have
memorised: the bars did not exist when it answered.

Watchlist (kept in the journal's database):
  watch add --symbol <ticker> | --asset <code> --timeframe <tf> [--settle <minutes>] [--samples <n>]
            [--agent-model <m>] [--graph-model <m>]
                           a Yahoo ticker, an exchange's market through ccxt (binance:BTC/USDT) or an asset code;
                           the models, when given, are the entry's own (at the watcher's provider)
  watch list               the entries, their status and why one is paused
  watch pause <id>, watch resume <id>, watch remove <id>

Run:
  watch                    in the foreground: a round each minute (an entry is read once a bar of it has closed
                           and settled); Ctrl-C stops it, and the next start resumes without a gap or a repeat
  watch --once             the round due now, then exit
  watch --replay <csv> --speed <x>
                           the entries of the CSV's timeframe on a recorded series, bars released in time order,
                           x times faster than real time (3600: an hourly bar a second)
  --queue                  with DATABASE_URL: the rounds are jobs for quantagent worker processes (any number, on
                           any machines; each entry and bar is analysed exactly once); live, pg-boss sends a round
                           a minute; a replay sends its rounds at each bar's close (the workers read the same CSV
                           file: give a path they can reach) and waits for the workers to catch up
  --job-timeout <s>        with --queue --once or --replay: an analysis running longer counts as lost, and another
                           worker takes the entry over (live rounds: 900)                          (default 900)
  --max-cost-per-day <usd> before each analysis, the day's (UTC) spending plus its ESTIMATE is held against this;
                           over it, the day's remaining analyses wait and a line says so (the library's config
                           record calls it max_cost_per_day)
  --provider <id>          openai, anthropic, qwen or demo (both roles at that provider's defaults)
  --data-dir <dir>         the journal (quantagent.db) and the decision cache (default: $DATA_DIR, else data)
  -h, --help               this text

Three failed analyses of an entry in a row pause it, with the reason (watch list shows it; watch resume <id>).
Keys and base URLs come from the environment (OPENAI_API_KEY, ...).

${EXIT_CODES_HELP}
`;

const optionsSchema = z.object({
  action: z.enum(["run", "add", "list", "pause", "resume", "remove"]),
  id: z.string().optional(),
  symbol: z.string().optional(),
  asset: z.string().optional(),
  timeframe: z.string().optional(),
  settle: z.coerce
    .number({ error: "--settle must be a number of minutes" })
    .min(0, "--settle must be 0 or more minutes")
    .max(1440, "--settle must be at most 1440 minutes")
    .optional(),
  samples: z.coerce.number({ error: "--samples must be a number" }).optional(),
  agentModel: z.string().optional(),
  graphModel: z.string().optional(),
  once: z.boolean(),
  queue: z.boolean(),
  jobTimeout: z.coerce
    .number({ error: "--job-timeout must be a number of seconds" })
    .int("--job-timeout must be a whole number of seconds")
    .min(2, "--job-timeout must be at least 2 seconds")
    .max(86_400, "--job-timeout must be at most 86400 seconds")
    .optional(),
  replay: z.string().min(1, "--replay needs a CSV file").optional(),
  speed: z.coerce
    .number({ error: "--speed must be a number" })
    .positive("--speed must be a positive number (3600: an hourly bar a second)")
    .optional(),
  maxCostPerDay: z.coerce
    .number({ error: "--max-cost-per-day must be a number of US dollars" })
    .min(0, "--max-cost-per-day must be 0 or more")
    .optional(),
  provider: providerIdSchema.optional(),
  dataDir: z.string().min(1),
});
type WatchOptions = z.infer<typeof optionsSchema>;

function readOptions(context: CliContext): WatchOptions | "help" {
  const { values, positionals } = usageErrors(() =>
    parseArgs({
      args: [...context.argv],
      allowPositionals: true,
      options: {
        symbol: { type: "string" },
        asset: { type: "string" },
        timeframe: { type: "string" },
        settle: { type: "string" },
        samples: { type: "string" },
        "agent-model": { type: "string" },
        "graph-model": { type: "string" },
        once: { type: "boolean", default: false },
        queue: { type: "boolean", default: false },
        "job-timeout": { type: "string" },
        replay: { type: "string" },
        speed: { type: "string" },
        "max-cost-per-day": { type: "string" },
        provider: { type: "string" },
        "data-dir": { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    }),
  );
  if (values.help) return "help";
  const [action = "run", id, ...rest] = positionals;
  if (rest.length > 0) throw new UsageError(`Unexpected argument ${rest[0]}: quantagent watch --help`);
  const parsed = optionsSchema.safeParse({
    action,
    id,
    symbol: values.symbol,
    asset: values.asset,
    timeframe: values.timeframe,
    settle: values.settle,
    samples: values.samples,
    agentModel: values["agent-model"],
    graphModel: values["graph-model"],
    once: values.once,
    queue: values.queue,
    jobTimeout: values["job-timeout"],
    replay: values.replay,
    speed: values.speed,
    maxCostPerDay: values["max-cost-per-day"],
    provider: values.provider,
    dataDir: values["data-dir"] ?? context.env.DATA_DIR ?? "data",
  });
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((issue) => issue.message).join("; "));
  const options = parsed.data;
  if (options.replay !== undefined && options.speed === undefined)
    throw new UsageError("--replay needs --speed (3600: an hourly bar a second)");
  if (options.speed !== undefined && options.replay === undefined) throw new UsageError("--speed is for --replay");
  if (options.once && options.replay !== undefined) throw new UsageError("give --once or --replay, not both");
  if (options.jobTimeout !== undefined && !options.queue) throw new UsageError("--job-timeout is for --queue");
  if (options.queue && options.action !== "run")
    throw new UsageError(`--queue is for running the watch, not watch ${options.action}`);
  // On the queue the workers analyse, with their own keys and cap (MAX_COST_PER_DAY in their environment).
  if (options.queue && options.maxCostPerDay !== undefined)
    throw new UsageError("--max-cost-per-day is the workers' with --queue: set MAX_COST_PER_DAY for quantagent worker");
  if (options.queue && options.provider !== undefined)
    throw new UsageError("--provider is the workers' with --queue: set QUANTAGENT_PROVIDER for quantagent worker");
  if (options.queue && !context.env.DATABASE_URL?.trim()) throw needsPostgres("watch --queue");
  if (["pause", "resume", "remove"].includes(options.action) && !options.id)
    throw new UsageError(`watch ${options.action} needs an entry's id (watch list shows them)`);
  return options;
}

function configOf(options: WatchOptions, context: CliContext): Config {
  const config = createConfig({ data_dir: path.resolve(context.cwd, options.dataDir), journal: true });
  return options.provider ? createConfig({ ...config, ...switchProvider(config, options.provider) }) : config;
}

async function run(context: CliContext): Promise<number> {
  const options = readOptions(context);
  if (options === "help") {
    context.stdout.write(HELP);
    return EXIT_CODES.ok;
  }
  const pipeline = createPipeline(configOf(options, context), { env: context.env });
  try {
    const journal = await pipeline.journal.open();
    const store = journal.watchlist;
    switch (options.action) {
      case "add": {
        // An exchange's market is checked with the exchange first (ccxt knows it, it lists the market, it serves the
        // timeframe): a typo is refused now, not found at the first bar close.
        if (options.symbol !== undefined && isExchangeSymbol(options.symbol) && isTimeframe(options.timeframe))
          await checkExchangeSymbol({ symbol: options.symbol, timeframe: options.timeframe, signal: context.signal });
        const entry = await store.add({
          ...(options.symbol === undefined ? {} : { symbol: options.symbol }),
          ...(options.asset === undefined ? {} : { asset: options.asset }),
          // Checked by the store's schema, which names a bad or missing timeframe in its refusal.
          timeframe: (options.timeframe ?? "") as Timeframe,
          ...(options.samples === undefined ? {} : { samples: options.samples }),
          ...(options.settle === undefined ? {} : { settleMs: Math.round(options.settle * 60_000) }),
          // Checked by the store's schema (a model name's own rule), which names a bad one in its refusal.
          ...(options.agentModel === undefined && options.graphModel === undefined
            ? {}
            : {
                models: {
                  ...(options.agentModel === undefined ? {} : { agent: options.agentModel }),
                  ...(options.graphModel === undefined ? {} : { graph: options.graphModel }),
                },
              }),
        });
        const models = entry.models
          ? ` with ${[entry.models.agent, entry.models.graph].filter(Boolean).join(" and ")}`
          : "";
        context.stdout.write(`Watching ${entry.market} ${entry.timeframe}${models} as ${entry.id}\n`);
        return EXIT_CODES.ok;
      }
      case "list": {
        const entries = await store.list();
        if (entries.length === 0) context.stdout.write("The watchlist is empty (quantagent watch add ...).\n");
        for (const entry of entries)
          context.stdout.write(
            `${entry.id}  ${entry.market} ${entry.timeframe}  ${entry.status}${entry.pausedReason ? `: ${entry.pausedReason}` : ""}\n`,
          );
        return EXIT_CODES.ok;
      }
      case "pause":
      case "resume":
      case "remove": {
        const id = options.id ?? "";
        const done =
          options.action === "remove"
            ? await store.remove(id)
            : await store.setStatus(id, options.action === "pause" ? "paused" : "active", "paused by hand");
        if (!done) throw new UsageError(`No watchlist entry ${id} (watch list shows them)`);
        context.stdout.write(
          `${options.action === "remove" ? "Removed" : options.action === "pause" ? "Paused" : "Resumed"} ${id}\n`,
        );
        return EXIT_CODES.ok;
      }
      case "run":
        return await runWatch(options, context, pipeline);
      default: {
        const exhaustive: never = options.action;
        return exhaustive;
      }
    }
  } finally {
    await pipeline.close();
  }
}

async function runWatch(
  options: WatchOptions,
  context: CliContext,
  pipeline: ReturnType<typeof createPipeline>,
): Promise<number> {
  if (!options.queue) {
    pipeline.model("agent"); // a missing key is said now, before any market data is read
    pipeline.model("graph");
  }
  let mode: WatchMode = options.once ? { kind: "once" } : { kind: "live" };
  if (options.replay !== undefined) {
    const file = path.resolve(context.cwd, options.replay);
    const candles = await readCsvFile(file, { order: "ascending", signal: context.signal });
    assertWalkableSeries(candles, options.replay); // time order, no repeated bar, as a backtest reads a series
    const timeframe = timeframeOfBars(candles);
    if (!timeframe) throw new UsageError(`Cannot tell the timeframe of ${options.replay} from its bars' spacing`);
    mode = { kind: "replay", candles, timeframe, speed: options.speed ?? 1, csv: file };
  }
  const queue = options.queue
    ? await openJobQueue({
        databaseUrl: context.env.DATABASE_URL ?? "",
        queues: FORWARD_QUEUES,
        // Only a live watcher sends pg-boss's scheduled rounds (--once and a replay send their own).
        scheduler: mode.kind === "live",
      })
    : undefined;
  try {
    return await watchUntilDone(options, context, pipeline, mode, queue);
  } finally {
    await queue?.stop();
  }
}

async function watchUntilDone(
  options: WatchOptions,
  context: CliContext,
  pipeline: ReturnType<typeof createPipeline>,
  mode: WatchMode,
  queue: JobQueue | undefined,
): Promise<number> {
  const watch = startWatch({
    pipeline,
    mode,
    ...(queue ? { queue } : {}),
    ...(options.jobTimeout === undefined ? {} : { jobTimeoutSeconds: options.jobTimeout }),
    ...(options.maxCostPerDay === undefined ? {} : { maxCostPerDay: options.maxCostPerDay }),
    signal: context.signal,
    onEvent: (event) => context.stdout.write(`${describeWatchEvent(event)}\n`),
  });
  try {
    const summary = await watch.done;
    if (context.signal.aborted) return EXIT_CODES.interrupted; // Ctrl-C ends the foreground watch
    context.stdout.write(
      `${summary.decisions} decisions, ${summary.failures} failed, ${summary.scored} scored in ${summary.rounds} rounds.\n`,
    );
    return EXIT_CODES.ok;
  } catch (error) {
    if (context.signal.aborted) return EXIT_CODES.interrupted;
    throw error;
  }
}

export const watchCommand: Command = {
  name: "watch",
  summary: "the forward test: a watchlist analysed at every bar close and scored as the future arrives",
  help: HELP,
  run,
};
