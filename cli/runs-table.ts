// How `quantagent history runs` shows runs: the evaluations, backtests and probes the journal recorded (finished) and the
// runs queued for workers, in one list newest first as GET /api/runs answers it (src/wire/run-list.ts), a page at a
// time; or one run in a few lines; or the HTTP API's JSON with --json. A run made with the demo provider says so.
import { DEMO_LABEL } from "../src/config/providers";
import { type EvaluationRunSummary, JournalError } from "../src/journal/index";
import { pendingPoints, type RunProgress } from "../src/queue/index";
import { listRuns, type RunSources, wireFinishedRun, wireQueuedRun } from "../src/wire/index";
import { formatTextTable } from "./text-table";

export interface RunsTableOptions {
  /** One run instead of the list. */
  id?: string;
  limit: number;
  cursor?: string;
  json: boolean;
  /** False with the SQLite journal, where nothing is ever queued: said when the list is empty. */
  postgres: boolean;
}

export interface RunsTableSources extends RunSources {
  journal: RunSources["journal"] & { getEvaluationRun(id: string): Promise<EvaluationRunSummary | null> };
}

/** A queued run's state in words, as the page says it. */
export function runState(
  run: Pick<RunProgress, "kind" | "running" | "waiting" | "points" | "failed" | "reportedAt">,
): string {
  if (pendingPoints(run) > 0) return "in progress";
  if (run.points > 0 && run.failed === run.points) return "every point failed";
  if (run.reportedAt) return "done, report written";
  return `done: write its report with quantagent ${run.kind === "backtest" ? "backtest" : "evaluate"} --report`;
}

/** What a finished run is, in one line: its kind, its model (and whether it is the demo's), its series or assets. */
export function finishedRunLabel(run: Pick<EvaluationRunSummary, "kind" | "models" | "settings" | "demo">): string {
  const model = run.models ? run.models.graph.model : "baselines only";
  const series = (run.settings.series as { name?: unknown } | undefined)?.name;
  const assets = run.settings.assets;
  const shapes = run.settings.shapes;
  const over =
    typeof series === "string"
      ? ` on ${series}`
      : Array.isArray(assets)
        ? ` on ${assets.join(", ")}`
        : Array.isArray(shapes)
          ? ` on ${shapes.length} shape${shapes.length === 1 ? "" : "s"} × ${String(run.settings.per_shape)}`
          : "";
  return `${run.kind}: ${model}${run.demo ? ` (${DEMO_LABEL})` : ""}${over}`;
}

function describeQueued(run: RunProgress): string {
  return [
    `Run ${run.id} (${run.kind}), queued ${run.createdAt}`,
    `  ${run.label}`,
    `  ${run.done + run.failed} of ${run.points} points finished: ${run.done} done, ${run.failed} failed; ` +
      `${run.running} running, ${run.waiting} waiting`,
    `  ${runState(run)}${run.journalRunId ? ` (journal run ${run.journalRunId})` : ""}`,
  ].join("\n");
}

/** What a finished run's points are, in words. */
function pointsOf(kind: EvaluationRunSummary["kind"]): string {
  switch (kind) {
    case "evaluation":
      return "decision points";
    case "backtest":
      return "decisions";
    case "probe":
      return "planted series";
    default: {
      const exhaustive: never = kind;
      return exhaustive;
    }
  }
}

function describeFinished(run: EvaluationRunSummary): string {
  return [
    `Run ${run.id} (${run.kind}), recorded ${run.createdAt}`,
    `  ${finishedRunLabel(run)}`,
    `  ${run.pointCount} ${pointsOf(run.kind)}, ${run.timeframe}`,
    ...(run.demo ? [`  Demo: ${DEMO_LABEL}; never counted in accuracy figures`] : []),
  ].join("\n");
}

export async function describeRuns(sources: RunsTableSources, options: RunsTableOptions): Promise<string> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  if (options.id !== undefined) {
    const finished = await sources.journal.getEvaluationRun(options.id);
    if (finished) return options.json ? json(wireFinishedRun(finished)) : `${describeFinished(finished)}\n`;
    const queued = await sources.queuedRuns?.get(options.id);
    if (!queued) throw new JournalError({ reason: "run_not_found", message: `No run ${options.id} in the journal.` });
    return options.json ? json(wireQueuedRun(queued)) : `${describeQueued(queued)}\n`;
  }
  const page = await listRuns(sources, { limit: Math.min(options.limit, 100), cursor: options.cursor });
  if (options.json) return json(page);
  if (page.runs.length === 0) {
    if (options.cursor) return "No more runs.\n";
    return options.postgres
      ? "No runs yet (quantagent evaluate, backtest and probe record them; evaluate --queue or backtest --queue queues one).\n"
      : "No runs recorded yet (quantagent evaluate, backtest and probe record them); queued runs need PostgreSQL (DATABASE_URL).\n";
  }
  const table = formatTextTable(
    page.runs.map((run) =>
      run.state === "queued"
        ? {
            created: run.created_at.slice(0, 16).replace("T", " "),
            id: run.id,
            run: run.label,
            finished: `${run.done + run.failed}/${run.point_count}`,
            failed: String(run.failed),
            running: String(run.running),
            waiting: String(run.waiting),
            state: runState({ ...run, points: run.point_count, reportedAt: run.reported_at }),
          }
        : {
            created: run.created_at.slice(0, 16).replace("T", " "),
            id: run.id,
            run: finishedRunLabel(run),
            finished: `${run.point_count}/${run.point_count}`,
            failed: "–",
            running: "0",
            waiting: "0",
            state: "recorded",
          },
    ),
    { alignRight: ["finished", "failed", "running", "waiting"] },
  );
  const next = page.next_cursor ? `\nMore: the same command with --cursor ${page.next_cursor}\n` : "";
  return `${table}${next}`;
}
