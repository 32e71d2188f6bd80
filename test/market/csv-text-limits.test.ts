// The CSV splitter's cost: linear in the text whatever its line ends (bare "\r", "\r\n", "\n"), shown by the ratio of
// the times of two sizes eight times apart (25k and 200k lines, up to 100k and 800k), never by a time bound; blank
// lines count toward maxLines, each kind of line end alike; no line or quoted record longer than
// MAX_CSV_LINE_CHARACTERS is read; csvRecords offers pauses however the text is made, so an async reader can let other
// work run.
import { performance } from "node:perf_hooks";

import { describe, expect, it } from "vitest";

import { CsvParseError } from "../../src/market/csv-error";
import { csvRecords, MAX_CSV_LINE_CHARACTERS, splitCsvRecords } from "../../src/market/csv-text";

// Sizes eight times apart: linear time takes about 8 times as long, quadratic 64 times. Quadratic splitting (each line
// searching the rest of the text for the other kind of line end) measured 42 to 56 times at 25k and 50k lines with a
// load of 10 on two cores, linear splitting 5 to 12 times: 25 leaves room on both sides. Eight times apart, rather
// than four, lets sizes of thousands of lines tell the two apart (at four, quadratic splitting of 25k lines came out
// at 10 times, linear splitting at 5), so the tests take seconds, not a minute of millions of lines.
const SIZE_FACTOR = 8;
const LINEAR_BOUND = 25;

/**
 * How many times longer `large` takes than `small`, each timed by its fastest of a few turns, taken in turns so that
 * whatever else the machine is doing weighs on both alike. `small` runs SIZE_FACTOR times in a row in each of its
 * turns (its time is their mean), so that both timings last about as long: a busy machine's scheduler takes the CPU
 * away for tens of milliseconds at a time, which a single run of a few milliseconds escapes and a run of a hundred
 * does not, and that alone made linear splitting look 25 to 30 times slower at 8 times the size.
 */
function timeRatio(small: () => void, large: () => void, runs = 7): number {
  let fastestSmall = Number.POSITIVE_INFINITY;
  let fastestLarge = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run += 1) {
    let started = performance.now();
    for (let repeat = 0; repeat < SIZE_FACTOR; repeat += 1) small();
    fastestSmall = Math.min(fastestSmall, (performance.now() - started) / SIZE_FACTOR);
    started = performance.now();
    large();
    fastestLarge = Math.min(fastestLarge, performance.now() - started);
  }
  return fastestLarge / fastestSmall;
}

/**
 * Splits the text, keeping no record: the splitter's own work, without the garbage collector's cost of holding
 * millions of records, which grows faster than their number once they outlive the young generation.
 */
function splitOnly(text: string): number {
  let records = 0;
  for (const record of csvRecords(text)) if (record) records += 1;
  return records;
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
  // Quadratic splitting took 2 s at 200k bare "\r" and minutes at 4M: doubling the size quadruples the time.
  it.each([
    ["bare \\r", "\r"],
    ["blank \\n", "\n"],
    ["\\r\\n", "\r\n"],
    ["rows ended by bare \\r", "1,2\r"],
  ])(
    "%s: 200k lines are split, and 200k and 400k lines take less than 25 times as long as 25k and 50k (8 times the lines)",
    (_name, line) => {
      const blank = line.trim() === "";
      expect(splitCsvRecords(line.repeat(200_000))).toHaveLength(blank ? 0 : 200_000);
      // Smaller sizes first: quadratic splitting fails on them in seconds, before the larger ones (a test's timeout
      // cannot stop a synchronous loop).
      for (const lines of [25_000, 50_000]) {
        const single = line.repeat(lines);
        const eightfold = line.repeat(SIZE_FACTOR * lines);
        const ratio = timeRatio(
          () => splitOnly(single),
          () => splitOnly(eightfold),
        );
        expect(ratio, `${SIZE_FACTOR * lines} lines against ${lines}`).toBeLessThan(LINEAR_BOUND);
      }
    },
  );

  it("800k blank \\n lines take less than 25 times as long as 100k", () => {
    const eighth = "\n".repeat(100_000);
    const whole = "\n".repeat(SIZE_FACTOR * 100_000);
    expect(
      timeRatio(
        () => splitOnly(eighth),
        () => splitOnly(whole),
      ),
    ).toBeLessThan(LINEAR_BOUND);
  });

  it("a text with one \\r far at the end and \\n everywhere else, and the mirror: still linear", () => {
    const text = (lines: number, ending: string, other: string) => `${ending.repeat(lines)}x${other}y`;
    for (const [ending, other] of [
      ["a\n", "\r"],
      ["a\r", "\n"],
    ] as const) {
      expect(splitCsvRecords(text(1_000, ending, other)).at(-1)).toEqual({ line: 1_002, fields: ["y"] });
      for (const lines of [25_000, 50_000]) {
        const single = text(lines, ending, other);
        const eightfold = text(SIZE_FACTOR * lines, ending, other);
        const ratio = timeRatio(
          () => splitOnly(single),
          () => splitOnly(eightfold),
        );
        expect(ratio, `${JSON.stringify(ending)}: ${SIZE_FACTOR * lines} lines against ${lines}`).toBeLessThan(
          LINEAR_BOUND,
        );
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
