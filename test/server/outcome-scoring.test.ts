// The server's scoring timer: rounds on the interval, never two at once, failures logged and retried next round,
// and stop() aborting the round in flight; with SCORE_OUTCOMES_REFLECT, lessons asked for only while a key is set.
import { describe, expect, it } from "vitest";

import { createLogger } from "../../server/logger";
import { reflectingRounds, startOutcomeScoring } from "../../server/outcome-scoring";
import type { ScoreOutcomesCounts } from "../../src/journal/index";

const counts = (scored: number): ScoreOutcomesCounts => ({ scored, pending: 0, failed: 0, callerData: 0 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function logLines() {
  const lines: string[] = [];
  return { lines, logger: createLogger({ level: "info", write: (line) => lines.push(line) }) };
}

describe("scoring outcomes on a timer", () => {
  it("runs a round every interval, never two at once, and logs what it scored", async () => {
    const { lines, logger } = logLines();
    let running = 0;
    let mostAtOnce = 0;
    let rounds = 0;
    const scoring = startOutcomeScoring({
      everyMs: 10,
      logger,
      scoreOutcomes: async () => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        await sleep(35); // longer than the interval: the timer must not start another round meanwhile
        running--;
        rounds++;
        return counts(rounds === 1 ? 2 : 0);
      },
    });
    await sleep(200);
    await scoring.stop();
    expect(rounds).toBeGreaterThanOrEqual(2);
    expect(mostAtOnce).toBe(1);
    expect(lines.filter((line) => line.includes("outcomes scored"))).toHaveLength(1); // rounds that scored nothing are debug
    expect(lines.find((line) => line.includes("outcomes scored"))).toContain('"scored":2');
  });

  it("logs a failed round and tries again on the next one", async () => {
    const { lines, logger } = logLines();
    let calls = 0;
    const scoring = startOutcomeScoring({
      everyMs: 10,
      logger,
      scoreOutcomes: async () => {
        calls++;
        if (calls === 1) throw new Error("Network Error: Unable to connect to query2.finance.yahoo.com");
        return counts(1);
      },
    });
    await sleep(80);
    await scoring.stop();
    expect(lines.some((line) => line.includes("scoring outcomes failed") && line.includes("Unable to connect"))).toBe(
      true,
    );
    expect(lines.some((line) => line.includes("outcomes scored"))).toBe(true);
  });

  it("stop() aborts the round in flight and waits for it", async () => {
    const { lines, logger } = logLines();
    let seen: AbortSignal | undefined;
    const scoring = startOutcomeScoring({
      everyMs: 60_000,
      logger,
      scoreOutcomes: ({ signal }) => {
        seen = signal;
        return new Promise((_resolve, reject) =>
          signal.addEventListener("abort", () => reject(signal.reason as Error)),
        );
      },
    });
    const round = scoring.runOnce();
    await scoring.stop();
    await round;
    expect(seen?.aborted).toBe(true);
    expect(lines.filter((line) => line.includes("failed"))).toEqual([]); // a shutdown is not a failure
  });
});

describe("rounds with reflection", () => {
  it("ask for lessons only when reflection is on and a model can write them; scoring goes on either way", async () => {
    const asked: (boolean | undefined)[] = [];
    const score = async (options: { reflect?: boolean }) => {
      asked.push(options.reflect);
      return counts(0);
    };
    let keySet = false;
    const round = reflectingRounds(score, { reflect: true, canReflect: () => keySet });
    const signal = new AbortController().signal;
    await round({ signal });
    keySet = true;
    await round({ signal });
    await reflectingRounds(score, { reflect: false, canReflect: () => true })({ signal });
    expect(asked).toEqual([false, true, false]);
  });
});
