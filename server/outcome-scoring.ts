// Scoring pending outcomes on a timer (SCORE_OUTCOMES_EVERY_MINUTES): one round at a time, never overlapping; a
// round that fails is logged and the next one tries again. stop() aborts a round in flight (its market-data
// fetches), so shutdown does not wait on the network. With SCORE_OUTCOMES_REFLECT=on a round also writes the memory
// stage's lessons, but only while the graph model has a key: without one the round still scores (reflectingRounds).
import type { ScoreOutcomesCounts } from "../src/journal/index";
import type { Logger } from "./logger";

type ScoreRound = (options: { signal: AbortSignal; reflect?: boolean }) => Promise<ScoreOutcomesCounts>;

/**
 * The rounds' scoring: with reflection on, each round asks for the lessons too when `canReflect()` says a model is
 * there to write them (a key is set); otherwise it scores alone, so a server waiting for its key still scores.
 */
export function reflectingRounds(
  scoreOutcomes: ScoreRound,
  options: { reflect: boolean; canReflect: () => boolean },
): OutcomeScoringOptions["scoreOutcomes"] {
  return ({ signal }) => scoreOutcomes({ signal, reflect: options.reflect && options.canReflect() });
}

export interface OutcomeScoringOptions {
  scoreOutcomes: (options: { signal: AbortSignal }) => Promise<ScoreOutcomesCounts>;
  everyMs: number;
  logger: Logger;
}

export interface OutcomeScoring {
  /** Runs one round now (or joins the one running); the timer's rounds go through here too. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

export function startOutcomeScoring(options: OutcomeScoringOptions): OutcomeScoring {
  const controller = new AbortController();
  let running: Promise<void> | undefined;

  const round = async () => {
    try {
      const counts = await options.scoreOutcomes({ signal: controller.signal });
      if (counts.scored > 0 || counts.failed > 0) options.logger.info("outcomes scored", { ...counts });
      else options.logger.debug("outcomes scored", { ...counts });
    } catch (error) {
      if (!controller.signal.aborted)
        options.logger.warn("scoring outcomes failed; the next round will try again", { error });
    }
  };
  const runOnce = () => {
    running ??= round().finally(() => (running = undefined));
    return running;
  };
  const timer = setInterval(() => void runOnce(), options.everyMs);
  timer.unref();

  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      controller.abort(new Error("the server is shutting down"));
      await running;
    },
  };
}
