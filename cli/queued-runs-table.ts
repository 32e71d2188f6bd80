// How `quantagent history runs` shows runs queued for workers: a table (newest first, a page at a time) or one run's
// progress in a few lines, or the HTTP API's JSON with --json. The counts come from the shared database, so every
// machine on it prints the same.
import { wireQueuedRun } from "../server/run-wire";
import { pendingPoints, type QueuedRunsReader, QueueError, type RunProgress } from "../src/queue/index";
import { formatTextTable } from "./text-table";

export interface QueuedRunsTableOptions {
  /** One run instead of the list. */
  id?: string;
  limit: number;
  cursor?: string;
  json: boolean;
  /** False with the SQLite journal, where nothing is ever queued: said instead of an empty list. */
  postgres: boolean;
}

/** The run's state in words, as the page says it. */
export function runState(run: RunProgress): string {
  if (pendingPoints(run) > 0) return "in progress";
  if (run.points > 0 && run.failed === run.points) return "every point failed";
  if (run.reportedAt) return "done, report written";
  return `done: write its report with quantagent ${run.kind === "backtest" ? "backtest" : "evaluate"} --report`;
}

function describeOne(run: RunProgress): string {
  return [
    `Run ${run.id} (${run.kind}), queued ${run.createdAt}`,
    `  ${run.label}`,
    `  ${run.done + run.failed} of ${run.points} points finished: ${run.done} done, ${run.failed} failed; ` +
      `${run.running} running, ${run.waiting} waiting`,
    `  ${runState(run)}${run.journalRunId ? ` (journal run ${run.journalRunId})` : ""}`,
  ].join("\n");
}

export async function describeQueuedRuns(reader: QueuedRunsReader, options: QueuedRunsTableOptions): Promise<string> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  if (options.id !== undefined) {
    const run = await reader.get(options.id);
    if (!run)
      throw new QueueError({ reason: "run_not_found", message: `No queued run ${options.id} in the database.` });
    return options.json ? json(wireQueuedRun(run)) : `${describeOne(run)}\n`;
  }
  const page = await reader.list({ limit: Math.min(options.limit, 200), cursor: options.cursor });
  if (options.json) return json({ runs: page.runs.map(wireQueuedRun), next_cursor: page.nextCursor });
  if (page.runs.length === 0) {
    if (options.cursor) return "No more runs.\n";
    return options.postgres
      ? "No runs queued yet (quantagent evaluate --queue or backtest --queue queues one).\n"
      : "No runs queued: queued runs need PostgreSQL (DATABASE_URL), where workers on any machine find them.\n";
  }
  const table = formatTextTable(
    page.runs.map((run) => ({
      queued: run.createdAt.slice(0, 16).replace("T", " "),
      id: run.id,
      run: run.label,
      finished: `${run.done + run.failed}/${run.points}`,
      failed: String(run.failed),
      running: String(run.running),
      waiting: String(run.waiting),
      state: runState(run),
    })),
    { alignRight: ["finished", "failed", "running", "waiting"] },
  );
  const next = page.nextCursor ? `\nMore: the same command with --cursor ${page.nextCursor}\n` : "";
  return `${table}${next}`;
}
