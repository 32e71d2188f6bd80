// The exact McNemar test of two lines' (or two runs') hits on the decisions both scored, as the evaluation's and the
// backtest's JSON write it (src/scoring/paired-test.ts computes it).
import { z } from "zod";

/** What the test counted and found, whatever the two sides are. */
export const wirePairedCountsShape = {
  n: z.number(),
  a_hits: z.number(),
  b_hits: z.number(),
  a_only: z.number(),
  b_only: z.number(),
  p_value: z.number(),
};

/** Two sides by name, and the test between them. */
export const wirePairedTestSchema = z.object({ a: z.string(), b: z.string(), ...wirePairedCountsShape });
