// Splitting CSV text into records, checked on the records themselves (fields and the line each starts on): every
// kind of line end alone and mixed, a BOM, blank lines, RFC 4180 quoting (doubled quotes, line breaks inside quotes
// of each kind, spaces around a quoted field), the two refusals, and the stop one record past maxRecords.
import { describe, expect, it } from "vitest";

import { CsvParseError } from "../../src/market/csv-error";
import { splitCsvRecords } from "../../src/market/csv-text";

const split = (text: string) => splitCsvRecords(text).map((record) => [record.line, ...record.fields]);

function refusal(text: string): string {
  try {
    splitCsvRecords(text, { name: "prices.csv" });
  } catch (error) {
    if (error instanceof CsvParseError) return error.message;
    throw error;
  }
  throw new Error("expected a CsvParseError");
}

describe("splitCsvRecords", () => {
  it("ends lines at LF, CRLF and a lone CR, alone or mixed, with or without a final line end", () => {
    const expected = [
      [1, "a", "b"],
      [2, "c", "d"],
      [3, "e", "f"],
    ];
    for (const text of ["a,b\nc,d\ne,f", "a,b\r\nc,d\r\ne,f\r\n", "a,b\rc,d\re,f\r", "a,b\r\nc,d\re,f\n"])
      expect(split(text), JSON.stringify(text)).toEqual(expected);
    // A CR far from the start, after lines ended by LF only.
    expect(split("a\nb\nc\nd\re\r\nf")).toEqual([
      [1, "a"],
      [2, "b"],
      [3, "c"],
      [4, "d"],
      [5, "e"],
      [6, "f"],
    ]);
    // CR-ended lines followed by LF-ended ones.
    expect(split("a\rb\rc\nd\ne")).toEqual([
      [1, "a"],
      [2, "b"],
      [3, "c"],
      [4, "d"],
      [5, "e"],
    ]);
  });

  it("drops a byte order mark, only at the very start", () => {
    expect(split("\ufeffDatetime,Open\n1,2")).toEqual([
      [1, "Datetime", "Open"],
      [2, "1", "2"],
    ]);
    expect(split("a\n\ufeffb")).toEqual([
      [1, "a"],
      [2, "\ufeffb"],
    ]);
  });

  it("skips blank and whitespace-only lines but counts them, and keeps a line of empty fields", () => {
    expect(split("a\n\n   \r\n\t\nb\n,\n")).toEqual([
      [1, "a"],
      [5, "b"],
      [6, "", ""],
    ]);
  });

  it("reads quoted fields: commas, doubled quotes, spaces around the quotes", () => {
    expect(split('"a,b","c""d",e\nx')).toEqual([
      [1, "a,b", 'c"d', "e"],
      [2, "x"],
    ]);
    expect(split('  "a b"  ,c,""')).toEqual([[1, "a b", "c", ""]]);
    // A quote inside an unquoted field is a character like any other.
    expect(split('ab"c,d')).toEqual([[1, 'ab"c', "d"]]);
    // A quoted last record with no line end after it.
    expect(split('a\n"b",c')).toEqual([
      [1, "a"],
      [2, "b", "c"],
    ]);
  });

  it("keeps line breaks inside quotes in the field, and counts them for the records after", () => {
    expect(split('"x\ny",z\nnext')).toEqual([
      [1, "x\ny", "z"],
      [3, "next"],
    ]);
    expect(split('"x\r\ny",z\r\nnext')).toEqual([
      [1, "x\r\ny", "z"],
      [3, "next"],
    ]);
    expect(split('"x\ry",z\rnext')).toEqual([
      [1, "x\ry", "z"],
      [3, "next"],
    ]);
    expect(split('"x\n\ny"\r\n"a",b\nlast')).toEqual([
      [1, "x\n\ny"],
      [4, "a", "b"],
      [5, "last"],
    ]);
  });

  it("refuses a character after a closing quote and a quote never closed, naming the line", () => {
    expect(refusal('a\n"b"c,d')).toBe("prices.csv, line 2: has a character after a closing quote");
    expect(refusal('a\n"x\ny"z')).toBe("prices.csv, line 3: has a character after a closing quote");
    expect(refusal('a\nb,"never\nclosed')).toBe("prices.csv, line 2: a quoted field is never closed");
  });

  it("stops one record past maxRecords, without reading on", () => {
    const records = splitCsvRecords('a\nb\nc\nd\n"never closed', { maxRecords: 2 });
    expect(records.map((record) => record.fields[0])).toEqual(["a", "b", "c"]);
  });
});
