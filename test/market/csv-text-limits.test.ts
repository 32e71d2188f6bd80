// The CSV splitter's cost: linear in the text whatever its line ends (bare "\r", "\r\n", "\n"), shown by the ratio of
// the times of two sizes, never by a time bound; blank lines count toward maxLines, each kind of line end alike; no
// line or quoted record longer than MAX_CSV_LINE_CHARACTERS is read; csvRecords offers pauses however the text is
// made, so an async reader can let other work run.
import { performance } from "node:perf_hooks";

import { describe, expect, it } from "vitest";

import { CsvParseError } from "../../src/market/csv-error";
import { csvRecords, MAX_CSV_LINE_CHARACTERS, splitCsvRecords } from "../../src/market/csv-text";

/** The fastest of a few runs: the least disturbed by whatever else the machine is doing. */
function fastestMs(work: () => void, runs = 5): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

function refusal(text: string, options: { maxLines?: number } = {}): string {
  try {
    splitCsvRecords(text, { name: "prices.csv", ...options });
  } catch (error) {
    if (error instanceof CsvParseError) return error.message;
    throw error;
  }
  throw new Error("expected a CsvParseError");
}

describe("splitting time is linear in the text, whatever the line ends", () => {
  // Quadratic splitting (each line searching the rest of the text for the other kind of line end) took 2 s at 200k
  // bare "\r" and minutes at 4M: doubling the size then quadruples the time.
  it.each([
    ["bare \\r", "\r"],
    ["blank \\n", "\n"],
    ["\\r\\n", "\r\n"],
    ["rows ended by bare \\r", "1,2\r"],
  ])("%s: 200k lines are split, and 4M lines take less than 3 times as long as 2M", (_name, line) => {
    const blank = line.trim() === "";
    expect(splitCsvRecords(line.repeat(200_000))).toHaveLength(blank ? 0 : 200_000);
    // Small sizes first: quadratic splitting fails here in seconds, instead of blocking for hours on the large ones
    // (a test's timeout cannot stop a synchronous loop).
    for (const lines of [200_000, 2_000_000]) {
      const single = line.repeat(lines);
      const double = line.repeat(2 * lines);
      const ratio = fastestMs(() => splitCsvRecords(double)) / fastestMs(() => splitCsvRecords(single));
      expect(ratio, `${2 * lines} lines against ${lines}`).toBeLessThan(3);
    }
  });

  it("5M blank \\n lines: 5M take less than 3 times as long as 2.5M", () => {
    const half = "\n".repeat(2_500_000);
    const whole = "\n".repeat(5_000_000);
    expect(fastestMs(() => splitCsvRecords(whole)) / fastestMs(() => splitCsvRecords(half))).toBeLessThan(3);
  });

  it("a text with one \\r far at the end and \\n everywhere else, and the mirror: still linear", () => {
    const text = (lines: number, ending: string, other: string) => `${ending.repeat(lines)}x${other}y`;
    for (const [ending, other] of [
      ["a\n", "\r"],
      ["a\r", "\n"],
    ] as const) {
      expect(splitCsvRecords(text(1_000, ending, other)).at(-1)).toEqual({ line: 1_002, fields: ["y"] });
      for (const lines of [100_000, 1_000_000]) {
        const ratio =
          fastestMs(() => splitCsvRecords(text(2 * lines, ending, other))) /
          fastestMs(() => splitCsvRecords(text(lines, ending, other)));
        expect(ratio, `${JSON.stringify(ending)}: ${2 * lines} lines against ${lines}`).toBeLessThan(3);
      }
    }
  });
});

describe("maxLines: blank lines count", () => {
  it.each([
    ["\\n", "\n"],
    ["\\r\\n", "\r\n"],
    ["bare \\r", "\r"],
  ])("lines ended by %s: exactly maxLines are read, one more line (even blank) is refused", (_name, end) => {
    const rows = (count: number) => Array.from({ length: count }, (_, index) => `${index},x`).join(end);
    expect(splitCsvRecords(rows(5), { maxLines: 5 })).toHaveLength(5);
    expect(splitCsvRecords(`${rows(5)}${end}`, { maxLines: 5 })).toHaveLength(5);
    expect(refusal(`${rows(5)}${end}${end}`, { maxLines: 5 })).toBe(
      "prices.csv: has more than 5 lines (blank lines count too): cut it to the bars you need",
    );
    // Blank lines before any row count as much as rows.
    expect(refusal(`${end.repeat(5)}${rows(1)}`, { maxLines: 5 })).toMatch(/has more than 5 lines/);
    // Five million of them are refused at the limit, not walked.
    expect(refusal(end.repeat(5_000_000), { maxLines: 100 })).toMatch(/has more than 100 lines/);
  });

  it("a quoted field's line breaks count as lines too", () => {
    expect(splitCsvRecords('"a\nb\nc",d\ne', { maxLines: 4 })).toHaveLength(2);
    expect(refusal('"a\nb\nc",d\ne\nf', { maxLines: 4 })).toMatch(/has more than 4 lines/);
  });
});

describe("the longest line", () => {
  it("reads a line of MAX_CSV_LINE_CHARACTERS, and refuses one character more, first line or last", () => {
    const longest = "x".repeat(MAX_CSV_LINE_CHARACTERS);
    expect(splitCsvRecords(`${longest}\nb`)).toHaveLength(2);
    expect(splitCsvRecords(`a\n${longest}`)).toHaveLength(2);
    const message = `is longer than ${MAX_CSV_LINE_CHARACTERS} characters`;
    expect(refusal(`${longest}x\nb`)).toBe(`prices.csv, line 1: ${message}: a row of bars is a few hundred at most`);
    expect(refusal(`a\n${longest}x`)).toMatch(new RegExp(`^prices\\.csv, line 2: ${message}`));
  });

  it("holds a quoted record to the same length, however many lines its quotes span", () => {
    const inside = "y\n".repeat(MAX_CSV_LINE_CHARACTERS / 2);
    expect(refusal(`a\n"${inside}",b`)).toMatch(/^prices\.csv, line 2: is longer than/);
    expect(splitCsvRecords(`a\n"${"y".repeat(MAX_CSV_LINE_CHARACTERS - 10)}",b`)).toHaveLength(2);
  });
});

describe("csvRecords offers pauses", () => {
  const pauses = (text: string) => [...csvRecords(text)].filter((item) => item === undefined).length;

  it("every thousand lines, blank or not, and every 64 KB of long lines", () => {
    expect(pauses("a\n".repeat(10_000))).toBeGreaterThanOrEqual(9);
    expect(pauses("\r".repeat(10_000))).toBeGreaterThanOrEqual(9);
    expect(pauses(`${"z".repeat(5_000)}\n`.repeat(200))).toBeGreaterThanOrEqual(14);
    expect(pauses("a\nb\n")).toBe(0);
  });
});
