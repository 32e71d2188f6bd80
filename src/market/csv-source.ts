// Reads OHLCV candles from CSV text or a file: named columns in any order, errors with line and column. parseCsv
// reads in one go; parseCsvAsync reads the same way but lets other work run every few milliseconds, so a server or
// a CLI reading a large file never stalls for long (a few MB of rows take a few hundred milliseconds in all).
import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";

import { describeError } from "../common/describe-error";
import { itemAt } from "../common/item-at";
import { quoteInput, quoteList } from "../common/quote-input";
import { type Candle, candleSchema } from "./candle";
import { CsvParseError } from "./csv-error";
import { type CsvRecord, csvRecords } from "./csv-text";
import { formatUtc, parseUtcTimestamp } from "./parse-timestamp";

export const DEFAULT_CSV_MAX_BYTES = 20 * 1024 * 1024;

export interface ParseCsvOptions {
  /** Shown in error messages (a file name, "upload"). */
  name?: string;
  /** Larger input is refused before parsing. Default 20 MiB: about 300 000 rows, far more than an analysis uses. */
  maxBytes?: number;
  /**
   * "sort" (default): rows in any order come back sorted. "ascending": a row earlier than the one before it is an
   * error naming both lines (a backtest walks the rows as a history and will not guess at a shuffled file).
   */
  order?: "sort" | "ascending";
  /**
   * Data rows past which the text is refused, checked while it is split; the text may then hold at most twice as
   * many lines (blank lines count: a file of millions of empty lines is refused at that count). Default: no limit.
   */
  maxRows?: number;
}

/** How long parseCsvAsync works before it lets other work run. */
const WORK_SLICE_MS = 8;

/** Lines a header may take (yfinance writes three). */
const MAX_HEADER_LINES = 3;

const PRICE_COLUMNS = ["open", "high", "low", "close"] as const;
type PriceColumn = (typeof PRICE_COLUMNS)[number];
const NUMBER_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

interface ColumnMap {
  time: { index: number; label: string };
  prices: Record<PriceColumn, { index: number; label: string }>;
  volume: { index: number; label: string } | undefined;
  width: number;
}

/**
 * Columns are found by header name, case-insensitively: Datetime (or Date, for daily data), Open, High, Low, Close,
 * and optionally Volume (missing column or empty cell: 0). Other columns (Adj Close, Dividends...) are ignored.
 * yfinance's three-line header (Price / Ticker / Datetime rows) is understood too.
 *
 * Times: `2023-08-23 04:00:00` and other zone-less times are taken as UTC labels. The benchmark files store
 * exchange-local wall-clock times without a zone (09:30 for a New York open), so their candles carry 09:30Z:
 * right for ordering, charts and 4h grouping, not a true UTC instant. Times with an offset (`09:30:00-04:00`)
 * are converted to true UTC.
 *
 * A repeated timestamp is an error naming both lines: in a file someone prepared, a repeat means a mistake, and
 * silently picking one row would hide it. Rows come back sorted by time.
 */
export function parseCsv(text: string, options: ParseCsvOptions = {}): Candle[] {
  const steps = candleSteps(text, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * parseCsv, giving the event loop a turn every WORK_SLICE_MS of work: what a server (or anything else that answers
 * while it reads) calls. Stops with the signal's reason when it aborts.
 */
export async function parseCsvAsync(
  text: string,
  options: ParseCsvOptions & { signal?: AbortSignal } = {},
): Promise<Candle[]> {
  const steps = candleSteps(text, options);
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= WORK_SLICE_MS) {
      await nextTurn();
      options.signal?.throwIfAborted();
      sliceStart = performance.now();
    }
  }
}

/** The work of parseCsv, with a pause (a yield) now and then where an async reader may let other work run. */
function* candleSteps(text: string, options: ParseCsvOptions): Generator<undefined, Candle[]> {
  const name = options.name;
  const maxBytes = options.maxBytes ?? DEFAULT_CSV_MAX_BYTES;
  const size = Buffer.byteLength(text, "utf8");
  if (size > maxBytes)
    throw new CsvParseError({ problem: `is ${size} bytes, more than the limit of ${maxBytes} bytes`, name });

  const maxRows = options.maxRows;
  const records: CsvRecord[] = [];
  for (const record of csvRecords(text, {
    name,
    maxRecords: maxRows === undefined ? undefined : maxRows + MAX_HEADER_LINES,
    maxLines: maxRows === undefined ? undefined : 2 * maxRows + MAX_HEADER_LINES,
  })) {
    if (record) records.push(record);
    else yield;
  }
  const { columns, dataStart } = readHeader(records, name);
  const rows = records.slice(dataStart);
  if (rows.length === 0) throw new CsvParseError({ problem: "has a header but no data rows", name });
  if (maxRows !== undefined && rows.length > maxRows)
    throw new CsvParseError({ problem: `has more than ${maxRows} data rows: cut it to the bars you need`, name });

  const lineByTime = new Map<number, number>();
  let previous: { time: number; line: number } | undefined;
  const candles: Candle[] = [];
  for (const record of rows) {
    const candle = readRow(record, columns, name);
    const earlierLine = lineByTime.get(candle.time);
    if (earlierLine !== undefined) {
      const problem = `time ${formatUtc(candle.time)} repeats line ${earlierLine}`;
      throw new CsvParseError({ problem, name, line: record.line, column: columns.time.label });
    }
    if (options.order === "ascending" && previous !== undefined && candle.time < previous.time) {
      const problem = `time ${formatUtc(candle.time)} comes before line ${previous.line}'s ${formatUtc(previous.time)}: put the rows in time order`;
      throw new CsvParseError({ problem, name, line: record.line, column: columns.time.label });
    }
    lineByTime.set(candle.time, record.line);
    previous = { time: candle.time, line: record.line };
    candles.push(candle);
    if (candles.length % ROWS_PER_PAUSE === 0) yield;
  }
  return candles.sort((left, right) => left.time - right.time);
}

/** Rows read between two offers to pause. */
const ROWS_PER_PAUSE = 256;

function normalise(label: string): string {
  return label
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, " ");
}

function readHeader(records: CsvRecord[], name: string | undefined): { columns: ColumnMap; dataStart: number } {
  const header = records[0];
  if (header === undefined)
    throw new CsvParseError({ problem: "is empty: expected a header line and data rows", name });
  const labels = header.fields.map(normalise);
  const shownLabels = header.fields.map((field) => field.trim()); // as the file spells them, for messages
  let dataStart = 1;
  // yfinance >= 0.2.51 writes "Price,Close,High,...", then "Ticker,SPY,SPY,...", then "Datetime,,,,,".
  if (labels[0] === "price" && normalise(records[1]?.fields[0] ?? "") === "ticker") {
    const timeLabel = (records[2]?.fields[0] ?? "").trim();
    shownLabels[0] = timeLabel;
    labels[0] = normalise(timeLabel);
    dataStart = 3;
  }
  const find = (wanted: string) => {
    const indexes = labels.flatMap((label, index) => (label === wanted ? [index] : []));
    if (indexes.length > 1) {
      throw new CsvParseError({ problem: `the header names column "${wanted}" twice`, name, line: header.line });
    }
    const [index] = indexes;
    return index === undefined ? undefined : { index, label: shownLabels[index] || wanted };
  };
  const datetime = find("datetime");
  const date = find("date");
  if (datetime && date) {
    throw new CsvParseError({
      problem: 'the header has both "Datetime" and "Date": keep one',
      name,
      line: header.line,
    });
  }
  const time = datetime ?? date;
  const missingNames = [
    ...(time ? [] : ["Datetime (or Date)"]),
    ...PRICE_COLUMNS.filter((column) => find(column) === undefined),
  ];
  if (!time || missingNames.length > 0) {
    // A header read as one column that holds semicolons or tabs: a file from a spreadsheet set to another separator.
    const only = header.fields.length === 1 ? header.fields[0] : undefined;
    const separator = only?.includes(";") ? "semicolons" : only?.includes("\t") ? "tabs" : undefined;
    throw new CsvParseError({
      problem:
        `missing column${missingNames.length > 1 ? "s" : ""} ${missingNames.join(", ")} (found: ${quoteList(header.fields)})` +
        (separator
          ? `; the header reads as one column: its columns seem separated by ${separator}, and a CSV file's by commas`
          : ""),
      name,
      line: header.line,
    });
  }
  const prices = Object.fromEntries(PRICE_COLUMNS.map((column) => [column, find(column)])) as ColumnMap["prices"];
  return { columns: { time, prices, volume: find("volume"), width: header.fields.length }, dataStart };
}

function readRow(record: CsvRecord, columns: ColumnMap, name: string | undefined): Candle {
  const at = (column: string) => ({ name, line: record.line, column });
  if (record.fields.length !== columns.width) {
    const problem = `has ${record.fields.length} fields, the header has ${columns.width}`;
    throw new CsvParseError({ problem, name, line: record.line });
  }
  const timeText = itemAt(record.fields, columns.time.index).trim();
  const time = parseUtcTimestamp(timeText);
  if (time === undefined) {
    const problem = `${quoteInput(timeText, { otherwise: "the cell" })} is not a date (expected e.g. 2023-08-23 04:00:00)`;
    throw new CsvParseError({ problem, ...at(columns.time.label) });
  }
  const number = (column: { index: number; label: string }, emptyValue?: number) => {
    const cell = itemAt(record.fields, column.index).trim();
    if (cell === "" && emptyValue !== undefined) return emptyValue;
    if (!NUMBER_PATTERN.test(cell))
      throw new CsvParseError({
        problem: `${quoteInput(cell, { otherwise: "the cell" })} is not a number`,
        ...at(column.label),
      });
    return Number(cell);
  };
  const values = {
    time,
    open: number(columns.prices.open),
    high: number(columns.prices.high),
    low: number(columns.prices.low),
    close: number(columns.prices.close),
    volume: columns.volume ? number(columns.volume, 0) : 0,
  };
  const checked = candleSchema.safeParse(values);
  if (!checked.success) {
    const field = checked.error.issues[0]?.path[0];
    if (field === "volume")
      throw new CsvParseError({ problem: "volume must not be negative", ...at(columns.volume?.label ?? "Volume") });
    if (typeof field === "string" && field in columns.prices) {
      throw new CsvParseError({
        problem: `${field} must be greater than 0`,
        ...at(columns.prices[field as PriceColumn].label),
      });
    }
    // The remaining checks span columns (high below low, close above high), so no single column is named.
    throw new CsvParseError({
      problem: `invalid bar: ${checked.error.issues[0]?.message ?? "invalid"}`,
      name,
      line: record.line,
    });
  }
  return checked.data;
}

export interface ReadCsvFileOptions {
  maxBytes?: number;
  /** As for parseCsv: "sort" (default) or "ascending" (rows out of time order are an error). */
  order?: ParseCsvOptions["order"];
  signal?: AbortSignal;
}

/** Reads and parses a CSV file; the size limit is checked before reading. Errors name the file. */
export async function readCsvFile(path: string, options: ReadCsvFileOptions = {}): Promise<Candle[]> {
  const name = basename(path);
  const maxBytes = options.maxBytes ?? DEFAULT_CSV_MAX_BYTES;
  let text: string;
  try {
    const info = await stat(path);
    if (info.size > maxBytes) {
      throw new CsvParseError({ problem: `is ${info.size} bytes, more than the limit of ${maxBytes} bytes`, name });
    }
    text = await readFile(path, { encoding: "utf8", signal: options.signal });
  } catch (error) {
    if (error instanceof CsvParseError || options.signal?.aborted) throw error;
    const reason = describeError(error);
    throw new CsvParseError({ problem: `cannot be read (${reason})`, name, cause: error });
  }
  return parseCsvAsync(text, { name, maxBytes, order: options.order, signal: options.signal });
}
