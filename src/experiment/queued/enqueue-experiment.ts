// Queues an experiment for workers (`quantagent evaluate --queue`, `backtest --queue`): what every queued run is
// refused for before anything is read (no PostgreSQL; a baselines-only run, which asks no model, so there is nothing
// for workers to do), then the run with one job per point in the PostgreSQL queue (src/queue/enqueue-run.ts). Nothing
// is spent here: the workers ask the providers, with their own keys. What else an experiment cannot queue is its own
// to refuse, before it calls `enqueueExperiment`.
import { InputError } from "../../common/input-error";
import type { Env } from "../../config/api-keys";
import type { Config } from "../../config/config-schema";
import { createDatabaseHandle } from "../../journal/database-handle";
import { databaseUrlOf } from "../../pipeline/pipeline-journal";
import { enqueueRun, type QueuedRun } from "../../queue/enqueue-run";
import type { AnyJobKind } from "../../queue/job-kind";
import { needsPostgres } from "../../queue/queue-error";
import type { JobSettingsInput } from "../../queue/queue-settings";

/** The PostgreSQL URL a queued `what` ("evaluation", "backtest") goes to, or the reason it cannot be queued. */
export function queueDatabaseUrl(what: string, input: { config: Config; env: Env; includeModel: boolean }): string {
  const databaseUrl = databaseUrlOf(input.config, input.env);
  if (!databaseUrl) throw needsPostgres(`A queued ${what}`);
  if (!input.includeModel)
    throw new InputError({
      message: `A baselines-only ${what} asks no model, so there is nothing to queue: run it without --queue.`,
    });
  return databaseUrl;
}

export async function enqueueExperiment(input: {
  config: Config;
  databaseUrl: string;
  kind: AnyJobKind;
  spec: unknown;
  points: readonly { id: string; input: unknown }[];
  jobs?: JobSettingsInput;
}): Promise<QueuedRun> {
  const database = createDatabaseHandle({ dataDir: input.config.data_dir, databaseUrl: input.databaseUrl });
  try {
    return await enqueueRun({ ...input, database });
  } finally {
    await database.close();
  }
}
