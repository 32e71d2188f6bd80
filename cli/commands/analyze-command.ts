// `quantagent analyze`: one analysis of a CSV file, a built-in asset or a market symbol, with live progress on
// standard error and the decision (or, with --json, the whole result in the HTTP API's JSON) on standard output. The
// analysis is recorded in the journal (source "cli") unless --no-journal says otherwise.
//
// Everything that can be checked before money is spent is checked first, as a usage error (exit code 2): the
// options, the file (readable, not too large), the asset code (built in or saved: a ticker goes through --symbol),
// the date range (lookback, order, future), the model names and the key. The pipeline then refuses bad CSV text and too few bars before its first model call, with the same exit code.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";

import { z } from "zod";

import { writeFileAtomic } from "../../src/common/index";
import { agentsModeSchema, indicatorModeSchema } from "../../src/config/index";
import {
  type AnalyzeRequest,
  type Config,
  createConfig,
  createPipeline,
  type Pipeline,
  providerIds,
  type Stages,
} from "../../src/index";
import { marketSymbolSchema, symbolSchema, TIMEFRAMES, timeframeSchema } from "../../src/market/index";
import { MAX_CSV_CHARACTERS } from "../../src/pipeline/analyze-request";
import { toWireResult } from "../../src/wire/index";
import type { CliContext } from "../cli-context";
import type { Command } from "../command";
import { EXIT_CODES, EXIT_CODES_HELP, UsageError } from "../exit-codes";
import { MODEL_OPTIONS, modelOptionsShape, modelOptionValues, withModelOptions } from "../model-options";
import { optionsError } from "../option-errors";
import { parseCommandArgs } from "../parse-options";
import { createProgressPrinter, reportHeading } from "../progress-printer";
import { formatResultSummary, reportsByStep } from "../result-summary";
import { samplesFromOptions, STAGE_OPTIONS, STAGE_OPTIONS_HELP, stagesFromOptions } from "../stage-options";

const HELP = `Usage: quantagent analyze --csv <file> --timeframe <tf> [--name <name>] [--end <date>] [options]
       quantagent analyze (--asset <code> | --symbol <ticker>) --timeframe <tf> --start <date> [--end <date>] [options]

Runs the four agents (and any stages you add) on one asset at one timeframe and prints the LONG/SHORT decision.
Progress, and each agent's report as it is written, go to standard error; the decision (or, with --json, the full
result) to standard output.

Data (one of):
  --csv <file>            CSV with Datetime (or Date), Open, High, Low, Close and optional Volume columns, any order
  --asset <code>          a built-in asset (SPX, BTC, GC, NQ, CL, ES, DJI, QQQ, VIX, DXY, AAPL, TSLA) or a saved
                          custom symbol, fetched from Yahoo Finance; any other code is refused (use --symbol)
  --symbol <ticker>       any Yahoo Finance ticker, passed through unchanged (ETH-USD, ^FTSE, 7203.T), or
                          an exchange's market through ccxt, no key needed (binance:BTC/USDT)

Options:
  --timeframe <tf>        ${TIMEFRAMES.join(" ")}                             (required)
  --start <date>          start of the range: 2025-01-01 or 2025-01-01T09:30:00Z (UTC)   (--asset, --symbol)
  --end <date>            end of the range                                  (default: now)
                          with --csv: the window ends at the last bar at or before it, and the
                          file's later bars score the decision at once (a replay of history)
  --name <name>           the name shown for CSV data                       (default: the file name)
  --provider <id>         ${providerIds.join(" | ")}, for both model roles             (default openai)
  --agent-model <name>    agent model name                                  (default: the provider's)
  --graph-model <name>    graph (vision) model name                         (default: the provider's)
  --indicators <mode>     direct: the indicators computed in code and handed to the Indicator agent in
                          one call with no tools (works with models that cannot call tools);
                          tool-call: the model picks indicators and periods through tools  (default direct)
  --blind                 the agents see no date, name or price level: prices rescaled so the last
                          close is 100, bars numbered, "an asset" (docs/evaluation.md)
  --data-dir <dir>        custom assets and the journal (quantagent.db)     (default: $DATA_DIR, else data)
  --no-journal            do not record this analysis in the journal
  --json                  print the full result as JSON, as POST /api/analyze answers it
  --output <file>         also write the full result as JSON to <file>, only once the analysis has
                          succeeded (a failed run leaves no file, where --json > file leaves an empty one)
  --quiet                 no progress on standard error
  -h, --help              this text

${STAGE_OPTIONS_HELP}

Keys and base URLs come from the environment: OPENAI_API_KEY / OPENAI_BASE_URL, ANTHROPIC_API_KEY /
ANTHROPIC_BASE_URL, DASHSCOPE_API_KEY / DASHSCOPE_BASE_URL. Charts are drawn by a local Chromium
(PUPPETEER_EXECUTABLE_PATH, else /usr/bin/chromium). DATABASE_URL=postgres://... records into PostgreSQL instead
of the SQLite file in the data folder.

${EXIT_CODES_HELP}

Examples:
  quantagent analyze --csv prices.csv --timeframe 4h --name "My data"
  quantagent analyze --asset BTC --timeframe 1d --start 2025-01-01 --end 2025-03-01 --output result.json
  quantagent analyze --csv prices.csv --timeframe 4h --end 2025-02-01 --memory 3 --debate 1 --risk
`;

const optionsSchema = z
  .object({
    csv: z.string().min(1, "--csv needs a file").optional(),
    asset: symbolSchema.optional(),
    symbol: marketSymbolSchema.optional(),
    timeframe: timeframeSchema,
    start: z.string().optional(),
    end: z.string().optional(),
    name: z.string().optional(),
    ...modelOptionsShape,
    blind: z.boolean(),
    indicators: indicatorModeSchema.optional(),
    dataDir: z.string().min(1),
    journal: z.boolean(),
    json: z.boolean(),
    output: z.string().min(1, "--output needs a file").optional(),
    quiet: z.boolean(),
    stages: z.custom<Stages>().optional(),
    samples: z.number().optional(),
    agents: agentsModeSchema.optional(),
  })
  .superRefine((options, context) => {
    const sources = (["csv", "asset", "symbol"] as const).filter((source) => options[source] !== undefined);
    if (sources.length !== 1) {
      context.addIssue({
        code: "custom",
        message:
          sources.length === 0 ? "give --csv, --asset or --symbol" : `give only one of --${sources.join(", --")}`,
      });
      return;
    }
    if (options.csv !== undefined && options.start !== undefined) {
      context.addIssue({
        code: "custom",
        message: "--start is for --asset and --symbol; a CSV file is analysed up to its last bar, or up to --end",
      });
    }
    if (options.csv === undefined && options.start === undefined)
      context.addIssue({ code: "custom", message: `--${sources[0]} needs --start` });
    if (options.csv === undefined && options.name !== undefined)
      context.addIssue({ code: "custom", message: "--name is for --csv" });
  });
type AnalyzeOptions = z.infer<typeof optionsSchema>;

function readOptions(context: CliContext): AnalyzeOptions | "help" {
  const { values } = parseCommandArgs({
    args: [...context.argv],
    strict: true,
    options: {
      csv: { type: "string" },
      asset: { type: "string" },
      symbol: { type: "string" },
      timeframe: { type: "string" },
      start: { type: "string" },
      end: { type: "string" },
      name: { type: "string" },
      ...MODEL_OPTIONS,
      blind: { type: "boolean" },
      indicators: { type: "string" },
      "data-dir": { type: "string" },
      "no-journal": { type: "boolean" },
      json: { type: "boolean" },
      output: { type: "string" },
      quiet: { type: "boolean" },
      help: { type: "boolean", short: "h" },
      ...STAGE_OPTIONS,
    },
  });
  if (values.help) return "help";
  if (values.timeframe === undefined) throw new UsageError(`--timeframe is required (one of ${TIMEFRAMES.join(", ")})`);
  const stages = stagesFromOptions(values);
  if (stages?.memory && values["no-journal"])
    throw new UsageError("--memory keeps its lessons in the journal: leave out --no-journal, or --memory");
  const parsed = optionsSchema.safeParse({
    csv: values.csv,
    asset: values.asset,
    symbol: values.symbol,
    timeframe: values.timeframe,
    start: values.start,
    end: values.end,
    name: values.name,
    ...modelOptionValues(values),
    blind: values.blind ?? false,
    indicators: values.indicators,
    dataDir: values["data-dir"] ?? context.env.DATA_DIR ?? "data",
    journal: !(values["no-journal"] ?? false),
    json: values.json ?? false,
    output: values.output,
    quiet: values.quiet ?? false,
    stages,
    samples: samplesFromOptions(values),
    agents: values.agents,
  });
  if (!parsed.success) throw optionsError(parsed.error, values);
  return parsed.data;
}

/** The config record of the options: the provider switch first, so model names given on the command line win. */
function configOf(options: AnalyzeOptions, context: CliContext): Config {
  const config = createConfig({
    data_dir: path.resolve(context.cwd, options.dataDir),
    journal: options.journal,
    blind: options.blind,
    ...(options.indicators === undefined ? {} : { indicator_mode: options.indicators }),
    ...(options.samples === undefined ? {} : { decision_samples: options.samples }),
    ...(options.agents === undefined ? {} : { agents: options.agents }),
  });
  return withModelOptions(config, options);
}

async function readCsvOption(file: string, context: CliContext): Promise<string> {
  const resolved = path.resolve(context.cwd, file);
  try {
    const info = await stat(resolved);
    if (!info.isFile()) throw new UsageError(`--csv ${file} is not a file`);
    // Bytes, not characters, but a file over the limit in bytes is one nobody meant to analyse whole.
    if (info.size > MAX_CSV_CHARACTERS)
      throw new UsageError(`--csv ${file} is ${info.size} bytes; at most ${MAX_CSV_CHARACTERS} are accepted`);
    return await readFile(resolved, "utf8");
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(
      `Cannot read --csv ${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}`,
    );
  }
}

/**
 * A built-in asset code (any case) or a custom symbol saved in the data folder, as saved. Anything else is refused
 * here, before any market data is fetched: a ticker goes through --symbol, so a typo in a code is not sent to Yahoo.
 */
async function knownAsset(code: string, pipeline: Pipeline): Promise<string> {
  const assets = await pipeline.listAssets();
  const wanted = code.trim().toUpperCase();
  const found = assets.find((asset) => asset.code.toUpperCase() === wanted);
  if (found) return found.code;
  const saved = assets.filter((asset) => asset.custom).map((asset) => asset.code);
  throw new UsageError(
    `Unknown asset ${code}: --asset takes a built-in code (${assets
      .filter((asset) => !asset.custom)
      .map((asset) => asset.code)
      .join(
        ", ",
      )}) or a custom symbol saved in the data folder (${saved.length > 0 ? saved.join(", ") : "none saved"}). ` +
      `For a Yahoo Finance ticker, use --symbol ${code}.`,
  );
}

async function requestOf(options: AnalyzeOptions, context: CliContext, pipeline: Pipeline): Promise<AnalyzeRequest> {
  if (options.csv !== undefined) {
    const name = options.name ?? path.basename(options.csv, path.extname(options.csv)).slice(0, 80);
    return {
      csv: await readCsvOption(options.csv, context),
      timeframe: options.timeframe,
      name,
      ...(options.end === undefined ? {} : { end: options.end }),
      ...(options.stages === undefined ? {} : { stages: options.stages }),
    };
  }
  const range = {
    timeframe: options.timeframe,
    start: options.start ?? "",
    end: options.end ?? new Date().toISOString(),
    ...(options.stages === undefined ? {} : { stages: options.stages }),
  };
  return options.asset !== undefined
    ? { asset: await knownAsset(options.asset, pipeline), ...range }
    : { symbol: options.symbol ?? "", ...range };
}

async function run(context: CliContext): Promise<number> {
  const options = readOptions(context);
  if (options === "help") {
    context.stdout.write(HELP);
    return EXIT_CODES.ok;
  }
  const output = options.output === undefined ? undefined : await outputFile(options.output, context);
  const pipeline = createPipeline(configOf(options, context), { env: context.env });
  try {
    const request = await requestOf(options, context, pipeline);
    if ("start" in request) {
      const range = pipeline.validateDateRange({
        ...("symbol" in request && request.symbol !== undefined ? { symbol: request.symbol } : {}),
        timeframe: request.timeframe,
        start: request.start,
        end: request.end,
      });
      // Said in the command line's terms: the flag, then the value and the form expected.
      if (!range.ok) throw new UsageError(range.error.replace(/^Invalid (start|end) date /, "--$1 "));
    }
    const printer = options.quiet ? undefined : createProgressPrinter({ write: (text) => context.stderr.write(text) });
    try {
      const result = await pipeline.analyze(request, {
        signal: context.signal,
        onEvent: printer?.onEvent,
        source: "cli",
      });
      if (printer) {
        printer.finish();
        // Reports that did not arrive as deltas are printed whole, so every report is seen once.
        for (const [step, report] of reportsByStep(result)) {
          if (!printer.streamedSteps().has(step)) context.stderr.write(`${reportHeading(step)}${report.trimEnd()}\n`);
        }
      }
      const json = `${JSON.stringify(toWireResult(result), null, 2)}\n`;
      if (output !== undefined) await writeFileAtomic(output, json);
      context.stdout.write(options.json ? json : formatResultSummary(result));
      if (output !== undefined && !options.json) context.stdout.write(`Result: written to ${options.output}\n`);
      return EXIT_CODES.ok;
    } finally {
      printer?.finish();
    }
  } finally {
    await pipeline.close();
  }
}

/** The --output file, checked before anything is spent: its folder exists and it is not a folder itself. */
async function outputFile(file: string, context: CliContext): Promise<string> {
  const target = path.resolve(context.cwd, file);
  const folder = await stat(path.dirname(target)).catch(() => undefined);
  if (!folder?.isDirectory()) throw new UsageError(`--output ${file}: the folder ${path.dirname(file)} does not exist`);
  if ((await stat(target).catch(() => undefined))?.isDirectory())
    throw new UsageError(`--output ${file}: that is a folder; give a file name`);
  return target;
}

export const analyzeCommand: Command = {
  name: "analyze",
  summary: "analyse a CSV file, an asset or a symbol and print the decision",
  help: HELP,
  run,
};
