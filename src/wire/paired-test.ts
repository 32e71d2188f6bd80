// The exact McNemar test of two lines' (or two runs') hits on the decisions both scored, as the evaluation's and the
// backtest's JSON write it (src/scoring/paired-test.ts computes it).
import { z } from "zod";

import type { PairedTest } from "../scoring/paired-test";

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

export function wirePairedCounts(test: PairedTest): z.infer<z.ZodObject<typeof wirePairedCountsShape>> {
  return {
    n: test.n,
    a_hits: test.aHits,
    b_hits: test.bHits,
    a_only: test.aOnly,
    b_only: test.bOnly,
    p_value: test.pValue,
  };
}

export function wirePairedTest<A extends string, B extends string>(test: PairedTest & { a: A; b: B }) {
  return { a: test.a, b: test.b, ...wirePairedCounts(test) };
}
