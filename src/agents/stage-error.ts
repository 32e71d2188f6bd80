// Errors of the optional stages. A stage whose model answer cannot be used after one repair fails with StageError,
// which names the stage (and the turn, for the debate) and keeps both raw answers, as the Decision agent's error
// does. (A stage asked for where it cannot run, memory without a journal, is a ConfigError: memoryWithoutJournal
// in config-schema.ts.)
import { QuantAgentError } from "../common/quantagent-error";
import type { StageName } from "../config/stages-schema";
import { truncate } from "./agent-errors";

export class StageError extends QuantAgentError {
  override name = "StageError";
  readonly stage: StageName;
  readonly problem: string;
  readonly rawText: string;
  readonly firstRawText: string;

  constructor(options: {
    stage: StageName;
    /** The step that failed ("bull-2", "reflection"), when the stage has several. */
    step: string;
    model: string;
    problem: string;
    rawText: string;
    firstRawText: string;
  }) {
    super({
      code: "stage_failed",
      kind: "provider",
      message:
        `Stage Error: the ${options.stage} stage (${options.step}) got no usable answer from ${options.model} after one ` +
        `repair attempt (${options.problem}). Try again, choose another model, or run without the ${options.stage} stage. ` +
        `Raw answer: ${truncate(options.rawText, 500)}`,
      details: { stage: options.stage, step: options.step, model: options.model },
    });
    this.stage = options.stage;
    this.problem = options.problem;
    this.rawText = options.rawText;
    this.firstRawText = options.firstRawText;
  }
}
