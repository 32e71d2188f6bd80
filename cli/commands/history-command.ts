// `quantagent history`: the analysis journal from the command line, over the same pipeline.journal the notebooks
// use: the list (filters, pages), one analysis, accuracy per group, scoring pending outcomes, the evaluation
// leaderboard, and removing an analysis. Tables on standard output, or JSON with --json (the HTTP API's shapes for
// what it also serves). The journal is the SQLite file in the data folder, or PostgreSQL with DATABASE_URL.
import path from "node:path";

import { z } from "zod";

import { DEMO_LABEL, describeStages } from "../../src/config/index";
import { JournalError } from "../../src/errors";
import { createPipeline, type Pipeline, type Stages } from "../../src/index";
import {
  type AccuracyFigures,
  type AnalysisOutcome,
  type AnalysisSummary,
  describeDecisionQuality,
  journalGroupings,
  journalSources,
  splitRows,
} from "../../src/journal/index";
import { createDatabaseHandle, MAX_PAGE_SIZE } from "../../src/journal/index";
import { createJournal } from "../../src/journal/journal";
import { readCsvFile } from "../../src/market/index";
import { queuedRunsReader } from "../../src/queue/index";
import { wireAnalysisSummary, wireJournalStats, wireLeaderboard, wireScoreCounts } from "../../src/wire/index";
import type { CliContext } from "../cli-context";
import type { Command } from "../command";
import { EXIT_CODES, EXIT_CODES_HELP, UsageError } from "../exit-codes";
import { describeForwardRecords } from "../forward-output";
import { optionsError } from "../option-errors";
import { parseCommandArgs } from "../parse-options";
import { describeRuns } from "../runs-table";
import { formatTextTable } from "../text-table";

const ACTIONS = ["list", "show", "stats", "score", "leaderboard", "runs", "forward", "delete"] as const;
type Action = (typeof ACTIONS)[number];

const HELP = `Usage: quantagent history [list] [--asset <a>] [--timeframe <tf>] [--model <m>] [--provider <p>] [--source <s>]
                          [--limit <n>] [--cursor <c>]
       quantagent history show <id>
       quantagent history stats [--group-by <g>] [--horizon 1|3] [--split cutoff] [filters]
       quantagent history score [--reflect [--reflect-limit <n>]]
       quantagent history leaderboard [--group-by <g>] [--horizon <k>] [--flat-moves excluded|miss]
       quantagent history runs [<run id>] [--limit <n>] [--cursor <c>]
       quantagent history forward [<entry id>] [--replay <csv>]
       quantagent history delete <id>

The analysis journal: every analysis from the page, the API, notebooks and this command line, scored against what
the market did 1 and 3 bars later.

  list          recorded analyses, newest first, 20 a page (--limit up to ${MAX_PAGE_SIZE}); the next page's --cursor is printed
  show <id>     one analysis: its decision, reports and outcome
  stats         directional accuracy per group with Wilson 95% intervals (--group-by ${journalGroupings.join(" | ")};
                default model; --horizon default 3; --split cutoff: each group also before and after its
                analyses' graph models' training cutoffs, by the decision bar's month; see docs/evaluation.md)
  score         scores pending analyses whose later bars have closed (fetched from Yahoo Finance); with
                --reflect, then writes the memory stage's lesson for each scored analysis that has none
                (one graph-model call each, at most --reflect-limit per run, default 100)
  leaderboard   evaluation runs side by side (quantagent evaluate records them), per group as stats
  runs [<id>]   evaluation, backtest and probe runs, newest first: those recorded in the journal (a demo provider's
                run says "demo: scripted, not a model") and those queued for workers (evaluate --queue,
                backtest --queue) with how far each has got: points done, failed, running, waiting; from any machine on
                the same DATABASE_URL
  forward [<id>] the forward test's live record of each watchlist entry (or one): its decisions, their accuracy
                with its Wilson 95% interval, the paired test against always-LONG on the same bars, and the
                decisions played after costs beside buy-and-hold and the baselines. The entry's market is read to
                now; --replay <csv> reads the bars of the recorded series a watch --replay ran on instead
  delete <id>   removes one analysis and the charts nothing else uses

Filters: --asset, --timeframe, --model (either role), --provider, --source (${journalSources.join(" | ")}).
Options: --data-dir <dir> (default: $DATA_DIR, else data), --json (machine-readable output), -h, --help.
DATABASE_URL=postgres://... reads the PostgreSQL journal instead of the SQLite file in the data folder.

${EXIT_CODES_HELP}

Examples:
  quantagent history --model gpt-4o --limit 50
  quantagent history stats --group-by asset --horizon 1
  quantagent history stats --split cutoff
  quantagent history score && quantagent history stats
  quantagent history score --reflect
`;

const text = z.string().trim().min(1, "must not be empty").max(200, "is too long");
const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`));

const optionsSchema = z.object({
  action: z.enum(ACTIONS, { error: `the action must be one of ${ACTIONS.join(", ")}` }),
  id: z.string().optional(),
  asset: text.optional(),
  timeframe: text.optional(),
  model: text.optional(),
  provider: text.optional(),
  source: z.enum(journalSources, { error: `--source must be one of ${journalSources.join(", ")}` }).optional(),
  limit: wholeNumber("--limit", 1, MAX_PAGE_SIZE).default(20),
  cursor: z.string().max(512).optional(),
  groupBy: z
    .enum(journalGroupings, { error: `--group-by must be one of ${journalGroupings.join(", ")}` })
    .default("model"),
  horizon: wholeNumber("--horizon", 1, 1000).optional(),
  flatMoves: z.enum(["excluded", "miss"], { error: "--flat-moves must be excluded or miss" }).default("excluded"),
  reflect: z.boolean(),
  reflectLimit: wholeNumber("--reflect-limit", 1, 1000).optional(),
  split: z.enum(["cutoff"], { error: "--split must be cutoff" }).optional(),
  replay: z.string().min(1, "--replay needs a CSV file").optional(),
  dataDir: z.string().min(1),
  json: z.boolean(),
});
type HistoryOptions = z.infer<typeof optionsSchema>;

function readOptions(context: CliContext): HistoryOptions | "help" {
  const { values, positionals } = parseCommandArgs({
    args: [...context.argv],
    strict: true,
    allowPositionals: true,
    options: {
      asset: { type: "string" },
      timeframe: { type: "string" },
      model: { type: "string" },
      provider: { type: "string" },
      source: { type: "string" },
      limit: { type: "string" },
      cursor: { type: "string" },
      "group-by": { type: "string" },
      horizon: { type: "string" },
      "flat-moves": { type: "string" },
      reflect: { type: "boolean" },
      "reflect-limit": { type: "string" },
      split: { type: "string" },
      replay: { type: "string" },
      "data-dir": { type: "string" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  const [action = "list", id, ...extra] = positionals;
  const needsId = action === "show" || action === "delete";
  const takesId = needsId || action === "runs" || action === "forward";
  if (needsId && id === undefined)
    throw new UsageError(`history ${action} needs the analysis id (quantagent history lists them)`);
  if (extra.length > 0 || (!takesId && id !== undefined))
    throw new UsageError(`unexpected argument ${JSON.stringify(needsId ? extra[0] : id)}`);
  const parsed = optionsSchema.safeParse({
    action,
    id,
    asset: values.asset,
    timeframe: values.timeframe,
    model: values.model,
    provider: values.provider,
    source: values.source,
    limit: values.limit,
    cursor: values.cursor,
    groupBy: values["group-by"],
    horizon: values.horizon,
    flatMoves: values["flat-moves"],
    reflect: values.reflect ?? false,
    reflectLimit: values["reflect-limit"],
    split: values.split,
    replay: values.replay,
    dataDir: values["data-dir"] ?? context.env.DATA_DIR ?? "data",
    json: values.json ?? false,
  });
  if (!parsed.success) throw optionsError(parsed.error, values);
  if ((parsed.data.reflect || parsed.data.reflectLimit !== undefined) && action !== "score")
    throw new UsageError("--reflect and --reflect-limit are for history score");
  if (parsed.data.replay !== undefined && action !== "forward") throw new UsageError("--replay is for history forward");
  if (parsed.data.reflectLimit !== undefined && !parsed.data.reflect)
    throw new UsageError("--reflect-limit needs --reflect");
  if (
    parsed.data.horizon !== undefined &&
    action === "stats" &&
    parsed.data.horizon !== 1 &&
    parsed.data.horizon !== 3
  ) {
    throw new UsageError("--horizon for stats must be 1 or 3 (the bars after an analysis that are scored)");
  }
  return parsed.data;
}

const percent = (value: number | null) => (value === null ? "–" : `${(value * 100).toFixed(1)}%`);

const NO_OUTCOME = "no outcome: no bars after the window";

/** The outcome at a horizon, or what is true of it (the summary's status words, when the caller has them). */
function outcomeCell(
  outcome: AnalysisOutcome | null,
  bars: 1 | 3,
  facts: Pick<AnalysisSummary, "status" | "outcomeStatus"> | undefined = undefined,
): string {
  const horizon = outcome?.find((entry) => entry.bars === bars);
  if (!horizon) {
    if (facts?.outcomeStatus === "none") return facts.status;
    if (facts?.outcomeStatus === "no_later_bars") return NO_OUTCOME;
    return "pending";
  }
  return `${horizon.hit ? "hit" : "miss"} ${horizon.return > 0 ? "+" : ""}${(horizon.return * 100).toFixed(2)}%`;
}

/** Words a list row shortens, said once under the table when a row uses them. */
const NO_LATER_BARS = "no later bars";
const SCRIPTED = "(scripted)";

/** The analyses as a table narrow enough for a terminal, with a line under it for each short form it used. */
function listTable(analyses: readonly AnalysisSummary[]): string {
  const table = formatTextTable(
    analyses.map((summary) => ({
      recorded: `${summary.createdAt.slice(0, 16).replace("T", " ")}`,
      id: summary.id,
      asset: summary.asset,
      tf: summary.timeframe,
      decision:
        summary.decision ?? (summary.status === "cancelled" ? "cancelled" : `failed: ${summary.error?.code ?? "?"}`),
      model: summary.demo ? `${summary.models.graph.model} ${SCRIPTED}` : summary.models.graph.model,
      source: summary.source,
      "k=1": listOutcomeCell(summary, 1),
      "k=3": listOutcomeCell(summary, 3),
    })),
  );
  const notes = [
    analyses.some((summary) => summary.demo) ? `${SCRIPTED}: the demo provider (${DEMO_LABEL}).` : "",
    analyses.some((summary) => !summary.outcome?.length && summary.outcomeStatus === "no_later_bars")
      ? `${NO_LATER_BARS}: no outcome, as the data ends with the window.`
      : "",
  ].filter((note) => note !== "");
  return notes.length === 0 ? table : `${table}\n${notes.join("\n")}\n`;
}

function listOutcomeCell(summary: AnalysisSummary, bars: 1 | 3): string {
  const cell = outcomeCell(summary.outcome, bars, summary);
  return cell === NO_OUTCOME ? NO_LATER_BARS : cell;
}

function accuracyTable(
  groups: readonly (AccuracyFigures & { key: string; n?: number; points?: number; runs?: number })[],
): string {
  return formatTextTable(
    groups.map((group) => ({
      group: group.key,
      ...(group.runs === undefined ? {} : { runs: String(group.runs) }),
      n: String(group.n ?? group.points ?? ""),
      scored: String(group.scored),
      hits: String(group.hits),
      accuracy: percent(group.accuracy),
      "95% interval":
        group.ci_low === null || group.ci_high === null ? "–" : `${percent(group.ci_low)} – ${percent(group.ci_high)}`,
    })),
    { alignRight: ["runs", "n", "scored", "hits", "accuracy"] },
  );
}

function filtersOf(options: HistoryOptions) {
  const { asset, timeframe, model, provider, source } = options;
  return Object.fromEntries(
    Object.entries({ asset, timeframe, model, provider, source }).filter(([, value]) => value !== undefined),
  );
}

async function act(action: Action, options: HistoryOptions, pipeline: Pipeline, context: CliContext): Promise<string> {
  const { journal } = pipeline;
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  switch (action) {
    case "list": {
      const page = await journal.list({ ...filtersOf(options), limit: options.limit, cursor: options.cursor });
      if (options.json) return json({ analyses: page.analyses.map(wireAnalysisSummary), next_cursor: page.nextCursor });
      if (page.analyses.length === 0)
        return options.cursor ? "No more analyses.\n" : "No analyses recorded yet (or none match).\n";
      const next = page.nextCursor ? `\nMore: the same command with --cursor ${page.nextCursor}\n` : "";
      return `${listTable(page.analyses)}${next}`;
    }
    case "show": {
      const stored = await journal.get(options.id ?? "");
      if (!stored)
        throw new JournalError({ reason: "not_found", message: `No analysis with id ${options.id} in the journal.` });
      if (options.json) return json(stored);
      return describeStored(stored);
    }
    case "stats": {
      const stats = await journal.stats({
        ...filtersOf(options),
        groupBy: options.groupBy,
        horizon: (options.horizon ?? 3) as 1 | 3,
        ...(options.split ? { split: options.split } : {}),
      });
      if (options.json) return json(wireJournalStats(stats));
      const demo = demoLeftOutLine(stats.demoLeftOut);
      if (stats.groups.length === 0)
        return stats.demoLeftOut > 0
          ? `No model's analysis to count yet (or none matches).\n${demo}`
          : "Nothing recorded yet (or nothing matches).\n";
      const heading = `Directional accuracy ${stats.horizon} bar${stats.horizon === 1 ? "" : "s"} after each analysis, per ${stats.groupBy}`;
      // Whether each group's stated confidence tells right calls from wrong ones, and how stable its samples were.
      const quality = stats.groups.flatMap((group) => describeDecisionQuality(group.key, group));
      const words = quality.length > 0 ? `\n${quality.join("\n")}\n` : "";
      if (!options.split) return `${heading}:\n${accuracyTable(stats.groups)}${words}${demo}`;
      // One row per group and side: before the graph model's training cutoff, after it, or unsplit (no known cutoff).
      return `${heading}, before and after each graph model's training cutoff (unsplit: no known cutoff):\n${accuracyTable(splitRows(stats.groups))}${demo}`;
    }
    case "score": {
      const counts = await journal.scoreOutcomes({
        signal: context.signal,
        reflect: options.reflect,
        reflectLimit: options.reflectLimit,
      });
      if (options.json) return json(wireScoreCounts(counts));
      const lessons = counts.lessons
        ? `Lessons written ${counts.lessons.written}${counts.lessons.failed > 0 ? `; ${counts.lessons.failed} reflections gave no usable lesson (tried again next time)` : ""}.\n`
        : "";
      return `Scored ${counts.scored}; still pending ${counts.pending}; could not fetch bars for ${counts.failed}; your own data (scored by its own later bars) ${counts.callerData}.\n${lessons}`;
    }
    case "leaderboard": {
      const board = await journal.leaderboard({
        groupBy: options.groupBy,
        horizon: options.horizon ?? 3,
        flatMoves: options.flatMoves,
      });
      if (options.json) return json(wireLeaderboard(board));
      if (board.groups.length === 0)
        return "No evaluation runs with a model recorded yet (quantagent evaluate records them).\n";
      return `Evaluation runs, accuracy ${board.horizon} bar${board.horizon === 1 ? "" : "s"} ahead per ${board.groupBy} (flat moves ${board.flatMoves}):\n${accuracyTable(board.groups)}`;
    }
    case "runs":
      return describeRunList(options, context);
    case "forward": {
      const replay =
        options.replay === undefined
          ? undefined
          : await readCsvFile(path.resolve(context.cwd, options.replay), {
              order: "ascending",
              signal: context.signal,
            });
      return describeForwardRecords(pipeline, { id: options.id, replay, json: options.json, signal: context.signal });
    }
    case "delete": {
      if (!(await journal.delete(options.id ?? "")))
        throw new JournalError({ reason: "not_found", message: `No analysis with id ${options.id} in the journal.` });
      return options.json ? json({ success: true, id: options.id }) : `Deleted ${options.id}.\n`;
    }
    default: {
      const exhaustive: never = action;
      return exhaustive;
    }
  }
}

/**
 * The runs, or one of them: the journal's finished evaluations and backtests, and the runs queued for workers (with
 * PostgreSQL, DATABASE_URL), from the one database.
 */
async function describeRunList(options: HistoryOptions, context: CliContext): Promise<string> {
  const databaseUrl = context.env.DATABASE_URL?.trim() || undefined;
  const database = createDatabaseHandle({ dataDir: path.resolve(context.cwd, options.dataDir), databaseUrl });
  try {
    // The journal's own close() must not close the database the queued runs are read from too.
    const journal = createJournal({ ...(await database.open()), close: async () => undefined });
    const postgres = database.engine === "postgres";
    return await describeRuns(
      { journal, queuedRuns: queuedRunsReader(database) },
      { id: options.id, limit: options.limit, cursor: options.cursor, json: options.json, postgres },
    );
  } finally {
    await database.close();
  }
}

/** One stored analysis (the HTTP answer's shape) as lines a person reads. */
function describeStored(stored: Record<string, unknown>): string {
  const field = <T>(name: string) => stored[name] as T | undefined;
  const lines = [`Analysis ${String(stored.id)}, recorded ${String(stored.created_at)}`];
  if (field<boolean>("success") === false) {
    lines.push(`Failed (${String(field("code"))}): ${String(field("error"))}`);
    return `${lines.join("\n")}\n`;
  }
  const decision = field<{
    decision: string;
    risk_reward_ratio: number;
    forecast_horizon: string;
    justification: string;
  }>("final_decision");
  const window = field<{ start: string; end: string }>("window");
  const models = field<{ agent: { model: string }; graph: { model: string } }>("models");
  if (field("demo") === true) lines.push(`Demo: ${DEMO_LABEL}`);
  lines.push(
    `${String(field("asset_name") ?? field("asset"))} · ${String(field("timeframe"))} · ${String(field("data_length"))} bars${window ? ` · ${window.start} to ${window.end}` : ""}`,
    `Models: agent ${models?.agent.model ?? "?"}, graph ${models?.graph.model ?? "?"} · prompts v${String(field("prompt_version") ?? "?")}`,
  );
  if (decision) {
    lines.push(
      `Decision: ${decision.decision} · risk/reward ${decision.risk_reward_ratio.toFixed(2)} · ${decision.forecast_horizon}`,
      `  ${decision.justification}`,
    );
  }
  const outcome = field<AnalysisOutcome | null>("outcome") ?? null;
  lines.push(`Outcome: k=1 ${outcomeCell(outcome, 1)}, k=3 ${outcomeCell(outcome, 3)}`);
  lines.push(...storedStageLines(stored));
  for (const [title, name] of [
    ["Indicator report", "technical_indicators"],
    ["Pattern report", "pattern_analysis"],
    ["Trend report", "trend_analysis"],
  ] as const) {
    const report = field<string>(name);
    if (report) lines.push("", `## ${title}`, report.trimEnd());
  }
  return `${lines.join("\n")}\n`;
}

/** The optional stages of a stored analysis: which ran, the risk levels, the lesson; nothing for the four agents alone. */
function storedStageLines(stored: Record<string, unknown>): string[] {
  const stages = stored.stages as Stages | undefined;
  const lines = stages && describeStages(stages) !== "none" ? [`Stages: ${describeStages(stages)}`] : [];
  const risk = stored.risk as
    { stop_loss: number | null; take_profit: number | null; size: number | null; reason?: string } | undefined;
  if (risk)
    lines.push(
      risk.stop_loss === null
        ? `Risk: no levels (${risk.reason ?? "?"})`
        : `Risk: stop-loss ${risk.stop_loss}, take-profit ${risk.take_profit}, size ${risk.size}`,
    );
  const lesson = stored.lesson as { text: string } | null | undefined;
  if (lesson) lines.push(`Lesson: ${lesson.text}`);
  const debate = (stored.debate as { side: string; round: number; text: string }[] | undefined) ?? [];
  for (const turn of debate)
    lines.push("", `## ${turn.side === "bull" ? "Bull" : "Bear"} researcher, round ${turn.round}`, turn.text.trimEnd());
  return lines;
}

async function run(context: CliContext): Promise<number> {
  const options = readOptions(context);
  if (options === "help") {
    context.stdout.write(HELP);
    return EXIT_CODES.ok;
  }
  if (options.action === "runs") {
    context.stdout.write(await describeRunList(options, context));
    return EXIT_CODES.ok;
  }
  const pipeline = createPipeline({ data_dir: path.resolve(context.cwd, options.dataDir) }, { env: context.env });
  try {
    context.stdout.write(await act(options.action, options, pipeline, context));
    return EXIT_CODES.ok;
  } finally {
    await pipeline.close();
  }
}

export const historyCommand: Command = {
  name: "history",
  summary: "list, score and compare recorded analyses (the analysis journal)",
  help: HELP,
  run,
};

/** The demo analyses the filters select, which accuracy never counts: said, so a demo-only journal is not "empty". */
function demoLeftOutLine(count: number): string {
  if (count === 0) return "";
  return `${count} demo ${count === 1 ? "analysis" : "analyses"} (${DEMO_LABEL}) left out: accuracy counts a model's decisions only.\n`;
}
