import { describe, expect, it } from "vitest";
import { z } from "zod";

import { formatZodError, MAX_ISSUES_NAMED } from "../../src/common/format-zod-error";
import { isEchoable, NOT_SHOWN, quoteInput, quoteList } from "../../src/common/quote-input";
import { providerIdSchema } from "../../src/config/providers";
import { parseCsv } from "../../src/market/csv-source";
import { validateDateRange } from "../../src/market/date-range";

describe("quoteInput", () => {
  it("repeats a short plain name whole, and any other text not at all (never a part of it)", () => {
    expect(quoteInput("1h")).toBe('"1h"');
    expect(quoteInput("")).toBe('""');
    expect(quoteInput("A-z_0.9~")).toBe('"A-z_0.9~"');
    expect(quoteInput("x".repeat(40))).toBe(`"${"x".repeat(40)}"`);
    // One character past the length, or one character outside letters, digits and _ . - ~: not shown at all.
    expect(quoteInput("x".repeat(41))).toBe(NOT_SHOWN);
    for (const other of [" ", "/", ":", "^", "=", '"', "é", "+"]) expect(quoteInput(`ab${other}cd`)).toBe(NOT_SHOWN);
    expect(isEchoable("x".repeat(40))).toBe(true);
    expect(isEchoable("x".repeat(41))).toBe(false);
  });

  it("names other types without dumping them", () => {
    expect(quoteInput(3)).toBe("3");
    expect(quoteInput(null)).toBe("null");
    expect(quoteInput(undefined)).toBe("nothing");
    expect(quoteInput({ a: "x".repeat(1000) })).toBe("an object");
    expect(quoteInput([1, 2])).toBe("a list");
    expect(quoteInput(new Date(Number.NaN))).toBe("Invalid Date");
  });

  it("shortens lists, and counts the names it does not show", () => {
    expect(quoteList(["a", "b"])).toBe("a, b");
    expect(quoteList(Array.from({ length: 12 }, (_, index) => `c${index}`))).toBe(
      "c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 and 2 not shown",
    );
    expect(quoteList(["Open", "Adj Close", "x".repeat(41)])).toBe("Open and 2 not shown");
    expect(quoteList(["a b"])).toBe("1 not shown");
  });
});

describe("errors that echo input stay short", () => {
  const huge = "y".repeat(1_000_000);

  it("in date ranges", () => {
    const answer = validateDateRange({ timeframe: huge, start: huge, end: huge });
    expect(answer.ok).toBe(false);
    expect(JSON.stringify(answer).length).toBeLessThan(300);
  });

  it("in CSV headers and cells", () => {
    // The longest header a CSV line may be (10 000 characters), and one far longer, refused for its length.
    const longest = "y".repeat(9_990);
    for (const [text, reason] of [
      [`${longest},Open\n1,2`, /missing columns/],
      [`${huge},Open\n1,2`, /is longer than 10000 characters/],
    ] as const) {
      expect(() => parseCsv(text)).toThrow(reason);
      try {
        parseCsv(text);
      } catch (error) {
        expect((error as Error).message.length).toBeLessThan(300);
      }
    }
  });

  it("in zod errors: a few problems named, the rest counted, field names by the echo rule", () => {
    const schema = z.strictObject({ list: z.array(z.number()) });
    const parsed = schema.safeParse({ list: Array.from({ length: 1000 }, () => "x"), "odd name": 1, plain: 2 });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const message = formatZodError(parsed.error);
    expect(message.split("; ")).toHaveLength(MAX_ISSUES_NAMED + 1);
    expect(message).toMatch(/; and 996 more problems$/);
    const unknown = formatZodError(schema.safeParse({ list: [], "odd name": 1, plain: 2 }).error as z.ZodError);
    expect(unknown).toBe("unknown fields: plain and 1 not shown");
  });

  it("in provider names", () => {
    const parsed = providerIdSchema.safeParse(huge);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(formatZodError(parsed.error).length).toBeLessThan(200);
  });
});
