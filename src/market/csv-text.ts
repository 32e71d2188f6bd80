// Splits CSV text into records of fields (RFC 4180 quoting, CRLF / LF / CR line ends, BOM), keeping line numbers.
// A line without a quote (nearly every line of a price file) is split at its commas in one native call; only a line
// with a quote is read character by character. With `maxRecords`, reading stops at the first record past it (the
// caller sees one record too many and refuses the text), so a file of millions of tiny lines costs no more than the
// limit.
import { CsvParseError } from "./csv-error";

export interface CsvRecord {
  /** 1-based line on which the record starts. */
  line: number;
  fields: string[];
}

export interface SplitCsvOptions {
  name?: string;
  /** Records (header lines included) past which reading stops, one record past it. Default: no limit. */
  maxRecords?: number;
}

/**
 * Where each line ends (its line break, or the end of the text), for lines asked in order. The next "\r" is kept
 * between calls: searching for it afresh on every line of a file without any would read the rest of the file each
 * time.
 */
function lineEnds(source: string): (start: number) => number {
  let carriage = -2; // not looked for yet
  return (start) => {
    if (carriage !== -1 && carriage < start) carriage = source.indexOf("\r", start);
    const newline = source.indexOf("\n", start);
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
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const maxRecords = options.maxRecords ?? Number.POSITIVE_INFINITY;
  const records: CsvRecord[] = [];
  const lineEnd = lineEnds(source);
  let position = 0;
  let line = 1;
  while (position < source.length) {
    const end = lineEnd(position);
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
      records.push({ line: recordLine, fields });
      if (records.length > maxRecords) break;
    }
    position = nextPosition;
  }
  return records;
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
