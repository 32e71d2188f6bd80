// The options of `quantagent probe`: its --help text, the zod schema its arguments are checked with (in the command
// line's words: "--per-shape must be at least 1"; an unknown shape lists the known ones), reading them, and the
// config record they make.

import { z } from "zod";

import { quoteInput } from "../../src/common/index";
import { type Config, createConfig } from "../../src/index";
import { timeframeSchema } from "../../src/market/index";
import {
  DEFAULT_NOISE,
  DEFAULT_PER_SHAPE,
  isProbeShape,
  MAX_NOISE,
  PROBE_SHAPES,
  SHAPE_CATALOG,
} from "../../src/probe/index";
import type { CliContext } from "../cli-context";
import { EXIT_CODES_HELP } from "../exit-codes";
import { MODEL_OPTIONS, modelOptionsShape, modelOptionValues, withModelOptions } from "../model-options";
import { optionsError } from "../option-errors";
import { parseCommandArgs, positiveInteger, splitList } from "../parse-options";
import { REPORT_FILE_OPTIONS, reportFileShape, reportFileValues } from "../report-file-options";

const shapeList = PROBE_SHAPES.map(
  (shape) => `  ${shape.padEnd(28)} ${SHAPE_CATALOG[shape].direction ?? "either"}  ${SHAPE_CATALOG[shape].describe}`,
).join("\n");

export const PROBE_HELP = `Usage: quantagent probe [options]

Does the vision model see the shape it names? Synthetic series with planted, known shapes are analysed exactly as
real windows (the same charts, prompts and agents), always blind, and the answers are scored against the planted
truth: the Pattern agent's pick against the planted pattern (with a confusion matrix), the Trend agent's direction
against the planted slope, the directive against the textbook direction. Each score is held against the best
constant answer on the same series with an exact binomial p-value, and the report says in words whether the model
reads charts better than chance. Writes a JSON record, a markdown and a self-contained HTML report, and the
confusion matrix as a PNG, and records the run in the journal. What each number means: docs/evaluation.md.

Series:
  --shapes <a,b,...>       the shapes to plant                                      (default: all ${PROBE_SHAPES.length})
  --per-shape <n>          series of each shape, at least 1                         (default ${DEFAULT_PER_SHAPE})
  --seed <n>               the same seed plants the same series                     (default 1)
  --noise <x>              each close's standard deviation around the planted shape,
                           as a fraction of price, 0 to ${MAX_NOISE}                          (default ${DEFAULT_NOISE})
  --bars <n>               bars in each series (the analysis window)                (default 45)
  --timeframe <tf>         the bars' spacing: 1m 5m 15m 30m 1h 4h 1d 1w             (default 4h)
  --write-series <dir>     write the planted series as CSVs with labels.json, and stop: nothing is analysed, no key
                           is needed (the same options then probe exactly these series)

Model and spending:
  --provider <id>          openai | anthropic | qwen | demo, for both model roles   (default openai)
  --agent-model <name>     agent model name                                         (default: the provider's)
  --graph-model <name>     graph (vision) model name                                (default: the provider's)
  --temperature <t>        temperature of both models                               (default 0.1)
  --max-cost <usd>         refuse to start when the estimated cost is above this (nothing is spent)
  --concurrency <n>        analyses in flight at once                               (default 2)
  --sequential             run the three analysts of one analysis one after another

Files:
  --data-dir <dir>         the journal (runs are recorded), and the defaults below  (default: $DATA_DIR, else data)
  --cache-dir <dir>        completed decisions and model answers                    (default <data dir>/cache/probe)
  --no-cache               keep nothing: a rerun pays again
  --out <dir>              where the report goes                                    (default <data dir>/probe)
  --name <name>            report file name without extension                       (default probe)
  --overwrite              replace an earlier report of the same name (without it, an existing report is an
                           error, raised before anything runs)
  --no-charts              write no PNG and no figure in the HTML (no Chromium needed for the report)
  -h, --help               this text

The shapes (name, textbook direction, what is planted):
${shapeList}

Before anything is spent it prints what the run will ask of the provider (analyses, calls, tokens, an estimated
cost). Keys and base URLs come from the environment: OPENAI_API_KEY / OPENAI_BASE_URL, ANTHROPIC_API_KEY /
ANTHROPIC_BASE_URL, DASHSCOPE_API_KEY / DASHSCOPE_BASE_URL. Costs shown are estimates from list prices.
Ctrl-C stops the run and keeps every completed analysis: run the same command again to resume where it stopped.
With --provider demo it runs without a key or a network; the demo's scripted pattern report names no pattern, so
its pick is not scored (the report says so).

${EXIT_CODES_HELP} Exit code 1 also when every analysis failed (a wrong key or base URL).

Examples:
  quantagent probe --provider demo --per-shape 2
  quantagent probe --provider openai --graph-model gpt-4o --per-shape 5 --max-cost 5 --name gpt-4o
  quantagent probe --shapes double_top,double_bottom,head_and_shoulders --per-shape 10 --noise 0.008
  quantagent probe --write-series data/probe/series --per-shape 3
`;

const argumentsSchema = z.object({
  shapes: z
    .array(
      z.string().refine(isProbeShape, {
        error: (issue) => `unknown shape ${quoteInput(issue.input)}: the shapes are ${PROBE_SHAPES.join(", ")}`,
      }),
    )
    .min(1, "--shapes must name at least one shape")
    .optional(),
  perShape: z.coerce
    .number({ error: "--per-shape must be a number of series" })
    .int("--per-shape must be a whole number of series")
    .min(1, "--per-shape must be at least 1 series per shape")
    .max(1000, "--per-shape must be at most 1,000")
    .default(DEFAULT_PER_SHAPE),
  seed: z.coerce
    .number({ error: "--seed must be a number" })
    .int("--seed must be a whole number")
    .min(0, "--seed must be 0 or more")
    .max(2 ** 32 - 1)
    .default(1),
  noise: z.coerce
    .number({ error: "--noise must be a number" })
    .min(0, "--noise must be 0 or more")
    .max(MAX_NOISE, `--noise must be at most ${MAX_NOISE} (5% a bar hides any shape)`)
    .default(DEFAULT_NOISE),
  bars: positiveInteger("bars").min(35, "--bars must be at least 35 (an analysis needs 35)").max(500).optional(),
  timeframe: timeframeSchema
    .refine((timeframe) => timeframe !== "1mo", { error: "--timeframe 1mo has no fixed bar length: use 1w or less" })
    .default("4h"),
  writeSeries: z.string().min(1).optional(),
  ...modelOptionsShape,
  concurrency: positiveInteger("concurrency").max(16, "--concurrency must be at most 16").default(2),
  sequential: z.boolean().default(false),
  ...reportFileShape,
  name: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/, "--name must be letters, digits, . _ or -")
    .max(80, "--name must be at most 80 characters")
    .default("probe"),
});
export type ProbeArguments = z.infer<typeof argumentsSchema>;

const text = { type: "string" } as const;
const flag = { type: "boolean" } as const;

/** Every option the command reads (--help names each one). */
export const PROBE_OPTIONS = {
  shapes: text,
  "per-shape": text,
  seed: text,
  noise: text,
  bars: text,
  timeframe: text,
  "write-series": text,
  ...MODEL_OPTIONS,
  temperature: text,
  "max-cost": text,
  concurrency: text,
  sequential: flag,
  ...REPORT_FILE_OPTIONS,
  name: text,
  help: { type: "boolean", short: "h" },
} as const;

export function readProbeArguments(context: CliContext): ProbeArguments | "help" {
  const { values } = parseCommandArgs({ args: [...context.argv], strict: true, options: PROBE_OPTIONS });
  if (values.help) return "help";
  const parsed = argumentsSchema.safeParse({
    shapes: splitList(values.shapes),
    perShape: values["per-shape"],
    seed: values.seed,
    noise: values.noise,
    bars: values.bars,
    timeframe: values.timeframe,
    writeSeries: values["write-series"],
    ...modelOptionValues(values),
    concurrency: values.concurrency,
    sequential: values.sequential,
    ...reportFileValues(values, context.env),
    name: values.name,
  });
  if (!parsed.success) throw optionsError(parsed.error, values);
  return parsed.data;
}

/** Switching provider keeps only model names with its prefix; names given on the command line are applied after it. */
export function probeConfigOf(options: ProbeArguments, dataDir: string): Config {
  return withModelOptions(createConfig({ data_dir: dataDir }), options);
}
