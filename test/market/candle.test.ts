// The candle list schema: at most `max` candles, reported by the first bad one. Both directions of the length check,
// and the work a bad or too-long list causes, counted (not timed): how many issues come back, how many candles are
// looked at.
import { describe, expect, it } from "vitest";

import { candleListSchema } from "../../src/market/candle";

const good = (index: number) => ({ time: index * 60_000, open: 10, high: 12, low: 9, close: 11, volume: 1 });
const bad = (index: number) => ({ ...good(index), high: 1 });

/** A candle whose fields count how often they are read. */
function counted(reads: { count: number }, index: number) {
  const candle = good(index);
  return new Proxy(candle, {
    get(target, property, receiver) {
      reads.count += 1;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

describe("candleListSchema", () => {
  const schema = candleListSchema(100, "at most 100 candles");

  it("accepts exactly the maximum and refuses one more", () => {
    expect(schema.safeParse(Array.from({ length: 100 }, (_, index) => good(index))).success).toBe(true);
    const tooMany = schema.safeParse(Array.from({ length: 101 }, (_, index) => good(index)));
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues.map((issue) => issue.message)).toEqual(["at most 100 candles"]);
  });

  it("reports a list of bad candles by its first bad candle only, at its index", () => {
    const list = [good(0), good(1), bad(2), ...Array.from({ length: 97 }, (_, index) => bad(index + 3))];
    const parsed = schema.safeParse(list);
    expect(parsed.success).toBe(false);
    const paths = new Set(parsed.error?.issues.map((issue) => issue.path.join(".")));
    expect([...paths]).toEqual(["2"]);
  });

  it("looks at no candle of a list that is too long", () => {
    const reads = { count: 0 };
    const list = Array.from({ length: 101 }, (_, index) => counted(reads, index));
    expect(schema.safeParse(list).success).toBe(false);
    expect(reads.count).toBe(0);
  });

  it("keeps the candles' own rules: a good list comes back as it was", () => {
    const list = Array.from({ length: 3 }, (_, index) => good(index));
    expect(schema.parse(list)).toEqual(list);
    expect(schema.safeParse("not a list").success).toBe(false);
  });
});
