// `quantagent worker`: a thin shell around the library's worker (src/queue/run-worker.ts). It reads its options, starts
// taking the decision points of queued evaluations and backtests from PostgreSQL, prints one line per event, and on
// Ctrl-C or SIGTERM lets the points in flight finish (up to --stop-timeout; the rest go back to the queue), exits 0.
import { hostname } from "node:os";
import path from "node:path";

import { z } from "zod";

import { backtestJobKind } from "../../src/backtest/index";
import { createChartRenderer } from "../../src/charts/index";
import { parseRateLimits } from "../../src/config/index";
import { evaluationJobKind } from "../../src/evaluation/index";
import { describeWatchEvent, forwardHandlers } from "../../src/forward/index";
import { createPipeline } from "../../src/index";
import { createDatabaseHandle } from "../../src/journal/index";
import { describeWorkerEvent, needsPostgres, startWorker } from "../../src/queue/index";
import type { CliContext } from "../cli-context";
import type { Command } from "../command";
import { EXIT_CODES, EXIT_CODES_HELP } from "../exit-codes";
import { optionsError } from "../option-errors";
import { parseCommandArgs } from "../parse-options";

const HELP = `Usage: quantagent worker [--concurrency <n>] [--poll-interval <s>] [--maintenance-interval <s>]
                        [--stop-timeout <s>] [--data-dir <dir>]

Analyses the decision points of evaluations and backtests queued with quantagent evaluate --queue and quantagent
backtest --queue, taken from the PostgreSQL database in DATABASE_URL. Run any number, on any machines: each point is done once, a point whose worker dies runs
again elsewhere (after the run's --job-timeout), and the shared rate limit (RATE_LIMITS) holds across all of them.
Keys and base URLs come from this worker's environment (OPENAI_API_KEY, OPENAI_BASE_URL, ...), never from the queue.

Options:
  --concurrency <n>           points analysed at once                                   (default 2)
  --poll-interval <s>         how often an idle worker asks for work, in seconds        (default 2)
  --maintenance-interval <s>  how often the workers look for points whose worker died   (default 20)
  --stop-timeout <s>          on Ctrl-C, how long points in flight may take to finish   (default 30)
  --data-dir <dir>            working folder                                            (default $DATA_DIR, else data)
  -h, --help                  this text

One line per event on standard output (a point started, finished, failed or sent back to the queue; the database
unreachable and waited for). Progress of every run: quantagent history runs.

${EXIT_CODES_HELP} No DATABASE_URL exits 2; PostgreSQL unreachable at start exits 1 (once
running, the worker waits for it and resumes).

Example:
  DATABASE_URL=postgres://user:password@db:5432/quantagent OPENAI_API_KEY=... quantagent worker --concurrency 4
`;

const seconds = (option: string, minimum: number, maximum: number) =>
  z.coerce
    .number({ error: `--${option} must be a number of seconds` })
    .min(minimum, `--${option} must be at least ${minimum}`)
    .max(maximum, `--${option} must be at most ${maximum}`);

const optionsSchema = z.object({
  concurrency: z.coerce
    .number({ error: "--concurrency must be a number" })
    .int("--concurrency must be a whole number")
    .min(1, "--concurrency must be at least 1")
    .max(64, "--concurrency must be at most 64")
    .default(2),
  pollingIntervalSeconds: seconds("poll-interval", 0.5, 60).default(2),
  maintenanceIntervalSeconds: seconds("maintenance-interval", 1, 600).pipe(z.number().int()).default(20),
  stopTimeoutSeconds: seconds("stop-timeout", 1, 600).pipe(z.number().int()).default(30),
  dataDir: z.string().min(1),
});

function readOptions(context: CliContext) {
  const { values } = parseCommandArgs({
    args: [...context.argv],
    strict: true,
    options: {
      concurrency: { type: "string" },
      "poll-interval": { type: "string" },
      "maintenance-interval": { type: "string" },
      "stop-timeout": { type: "string" },
      "data-dir": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help" as const;
  const parsed = optionsSchema.safeParse({
    concurrency: values.concurrency,
    pollingIntervalSeconds: values["poll-interval"],
    maintenanceIntervalSeconds: values["maintenance-interval"],
    stopTimeoutSeconds: values["stop-timeout"],
    dataDir: values["data-dir"] ?? context.env.DATA_DIR ?? "data",
  });
  if (!parsed.success) throw optionsError(parsed.error, values);
  return parsed.data;
}

async function run(context: CliContext): Promise<number> {
  const options = readOptions(context);
  if (options === "help") {
    context.stdout.write(HELP);
    return EXIT_CODES.ok;
  }
  const databaseUrl = context.env.DATABASE_URL?.trim();
  if (!databaseUrl) throw needsPostgres("A worker");
  parseRateLimits(context.env.RATE_LIMITS); // a RATE_LIMITS the worker cannot read stops it now, not at a point
  const { dataDir: folder, ...settings } = options;
  const dataDir = path.resolve(context.cwd, folder);
  const database = createDatabaseHandle({ dataDir, databaseUrl });
  const renderer = createChartRenderer();
  // The forward test's rounds: the watchlist's entries with this worker's keys (QUANTAGENT_PROVIDER, ...).
  const maxCostPerDay = context.env.MAX_COST_PER_DAY?.trim();
  const pipeline = createPipeline(
    {
      data_dir: dataDir,
      journal: true,
      database_url: databaseUrl,
      // The forward test's daily cap, held against the spending every worker records in the database.
      ...(maxCostPerDay ? { max_cost_per_day: Number(maxCostPerDay) } : {}),
    },
    { env: context.env, database, renderer },
  );
  const line = (text: string) => context.stdout.write(`${new Date().toISOString()} ${text}\n`);
  try {
    const worker = await startWorker({
      database,
      databaseUrl,
      kinds: [evaluationJobKind, backtestJobKind],
      handlers: forwardHandlers({
        pipeline,
        holder: `${hostname()}:${process.pid}`,
        cacheDir: path.join(dataDir, "cache", "forward"),
        onEvent: (event) => line(describeWatchEvent(event)),
      }),
      settings,
      env: context.env,
      dataDir,
      renderer,
      onEvent: (event) => line(describeWorkerEvent(event)),
    });
    await new Promise<void>((resolve) => {
      if (context.signal.aborted) resolve();
      else context.signal.addEventListener("abort", () => resolve(), { once: true });
    });
    await worker.stop();
    return EXIT_CODES.ok;
  } finally {
    await pipeline.close();
    await renderer.close();
    await database.close();
  }
}

export const workerCommand: Command = {
  name: "worker",
  summary: "analyse the decision points of queued evaluations and backtests (PostgreSQL), on any number of machines",
  help: HELP,
  run,
};
