// Queues a run: its row, one row per point and one pg-boss job per point, in one transaction, so a run is queued
// whole or not at all. The jobs carry only {runId, pointId}; what to analyse is in the point's row, written once.
// Each job's singleton key (run and point) keeps the queue from holding two live jobs for one point.
import type { z } from "zod";

import { InputError } from "../common/input-error";
import type { DatabaseHandle } from "../journal/database-handle";
import { newJournalId } from "../journal/journal-id";
import type { AnyJobKind } from "./job-kind";
import { openJobQueue, POINT_QUEUE, type PointJobData } from "./job-queue";
import { needsPostgres } from "./queue-error";
import { type JobSettingsInput, jobSettingsSchema } from "./queue-settings";
import { insertQueuedRun } from "./queued-runs";

export interface EnqueueRunOptions {
  /** The journal's database: PostgreSQL. */
  database: DatabaseHandle;
  /** The same URL, for pg-boss (the handle shows it only without its password). */
  databaseUrl: string;
  kind: AnyJobKind;
  spec: unknown;
  points: readonly { id: string; input: unknown }[];
  jobs?: JobSettingsInput;
  now?: () => Date;
}

export interface QueuedRun {
  id: string;
  createdAt: string;
  pointCount: number;
}

export async function enqueueRun(options: EnqueueRunOptions): Promise<QueuedRun> {
  if (options.database.engine !== "postgres") throw needsPostgres("A queued run");
  const settings = jobSettingsSchema.parse(options.jobs ?? {});
  // What is stored is what workers will read: checked now, against the kind's own schemas.
  const spec = checked(options.kind.specSchema, options.spec, `Invalid ${options.kind.name} run`);
  const points = options.points.map((point) => ({
    id: point.id,
    input: checked(options.kind.inputSchema, point.input, `Invalid point ${point.id}`),
  }));
  const now = (options.now ?? (() => new Date()))();
  const run = {
    id: newJournalId(now.getTime()),
    kind: options.kind.name,
    createdAt: now.toISOString(),
    label: options.kind.describe(spec),
    spec,
    points,
  };
  const { db } = await options.database.open();
  const queue = await openJobQueue({ databaseUrl: options.databaseUrl });
  try {
    await db.transaction().execute(async (transaction) => {
      await insertQueuedRun(transaction, run);
      await queue.boss.insert(
        points.map((point) => ({
          name: POINT_QUEUE,
          data: { runId: run.id, pointId: point.id } satisfies PointJobData,
          singletonKey: `${run.id}/${point.id}`,
          expireInSeconds: settings.jobTimeoutSeconds,
          retryLimit: settings.retryLimit,
          retryDelay: settings.retryDelaySeconds,
          retryBackoff: true,
        })),
        { db: queue.inTransaction(transaction) },
      );
    });
  } finally {
    await queue.stop();
  }
  return { id: run.id, createdAt: run.createdAt, pointCount: points.length };
}

function checked(schema: z.ZodType, value: unknown, subject: string): unknown {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw InputError.fromZod(parsed.error, subject);
  return parsed.data;
}
