import { describe, expect, it } from "vitest";

import { formatZodError } from "../../src/common/format-zod-error";
import { quoteInput, quoteList } from "../../src/common/quote-input";
import { providerIdSchema } from "../../src/config/providers";
import { parseCsv } from "../../src/market/csv-source";
import { validateDateRange } from "../../src/market/date-range";

describe("quoteInput", () => {
  it("quotes short strings and cuts long ones", () => {
    expect(quoteInput("1h")).toBe('"1h"');
    expect(quoteInput("x".repeat(100))).toBe(`"${"x".repeat(40)}..."`);
  });

  it("names other types without dumping them", () => {
    expect(quoteInput(3)).toBe("3");
    expect(quoteInput(null)).toBe("null");
    expect(quoteInput(undefined)).toBe("nothing");
    expect(quoteInput({ a: "x".repeat(1000) })).toBe("an object");
    expect(quoteInput([1, 2])).toBe("a list");
    expect(quoteInput(new Date(Number.NaN))).toBe("Invalid Date");
  });

  it("shortens lists", () => {
    expect(quoteList(["a", "b"])).toBe("a, b");
    expect(quoteList(Array.from({ length: 12 }, (_, index) => `c${index}`))).toBe(
      "c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, ... (12 in all)",
    );
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
    expect(() => parseCsv(`${huge},Open\n1,2`)).toThrow(/missing columns/);
    try {
      parseCsv(`${huge},Open\n1,2`);
    } catch (error) {
      expect((error as Error).message.length).toBeLessThan(300);
    }
  });

  it("in provider names", () => {
    const parsed = providerIdSchema.safeParse(huge);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(formatZodError(parsed.error).length).toBeLessThan(200);
  });
});
