// `quantagent doctor`: what the configuration needs, each checked with the smallest request (src/models/check-setup.ts,
// which the page's Check button runs too), in one table: ok / missing / unreachable / skipped, latency, tokens spent.
// Chromium is started here as the charts start it. Exit 0 when everything needed works, else 1 (the failing rows say
// why); --json prints every check as JSON instead.
import path from "node:path";
import { parseArgs } from "node:util";

import { z } from "zod";

import { createChartRenderer } from "../../src/charts/png-renderer";
import { formatZodError } from "../../src/common/index";
import { indicatorModeSchema } from "../../src/config/index";
import { createConfig } from "../../src/index";
import { checkSetup } from "../../src/models/check-setup";
import type { CliContext } from "../cli-context";
import type { Command } from "../command";
import { EXIT_CODES, EXIT_CODES_HELP, UsageError } from "../exit-codes";
import { MODEL_OPTIONS, modelOptionsShape, modelOptionValues, withModelOptions } from "../model-options";
import { usageErrors } from "../parse-options";
import { formatTextTable } from "../text-table";

const HELP = `Usage: quantagent doctor [--provider <id>] [--agent-model <name>] [--graph-model <name>] [--indicators <mode>] [--market-data <source>] [--json]

Checks what the configuration needs, each with the smallest request: Node, the data folder, Chromium (started and
Plotly loaded, as the charts need it), Yahoo Finance (a few daily bars of BTC-USD), and for each model role
one tiny call per capability it needs (text; JSON mode and images for the graph role; tools when a "tool-call" mode
is on). Prints one table (ok / missing / unreachable / skipped, latency, tokens spent).

Options:
  --provider <id>         openai | anthropic | qwen | demo, for both model roles   (default openai)
  --agent-model <name>    agent model name
  --graph-model <name>    graph (vision) model name
  --indicators <mode>     direct | tool-call: tool-call also checks the graph model's tools   (default direct)
  --data-dir <dir>        the data folder checked                            (default: $DATA_DIR, else data)
  --chromium <path>       the Chromium executable checked   (default: the one charts use, PUPPETEER_EXECUTABLE_PATH or the system's)
  --market-data <source>  yahoo | local: local (CSV files and Sample data only) skips the Yahoo check
                          (default yahoo; local on the demo provider, which needs no network)
  --json                  every check as JSON
  -h, --help              this text

Keys and base URLs come from the environment, as for quantagent analyze.

Exit codes: 0 everything needed works; 1 a check failed (its row says why).
${EXIT_CODES_HELP}`;

const optionsSchema = z.object({
  ...modelOptionsShape,
  indicators: indicatorModeSchema.optional(),
  dataDir: z.string().min(1),
  chromium: z.string().min(1).optional(),
  marketData: z.enum(["yahoo", "local"], { error: 'must be "yahoo" or "local"' }).optional(),
  json: z.boolean(),
});

async function run(context: CliContext): Promise<number> {
  const { values } = usageErrors(() =>
    parseArgs({
      args: [...context.argv],
      strict: true,
      options: {
        ...MODEL_OPTIONS,
        indicators: { type: "string" },
        "data-dir": { type: "string" },
        chromium: { type: "string" },
        "market-data": { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }),
  );
  if (values.help) {
    context.stdout.write(HELP);
    return EXIT_CODES.ok;
  }
  const parsed = optionsSchema.safeParse({
    ...modelOptionValues(values),
    indicators: values.indicators,
    dataDir: values["data-dir"] ?? context.env.DATA_DIR ?? "data",
    chromium: values.chromium,
    marketData: values["market-data"],
    json: values.json ?? false,
  });
  if (!parsed.success) throw new UsageError(formatZodError(parsed.error, { subject: "Invalid options" }));
  const options = parsed.data;
  const config = withModelOptions(
    createConfig({
      data_dir: path.resolve(context.cwd, options.dataDir),
      ...(options.indicators === undefined ? {} : { indicator_mode: options.indicators }),
    }),
    options,
  );

  const report = await checkSetup({
    config,
    env: context.env,
    startChromium: (signal) => startChromium(options.chromium, signal),
    ...(options.marketData === undefined ? {} : { marketData: options.marketData }),
    signal: context.signal,
  });
  if (options.json) {
    context.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    const table = formatTextTable(
      report.rows.map((row) => ({
        check: row.check,
        role: row.role ?? "",
        model: row.model ?? "",
        status: row.status,
        "latency ms": row.latencyMs === 0 ? "" : row.latencyMs.toFixed(0),
        tokens: String(row.tokens),
        detail: row.detail ?? "",
      })),
      { alignRight: ["latency ms", "tokens"] },
    );
    context.stdout.write(
      `${table}\n${report.healthy ? "Everything the configuration needs works." : "Some checks failed: see the rows above."}\n`,
    );
  }
  return report.healthy ? EXIT_CODES.ok : EXIT_CODES.failed;
}

/** Chromium started and Plotly loaded in a page, as the first chart needs them; closed again. */
async function startChromium(executablePath: string | undefined, signal: AbortSignal | undefined): Promise<void> {
  const renderer = createChartRenderer(executablePath === undefined ? {} : { executablePath });
  try {
    await renderer.start(signal === undefined ? {} : { signal });
  } finally {
    await renderer.close();
  }
}

export const doctorCommand: Command = {
  name: "doctor",
  summary: "check what the configuration needs (models, capabilities, data folder) with the smallest requests",
  help: HELP,
  run,
};
