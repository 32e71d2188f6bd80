// Splits CSV text into records of fields (RFC 4180 quoting, CRLF / LF / CR line ends, BOM), keeping line numbers.
// A line without a quote (nearly every line of a price file) is split at its commas in one native call; only a line
// with a quote is read character by character. Time is linear in the text whatever its line ends: the next "\r" and
// the next "\n" are each searched for once and kept (searching afresh on every line of a file of bare "\r" would read
// the rest of the file each time). With `maxRecords`, reading stops at the first record past it (the caller sees one
// record too many and refuses the text); `maxLines` refuses a text with more lines than it, blank lines counted, so
// a file of millions of empty lines costs no more than the limit; no line may be longer than
// MAX_CSV_LINE_CHARACTERS. csvRecords() yields now and then between records (undefined) so that an async reader can
// let other work run (csv-source.ts's parseCsvAsync).
import { CsvParseError } from "./csv-error";

/** The longest line (or quoted record) read: a row of bars is a few hundred characters at most. */
export const MAX_CSV_LINE_CHARACTERS = 10_000;
/** How often csvRecords() offers a pause: every so many lines, or so many characters read since the last. */
const PAUSE_EVERY_LINES = 1_000;
const PAUSE_EVERY_CHARACTERS = 64 * 1024;

export interface CsvRecord {
  /** 1-based line on which the record starts. */
  line: number;
  fields: string[];
}

export interface SplitCsvOptions {
  name?: string;
  /** Records (header lines included) past which reading stops, one record past it. Default: no limit. */
  maxRecords?: number;
  /** Lines (blank ones included) past which the text is refused with a CsvParseError. Default: no limit. */
  maxLines?: number;
}

/**
 * Where each line ends (its line break, or the end of the text), for lines asked in order. The next "\r" and the
 * next "\n" are kept between calls: searching for one afresh on every line of a file without any (or with few) would
 * read the rest of the file each time.
 */
function lineEnds(source: string): (start: number) => number {
  let carriage = -2; // not looked for yet
  let newline = -2;
  return (start) => {
    if (carriage !== -1 && carriage < start) carriage = source.indexOf("\r", start);
    if (newline !== -1 && newline < start) newline = source.indexOf("\n", start);
    if (newline === -1) return carriage === -1 ? source.length : carriage;
    return carriage === -1 ? newline : Math.min(newline, carriage);
  };
}

/** The index after the line break at `end` (CRLF counts as one), or the end of the text. */
function afterBreak(source: string, end: number): number {
  if (end >= source.length) return source.length;
  return source[end] === "\r" && source[end + 1] === "\n" ? end + 2 : end + 1;
}

/**
 * Blank lines (only whitespace) are skipped wherever they are, so trailing empty lines and a missing or doubled
 * final line end are all fine. Fields keep their inner spaces; callers trim what they need trimmed.
 */
export function splitCsvRecords(text: string, options: SplitCsvOptions = {}): CsvRecord[] {
  const records: CsvRecord[] = [];
  for (const record of csvRecords(text, options)) if (record) records.push(record);
  return records;
}

/** The records of splitCsvRecords one at a time, with an undefined between them now and then: a place to pause. */
export function* csvRecords(text: string, options: SplitCsvOptions = {}): Generator<CsvRecord | undefined> {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const maxRecords = options.maxRecords ?? Number.POSITIVE_INFINITY;
  const maxLines = options.maxLines ?? Number.POSITIVE_INFINITY;
  const lineEnd = lineEnds(source);
  let records = 0;
  let position = 0;
  let line = 1;
  let pausedAt = { line, position };
  while (position < source.length) {
    if (line > maxLines) {
      const problem = `has more than ${maxLines} lines (blank lines count too): cut it to the bars you need`;
      throw new CsvParseError({ problem, name: options.name });
    }
    if (line - pausedAt.line >= PAUSE_EVERY_LINES || position - pausedAt.position >= PAUSE_EVERY_CHARACTERS) {
      pausedAt = { line, position };
      yield undefined;
    }
    const end = lineEnd(position);
    if (end - position > MAX_CSV_LINE_CHARACTERS) throw lineTooLong(line, options.name);
    const lineText = source.slice(position, end);
    let fields: string[];
    let nextPosition: number;
    const recordLine = line;
    if (!lineText.includes('"')) {
      fields = lineText.split(",");
      nextPosition = afterBreak(source, end);
      line += 1;
    } else {
      const quoted = readQuotedRecord(source, position, line, options.name);
      fields = quoted.fields;
      nextPosition = quoted.next;
      line = quoted.line;
    }
    if (fields.length > 1 || (fields[0] ?? "").trim() !== "") {
      yield { line: recordLine, fields };
      records += 1;
      if (records > maxRecords) return;
    }
    position = nextPosition;
  }
}

function lineTooLong(line: number, name: string | undefined): CsvParseError {
  const problem = `is longer than ${MAX_CSV_LINE_CHARACTERS} characters: a row of bars is a few hundred at most`;
  return new CsvParseError({ problem, name, line });
}

/** One record that holds a quote, read character by character from `start`; it may span lines inside quotes. */
function readQuotedRecord(
  source: string,
  start: number,
  startLine: number,
  name: string | undefined,
): { fields: string[]; next: number; line: number } {
  const fields: string[] = [];
  let field = "";
  let line = startLine;
  let inQuotes = false;
  let afterQuote = false;
  for (let index = start; index < source.length; index += 1) {
    if (index - start > MAX_CSV_LINE_CHARACTERS) throw lineTooLong(startLine, name);
    const character = source.charAt(index);
    if (inQuotes) {
      if (character === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index += 1;
        } else {
          inQuotes = false;
          afterQuote = true;
        }
      } else {
        if (character === "\n" || (character === "\r" && source[index + 1] !== "\n")) line += 1;
        field += character;
      }
      continue;
    }
    if (character === ",") {
      fields.push(field);
      field = "";
      afterQuote = false;
    } else if (character === "\n" || character === "\r") {
      fields.push(field);
      return { fields, next: afterBreak(source, index), line: line + 1 };
    } else if (character === '"' && field.trim() === "" && !afterQuote) {
      field = "";
      inQuotes = true;
    } else if (afterQuote && character.trim() !== "") {
      const problem = "has a character after a closing quote";
      throw new CsvParseError({ problem, name, line });
    } else if (!afterQuote) {
      field += character;
    }
  }
  if (inQuotes) throw new CsvParseError({ problem: "a quoted field is never closed", name, line: startLine });
  fields.push(field);
  return { fields, next: source.length, line: line + 1 };
}
