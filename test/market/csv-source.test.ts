import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CsvParseError } from "../../src/market/csv-error";
import { parseCsv, parseCsvAsync, readCsvFile } from "../../src/market/csv-source";
import { splitCsvRecords } from "../../src/market/csv-text";

const T0 = Date.UTC(2023, 7, 23, 0);
const T1 = Date.UTC(2023, 7, 23, 4);

function parseError(text: string, options: Parameters<typeof parseCsv>[1] = {}): CsvParseError {
  try {
    parseCsv(text, options);
  } catch (error) {
    if (error instanceof CsvParseError) return error;
    throw error;
  }
  throw new Error("expected a CsvParseError");
}

describe("parseCsv: columns", () => {
  it("reads the benchmark column order, naive times as UTC labels", () => {
    const text =
      "Datetime,Close,High,Low,Open,Volume\n2023-08-23 00:00:00,26057.13,26183.91,25976.72,26006.32,5066.45045\n2023-08-23 04:00:00,25939.49,26096.0,25902.62,26057.12,3695.73713\n";
    expect(parseCsv(text)).toEqual([
      { time: T0, open: 26006.32, high: 26183.91, low: 25976.72, close: 26057.13, volume: 5066.45045 },
      { time: T1, open: 26057.12, high: 26096, low: 25902.62, close: 25939.49, volume: 3695.73713 },
    ]);
  });

  it.each([
    ["Datetime,Open,High,Low,Close,Volume", "2023-08-23 00:00:00,10,12,9,11,5"],
    ["volume,close,low,high,open,datetime", "5,11,9,12,10,2023-08-23 00:00:00"],
    [" DATETIME , Open ,HIGH,low,Close,Volume", "2023-08-23 00:00:00,10,12,9,11,5"],
    ["Datetime,Open,High,Low,Close,Adj Close,Volume", "2023-08-23 00:00:00,10,12,9,11,10.5,5"],
    ['"Datetime","Open","High","Low","Close","Volume"', '"2023-08-23 00:00:00","10","12","9","11","5"'],
  ])("finds columns by name in any order and case: %s", (header, row) => {
    expect(parseCsv(`${header}\n${row}\n`)).toEqual([{ time: T0, open: 10, high: 12, low: 9, close: 11, volume: 5 }]);
  });

  it("accepts Date for daily data and a missing Volume column as 0", () => {
    expect(parseCsv("Date,Open,High,Low,Close\n2024-01-02,10,12,9,11\n")).toEqual([
      { time: Date.UTC(2024, 0, 2), open: 10, high: 12, low: 9, close: 11, volume: 0 },
    ]);
  });

  it("reads an empty volume cell as 0", () => {
    expect(parseCsv("Date,Open,High,Low,Close,Volume\n2024-01-02,10,12,9,11,\n")[0]!.volume).toBe(0);
  });

  it("converts times with an offset to true UTC", () => {
    const candle = parseCsv("Datetime,Open,High,Low,Close\n2024-01-02 09:30:00-05:00,10,12,9,11\n")[0]!;
    expect(candle.time).toBe(Date.UTC(2024, 0, 2, 14, 30));
  });

  it("understands yfinance's three-line header", () => {
    const text =
      "Price,Close,High,Low,Open,Volume\nTicker,SPY,SPY,SPY,SPY,SPY\nDatetime,,,,,\n2023-08-23 00:00:00,11,12,9,10,5\n";
    expect(parseCsv(text)).toEqual([{ time: T0, open: 10, high: 12, low: 9, close: 11, volume: 5 }]);
    // Errors name the time column by the label the file gives it on its third line, not "Price".
    expect(() => parseCsv(text.replace("2023-08-23 00:00:00", "yesterday"))).toThrow(/column "Datetime"/);
  });
});

describe("parseCsv: text shape", () => {
  it("handles CRLF, a BOM, blank lines and no final newline", () => {
    const text =
      "\uFEFFDatetime,Open,High,Low,Close,Volume\r\n2023-08-23 04:00:00,10,12,9,11,5\r\n\r\n2023-08-23 00:00:00,10,12,9,11,5\r\n\r\n   \r\n";
    expect(parseCsv(text).map((candle) => candle.time)).toEqual([T0, T1]);
    expect(parseCsv("Date,Open,High,Low,Close\n2024-01-02,10,12,9,11")).toHaveLength(1);
  });

  it("handles quoted fields with commas, quotes and line breaks, keeping line numbers right", () => {
    const text =
      'Datetime,Note,Open,High,Low,Close\n2023-08-23 00:00:00,"a, ""quoted""\nnote",10,12,9,11\n2023-08-23 04:00:00,x,10,12,9,abc\n';
    const error = parseError(text);
    expect(error.line).toBe(4);
    expect(error.message).toBe('CSV, line 4, column "Close": "abc" is not a number');
  });

  it("sorts rows by time", () => {
    const text =
      "Datetime,Open,High,Low,Close\n2023-08-23 08:00:00,10,12,9,11\n2023-08-23 00:00:00,10,12,9,11\n2023-08-23 04:00:00,10,12,9,11\n";
    expect(parseCsv(text).map((candle) => (candle.time - T0) / 3_600_000)).toEqual([0, 4, 8]);
  });
});

describe("parseCsv: errors name the line and column", () => {
  it.each([
    [
      "Open,High,Low,Close\n10,12,9,11\n",
      "prices.csv, line 1: missing column Datetime (or Date) (found: Open, High, Low, Close)",
    ],
    [
      "Datetime,Open,Low\n2023-08-23 00:00:00,1,1\n",
      "prices.csv, line 1: missing columns high, close (found: Datetime, Open, Low)",
    ],
    // A spreadsheet's export with another separator: the one column is not shown, what went wrong is said.
    [
      "Datetime;Open;High;Low;Close\n2023-08-23 00:00:00;1;1;1;1\n",
      "prices.csv, line 1: missing columns Datetime (or Date), open, high, low, close (found: 1 not shown); the header reads as one column: its columns seem separated by semicolons, and a CSV file's by commas",
    ],
    [
      "Datetime\tOpen\tHigh\tLow\tClose\n",
      "prices.csv, line 1: missing columns Datetime (or Date), open, high, low, close (found: 1 not shown); the header reads as one column: its columns seem separated by tabs, and a CSV file's by commas",
    ],
    // A semicolon inside one of several columns: the header does not read as one column, so no separator is blamed.
    [
      "Datetime;Open,High,Low,Close\n2023-08-23 00:00:00;1,1,1,1\n",
      "prices.csv, line 1: missing columns Datetime (or Date), open (found: High, Low, Close and 1 not shown)",
    ],
    ["Prices\n1\n", "prices.csv, line 1: missing columns Datetime (or Date), open, high, low, close (found: Prices)"],
    ["Datetime,Date,Open,High,Low,Close\n", 'prices.csv, line 1: the header has both "Datetime" and "Date": keep one'],
    ["Datetime,Open,Open,High,Low,Close\n", 'prices.csv, line 1: the header names column "open" twice'],
    ["Datetime,Open,High,Low,Close\n", "prices.csv: has a header but no data rows"],
    ["\n\n", "prices.csv: is empty: expected a header line and data rows"],
    [
      "Datetime,Open,High,Low,Close\n2023-08-23 00:00:00,10,12,9,11\nyesterday,10,12,9,11\n",
      'prices.csv, line 3, column "Datetime": "yesterday" is not a date (expected e.g. 2023-08-23 04:00:00)',
    ],
    [
      "Datetime,Open,High,Low,Close\n2023-02-30 00:00:00,10,12,9,11\n",
      'prices.csv, line 2, column "Datetime": the cell is not a date (expected e.g. 2023-08-23 04:00:00)',
    ],
    [
      "Datetime,Open,High,Low,Close\n2023-08-23 00:00:00,10,1.2.3,9,11\n",
      'prices.csv, line 2, column "High": "1.2.3" is not a number',
    ],
    [
      "Datetime,Open,High,Low,Close\n2023-08-23 00:00:00,10,12,,11\n",
      'prices.csv, line 2, column "Low": "" is not a number',
    ],
    [
      "Datetime,Open,High,Low,Close,Volume\n2023-08-23 00:00:00,10,12,9,11,NaN\n",
      'prices.csv, line 2, column "Volume": "NaN" is not a number',
    ],
    [
      "Datetime,Open,High,Low,Close\n2023-08-23 00:00:00,10,12,9\n",
      "prices.csv, line 2: has 4 fields, the header has 5",
    ],
    [
      "Datetime,Open,High,Low,Close\n2023-08-23 00:00:00,10,12,9,11\n2023-08-23 00:00:00,10,12,9,11\n",
      'prices.csv, line 3, column "Datetime": time 2023-08-23T00:00:00.000Z repeats line 2',
    ],
    [
      "Datetime,Open,High,Low,Close\n2023-08-23 00:00:00,10,8,9,11\n",
      "prices.csv, line 2: invalid bar: high is below open, close or low",
    ],
    [
      "Datetime,Open,High,Low,Close\n2023-08-23 00:00:00,-10,12,9,11\n",
      'prices.csv, line 2, column "Open": open must be greater than 0',
    ],
    [
      "Datetime,Open,High,Low,Close,Volume\n2023-08-23 00:00:00,10,12,9,11,-5\n",
      'prices.csv, line 2, column "Volume": volume must not be negative',
    ],
    [
      "Datetime,Open,High,Low,Close\n2023-08-23 00:00:00,10,12,11.5,11\n",
      "prices.csv, line 2: invalid bar: low is above open, close or high",
    ],
    [
      'Datetime,Open,High,Low,Close\n2023-08-23 00:00:00,"10,12,9,11\n',
      "prices.csv, line 2: a quoted field is never closed",
    ],
    [
      'Datetime,Open,High,Low,Close\n2023-08-23 00:00:00,"10"x,12,9,11\n',
      "prices.csv, line 2: has a character after a closing quote",
    ],
  ])("%j", (text, message) => {
    expect(parseError(text, { name: "prices.csv" }).message).toBe(message);
  });

  it("refuses text over the size limit before parsing", () => {
    const error = parseError("Datetime,Open,High,Low,Close\n" + "2023-08-23 00:00:00,10,12,9,11\n".repeat(10), {
      maxBytes: 100,
    });
    expect(error.message).toMatch(/^CSV: is \d+ bytes, more than the limit of 100 bytes$/);
  });

  it("holds the data rows to maxRows: exactly the limit is read, one more row is refused", () => {
    const rows = (count: number) =>
      Array.from({ length: count }, (_, index) => `${new Date(T0 + index * 3_600_000).toISOString()},10,12,9,11`);
    const csv = (count: number) => ["Datetime,Open,High,Low,Close", ...rows(count)].join("\n");
    expect(parseCsv(csv(50), { maxRows: 50 })).toHaveLength(50);
    expect(parseError(csv(51), { maxRows: 50 }).message).toBe(
      "CSV: has more than 50 data rows: cut it to the bars you need",
    );
    // yfinance's three header lines do not count as rows.
    const yfinance = ["Price,Close,High,Low,Open", "Ticker,X,X,X,X", "Datetime,,,,", ...rows(50)].join("\n");
    expect(parseCsv(yfinance, { maxRows: 50 })).toHaveLength(50);
  });

  it("with maxRows, holds the text to twice as many lines and the header's, blank lines counted", () => {
    const rows = Array.from(
      { length: 50 },
      (_, index) => `${new Date(T0 + index * 3_600_000).toISOString()},10,12,9,11`,
    );
    const text = (blankLines: number) =>
      ["Datetime,Open,High,Low,Close", ...rows, ...Array(blankLines).fill("")].join("\n");
    // 1 header line + 50 rows + 52 blank lines (the last one a space) = 103 = 2 * 50 + 3.
    expect(parseCsv(`${text(52)} `, { maxRows: 50 })).toHaveLength(50);
    expect(parseError(`${text(53)} `, { maxRows: 50 }).message).toBe(
      "CSV: has more than 103 lines (blank lines count too): cut it to the bars you need",
    );
  });

  it("stops splitting a text of millions of lines one record past the limit", () => {
    const records = splitCsvRecords("1\n".repeat(1_000_000), { maxRecords: 10 });
    expect(records).toHaveLength(11);
    expect(records.at(-1)?.line).toBe(11);
  });
});

describe("readCsvFile", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "csv-source-"));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("reads a file and names it in errors", async () => {
    const good = path.join(folder, "good.csv");
    await writeFile(good, "Datetime,Open,High,Low,Close\n2023-08-23 00:00:00,10,12,9,11\n");
    expect(await readCsvFile(good)).toHaveLength(1);
    const bad = path.join(folder, "bad.csv");
    await writeFile(bad, "Datetime,Open,High,Low,Close\n2023-08-23 00:00:00,10,12,9,eleven\n");
    await expect(readCsvFile(bad)).rejects.toThrow('bad.csv, line 2, column "Close": "eleven" is not a number');
  });

  it("checks the size limit before reading and reports a missing file plainly", async () => {
    const big = path.join(folder, "big.csv");
    await writeFile(big, "x".repeat(2_000));
    await expect(readCsvFile(big, { maxBytes: 1_000 })).rejects.toThrow(
      "big.csv: is 2000 bytes, more than the limit of 1000 bytes",
    );
    await expect(readCsvFile(path.join(folder, "missing.csv"))).rejects.toThrow(
      /^missing\.csv: cannot be read \(ENOENT/,
    );
  });
});

describe("parseCsv: edges", () => {
  const header = "Datetime,Open,High,Low,Close,Volume";
  const row = (hour: number, cells = "10,12,9,11,5") =>
    `${new Date(T0 + hour * 3_600_000).toISOString().replace("T", " ").slice(0, 19)},${cells}`;

  it("accepts a text of exactly the size limit", () => {
    const text = `${header}\n${row(0)}\n`;
    expect(parseCsv(text, { maxBytes: Buffer.byteLength(text) })).toHaveLength(1);
    expect(parseError(text, { maxBytes: Buffer.byteLength(text) - 1 }).message).toMatch(/more than the limit/);
  });

  it("with maxRows, stops reading one row past the limit: a broken line further on is never reached", () => {
    // Header lines are allowed for on top (three, for yfinance's header): reading stops at the sixth record.
    const text = [header, row(0), row(1), row(2), row(3), row(4), row(5), '"never closed'].join("\n");
    expect(parseError(text, { maxRows: 2 }).message).toBe(
      "CSV: has more than 2 data rows: cut it to the bars you need",
    );
    expect(parseError(text).message).toBe("CSV, line 8: a quoted field is never closed");
  });

  it('with order "ascending", refuses a row earlier than the one before it, naming both lines', () => {
    const shuffled = [header, row(0), row(2), row(1)].join("\n");
    expect(parseError(shuffled, { order: "ascending", name: "spy.csv" }).message).toBe(
      'spy.csv, line 4, column "Datetime": time 2023-08-23T01:00:00.000Z comes before line 3\'s 2023-08-23T02:00:00.000Z: put the rows in time order',
    );
    expect(parseCsv(shuffled).map((candle) => candle.time)).toEqual([T0, T0 + 3_600_000, T0 + 7_200_000]);
    expect(parseCsv([header, row(0), row(1), row(5)].join("\n"), { order: "ascending" })).toHaveLength(3);
  });

  it("reads numbers with spaces around them, a leading dot and exponents, and refuses malformed ones", () => {
    const [candle] = parseCsv(`${header}\n${row(0, " 10 ,1.2e1, .9e1 ,1.1E+1,5e-1")}`);
    expect(candle).toMatchObject({ open: 10, high: 12, low: 9, close: 11, volume: 0.5 });
    expect(parseCsv(`${header}\n${row(0, "10,12,9,11,2e10")}`)[0]?.volume).toBe(2e10);
    expect(parseCsv(`${header}\n${row(0, ".55,12,.5,11,0")}`)[0]?.open).toBe(0.55);
    for (const bad of ["1e", ".", "1e+", "e5", "+", "1.2.3", ".e1", "1e5.5", "0x10"])
      expect(parseError(`${header}\n${row(0, `${bad},12,9,11,5`)}`).message, bad).toMatch(
        /column "Open": .* is not a number$/,
      );
  });

  it("names a cell it cannot repeat as 'the cell', and shows cells and labels without their spaces", () => {
    expect(parseError(`${header}\n${row(0, "10,12,9,ele ven,5")}`).message).toBe(
      'CSV, line 2, column "Close": the cell is not a number',
    );
    expect(parseError(`Datetime, Open ,High,Low,Close\n2023-08-23 00:00:00, ten ,12,9,11`).message).toBe(
      'CSV, line 2, column "Open": "ten" is not a number',
    );
    expect(parseError(`${header}\n  soon  ,10,12,9,11,5`).message).toBe(
      'CSV, line 2, column "Datetime": "soon" is not a date (expected e.g. 2023-08-23 04:00:00)',
    );
  });

  it("names the column of a negative volume or price, and the bar of a high below its low", () => {
    expect(parseError(`${header}\n${row(0, "10,12,9,11,-5")}`).message).toBe(
      'CSV, line 2, column "Volume": volume must not be negative',
    );
    expect(parseError(`${header}\n${row(0, "10,12,-9,11,5")}`).message).toBe(
      'CSV, line 2, column "Low": low must be greater than 0',
    );
    expect(parseError(`${header}\n${row(0, "10,8,9,11,5")}`).message).toBe(
      "CSV, line 2: invalid bar: high is below open, close or low",
    );
  });

  it("takes the yfinance header only when a Price line is followed by a Ticker line", () => {
    // A Ticker line under an ordinary header is a data row.
    expect(parseError(`${header}\nTicker,X,X,X,X,X\n${row(0)}`).message).toMatch(/^CSV, line 2, column "Datetime"/);
    // A Price column without a Ticker line under it is an ordinary header, missing its time column.
    expect(parseError(`Price,Open,High,Low,Close\n${row(0, "10,12,9,11")}`).message).toMatch(
      /^CSV, line 1: missing column Datetime \(or Date\)/,
    );
    // A Price column in an ordinary header (one that has its Datetime) is just an ignored column.
    expect(parseCsv(`Price,Open,High,Low,Close,Datetime\n1,10,12,9,11,${row(0, "").slice(0, 19)}\n`)).toHaveLength(1);
    // Cut short after one or two of the three lines: refused in words, not a crash.
    expect(parseError("Price,Close,High,Low,Open\n").message).toMatch(/missing column/);
    expect(parseError("Price,Close,High,Low,Open\nTicker,X,X,X,X\n").message).toMatch(/missing column/);
    // The time label of the third line as the file spells it, for messages.
    const yfinance = ["Price,Close,High,Low,Open", "Ticker,X,X,X,X", " Datetime ,,,,", "soon,11,12,9,10"].join("\n");
    expect(parseError(yfinance).message).toBe(
      'CSV, line 4, column "Datetime": "soon" is not a date (expected e.g. 2023-08-23 04:00:00)',
    );
  });

  it("does not join the words of a label: Date Time is not Datetime", () => {
    for (const label of ["Date Time", "Date_Time"])
      expect(parseError(`${label},Open,High,Low,Close\n${row(0, "10,12,9,11")}`).message, label).toMatch(
        /missing column Datetime \(or Date\)/,
      );
  });
});

describe("readCsvFile: edges", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "csv-source-edges-"));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("checks the file's size on disk, before decoding it, and reads a file of exactly the limit", async () => {
    // 2000 bytes that are not UTF-8: decoded, each becomes a three-byte replacement character.
    const binary = path.join(folder, "binary.csv");
    await writeFile(binary, Buffer.alloc(2_000, 0xff));
    await expect(readCsvFile(binary, { maxBytes: 1_000 })).rejects.toThrow(
      /^binary\.csv: is 2000 bytes, more than the limit of 1000 bytes$/,
    );
    const exact = path.join(folder, "exact.csv");
    const text = "Datetime,Open,High,Low,Close\n2023-08-23 00:00:00,10,12,9,11\n";
    await writeFile(exact, text);
    expect(await readCsvFile(exact, { maxBytes: Buffer.byteLength(text) })).toHaveLength(1);
  });

  it("passes a cancellation on as it is, not as an unreadable file", async () => {
    const good = path.join(folder, "good.csv");
    await writeFile(good, "Datetime,Open,High,Low,Close\n2023-08-23 00:00:00,10,12,9,11\n");
    const reason = new Error("stopped by the caller");
    await expect(readCsvFile(good, { signal: AbortSignal.abort(reason) })).rejects.toMatchObject({
      name: "AbortError",
    });
  });
});

describe("parseCsvAsync", () => {
  /** `rows` hourly bars, the benchmark's own column names. */
  const hourly = (rows: number) =>
    [
      "Datetime,Open,High,Low,Close,Volume",
      ...Array.from(
        { length: rows },
        (_, index) => `${new Date(T0 + index * 3_600_000).toISOString()},10,12,9,11,${index}`,
      ),
    ].join("\n");

  it("reads what parseCsv reads, and refuses what it refuses with the same words", async () => {
    const text = hourly(300);
    expect(await parseCsvAsync(text)).toEqual(parseCsv(text));
    const broken = `${text}\n2030-01-01 00:00:00,10,12,9,x,1`;
    await expect(parseCsvAsync(broken, { name: "big.csv" })).rejects.toThrow(
      parseError(broken, { name: "big.csv" }).message,
    );
    await expect(parseCsvAsync(text, { maxRows: 299 })).rejects.toThrow(/has more than 299 data rows/);
  });

  it("lets other work run while it reads a few MB of rows", async () => {
    const text = hourly(60_000);
    expect(text.length).toBeGreaterThan(2_000_000);
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const candles = await parseCsvAsync(text);
    counting = false;
    expect(candles).toHaveLength(60_000);
    // parseCsv would let none run: the event loop got a turn in between, many times.
    expect(turns).toBeGreaterThan(3);
  });

  it("stops with the signal's reason once it aborts, between two slices of work", async () => {
    const controller = new AbortController();
    const reason = new Error("stopped by the caller");
    setImmediate(() => controller.abort(reason));
    await expect(parseCsvAsync(hourly(40_000), { signal: controller.signal })).rejects.toBe(reason);
  });
});
