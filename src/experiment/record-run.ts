// An experiment run recorded whole in the journal (one run with its points, not one entry per analysis), so runs of
// different models, stages or settings compare side by side without rerunning anything. A journal that cannot record
// leaves the run's figures whole and says why, with any secret the failure quoted removed.
import { describeError } from "../common/describe-error";
import { QuantAgentError } from "../common/quantagent-error";
import { createSecretRedactor } from "../common/secret-redactor";
import type { Env } from "../config/api-keys";
import type { Config } from "../config/config-schema";
import type { EvaluationRunInput } from "../journal/evaluation-run-input";
import type { Journal } from "../journal/journal";
import { openJournal } from "../journal/open-journal";
import type { Pipeline } from "../pipeline/pipeline";
import { databaseUrlOf, passwordOf } from "../pipeline/pipeline-journal";

export type RunTarget = { pipeline: Pipeline } | { config: Config; env: Env };

export interface RecordedRun {
  journalRunId?: string;
  journalError?: { code: string; message: string };
}

/**
 * The run's journal id, or why it could not be recorded: in the caller's pipeline's journal when the experiment was
 * given one, else in the journal the config names.
 */
export async function recordRun(input: EvaluationRunInput, target: RunTarget): Promise<RecordedRun> {
  const databaseUrl = "pipeline" in target ? undefined : databaseUrlOf(target.config, target.env);
  try {
    if ("pipeline" in target) return { journalRunId: (await target.pipeline.journal.recordEvaluationRun(input)).id };
    const journal = await openJournal({ dataDir: target.config.data_dir, databaseUrl });
    try {
      return { journalRunId: (await journal.recordEvaluationRun(input)).id };
    } finally {
      await journal.close();
    }
  } catch (error) {
    const secrets = () => ("pipeline" in target ? target.pipeline.secretValues() : [passwordOf(databaseUrl)]);
    return {
      journalError: {
        code: QuantAgentError.isInstance(error) ? error.code : "internal",
        message: createSecretRedactor(secrets).redact(
          `The run was not recorded in the journal: ${describeError(error)}`,
        ),
      },
    };
  }
}

/**
 * What `read` finds in the journal the run will be recorded in (the caller's pipeline's, else the config's);
 * undefined when that journal cannot be read, so that a figure it informs falls back rather than failing the run.
 */
export async function readRunJournal<Found>(
  target: RunTarget,
  read: (journal: Omit<Journal, "scoreOutcomes" | "watchlist">) => Promise<Found>,
): Promise<Found | undefined> {
  try {
    if ("pipeline" in target) return await read(target.pipeline.journal);
    const journal = await openJournal({
      dataDir: target.config.data_dir,
      databaseUrl: databaseUrlOf(target.config, target.env),
    });
    try {
      return await read(journal);
    } finally {
      await journal.close();
    }
  } catch {
    return undefined;
  }
}
