// WAL checkpoints of the embedded journal, moved off the caller's path. A checkpoint copies the write-ahead log into
// the database file and syncs it: about 10 ms for the 4 MiB that twenty analyses with their charts fill. Left to
// SQLite, it runs inside whichever commit crosses the limit, so one record in twenty would wait for it. Here a
// commit only notes that the log has grown; the checkpoint runs right after, once the caller has its answer.
// SQLite's own automatic checkpoint stays on at a much larger size, as the backstop for a process that never
// yields to timers.
import { statSync } from "node:fs";
import { sql, type Kysely } from "kysely";
import type { JournalDatabase } from "./database-schema";

/** Log size that triggers a checkpoint: SQLite's own default (1000 pages of 4 KiB). */
export const CHECKPOINT_BYTES = 4 * 1024 * 1024;
/** SQLite's automatic checkpoint, in pages: the backstop, ten times the size above. */
export const BACKSTOP_CHECKPOINT_PAGES = 10_000;

export interface CheckpointScheduler {
  /** Call after a write has committed. */
  afterWrite(): void;
  stop(): void;
}

export function createCheckpointScheduler(db: Kysely<JournalDatabase>, walFile: string): CheckpointScheduler {
  let pending: NodeJS.Timeout | undefined;
  let stopped = false;
  const checkpoint = async () => {
    pending = undefined;
    if (stopped) return;
    let size = 0;
    try {
      size = statSync(walFile).size;
    } catch {
      return; // no log: nothing to copy
    }
    if (size < CHECKPOINT_BYTES) return;
    // PASSIVE never waits for readers or writers; what it cannot copy now, the next one will. Through Kysely, so it
    // waits for a transaction of this process on the same connection to finish.
    await sql`pragma wal_checkpoint(PASSIVE)`.execute(db).catch(() => undefined);
  };
  return {
    afterWrite() {
      if (pending || stopped) return;
      pending = setTimeout(() => void checkpoint(), 0);
      pending.unref(); // a pending checkpoint never keeps a process alive; closing the journal checkpoints anyway
    },
    stop() {
      stopped = true;
      clearTimeout(pending);
    },
  };
}
