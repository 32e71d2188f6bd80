// A finished queued run goes into the journal once, whoever asks for its report and however often: the first report
// claims the run's record (queued_runs.reported_at), records it, and keeps the journal's id beside the run; a later
// report answers that id. A report that fails to record gives its claim back, so the next one tries again.
import type { DatabaseHandle } from "../journal/database-handle";
import { createJournal, type Journal } from "../journal/journal";
import { claimReport, markRecorded, readQueuedRun, releaseReport } from "./queued-runs";

/** The journal id of the queued run's finished run: recorded now by `record`, or the one recorded before. */
export async function recordRunOnce(
  database: DatabaseHandle,
  runId: string,
  record: (journal: Journal) => Promise<{ id: string }>,
): Promise<{ journalRunId?: string }> {
  const opened = await database.open();
  if (!(await claimReport(opened.db, runId, new Date()))) {
    const earlier = await readQueuedRun(opened.db, runId);
    return earlier?.journalRunId ? { journalRunId: earlier.journalRunId } : {};
  }
  try {
    const recorded = await record(createJournal({ ...opened, close: async () => undefined }));
    await markRecorded(opened.db, runId, recorded.id);
    return { journalRunId: recorded.id };
  } catch (error) {
    await releaseReport(opened.db, runId).catch(() => undefined);
    throw error;
  }
}
