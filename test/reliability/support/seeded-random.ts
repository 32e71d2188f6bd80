// Seeded choices for fuzz tests, on the library's mulberry32: the same seed replays the same requests, so
// a failure found once can be reproduced by running again with that seed (FUZZ_SEED=<seed>).
import { mulberry32 } from "../../../src/scoring/seeded-random";

export interface SeededRandom {
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  integer(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: `weighted([[3, "a"], [1, "b"]])` answers "a" three times as often as "b". */
  weighted<T>(choices: readonly (readonly [number, T])[]): T;
  shuffle<T>(items: readonly T[]): T[];
}

export function createSeededRandom(seed: number): SeededRandom {
  const next = mulberry32(seed);
  const integer = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    seed,
    next,
    integer,
    chance: (probability) => next() < probability,
    pick: (items) => items[integer(0, items.length - 1)]!,
    weighted: (choices) => {
      const total = choices.reduce((sum, [weight]) => sum + weight, 0);
      let point = next() * total;
      for (const [weight, value] of choices) {
        point -= weight;
        if (point < 0) return value;
      }
      return choices[choices.length - 1]![1];
    },
    shuffle: (items) => {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index--) {
        const other = integer(0, index);
        [copy[index], copy[other]] = [copy[other]!, copy[index]!];
      }
      return copy;
    },
  };
}

/** The seed from FUZZ_SEED when set (to replay a failure), else a fresh one. */
export function fuzzSeed(): number {
  const given = process.env.FUZZ_SEED;
  if (given !== undefined && given.trim() !== "") {
    const seed = Number(given);
    if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, got ${JSON.stringify(given)}`);
    return seed >>> 0;
  }
  return Math.floor(Math.random() * 4_294_967_296);
}
