// An experiment run recorded whole in the journal (one run with its points, not one entry per analysis), so runs of
// different models, stages or settings compare side by side without rerunning anything. A journal that cannot record
// leaves the run's figures whole and says why, with any secret the failure quoted removed.
import { describeError } from "../common/describe-error";
import { QuantAgentError } from "../common/quantagent-error";
import { createSecretRedactor } from "../common/secret-redactor";
import type { Env } from "../config/api-keys";
import type { Config } from "../config/config-schema";
import type { EvaluationRunInput } from "../journal/evaluation-run-input";
import { openJournal } from "../journal/open-journal";
import type { Pipeline } from "../pipeline/pipeline";
import { databaseUrlOf, passwordOf } from "../pipeline/pipeline-journal";

export interface RecordedRun {
  journalRunId?: string;
  journalError?: { code: string; message: string };
}

/**
 * The run's journal id, or why it could not be recorded: in the caller's pipeline's journal when the experiment was
 * given one, else in the journal the config names.
 */
export async function recordRun(
  input: EvaluationRunInput,
  target: { pipeline: Pipeline } | { config: Config; env: Env },
): Promise<RecordedRun> {
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
