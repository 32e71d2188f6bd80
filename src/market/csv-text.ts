// Splits CSV text into records of fields (RFC 4180 quoting, CRLF / LF / CR line ends, BOM), keeping line numbers.
import { CsvParseError } from "./csv-error";

export interface CsvRecord {
  /** 1-based line on which the record starts. */
  line: number;
  fields: string[];
}

/**
 * Blank lines (only whitespace) are skipped wherever they are, so trailing empty lines and a missing or doubled
 * final line end are all fine. Fields keep their inner spaces; callers trim what they need trimmed.
 */
export function splitCsvRecords(text: string, options: { name?: string } = {}): CsvRecord[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let recordLine = 1;
  let inQuotes = false;
  let afterQuote = false;

  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || field.trim() !== "") records.push({ line: recordLine, fields });
    fields = [];
    field = "";
    afterQuote = false;
  };

  for (let index = 0; index < source.length; index += 1) {
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
      if (character === "\r" && source[index + 1] === "\n") index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else if (character === '"' && field.trim() === "" && !afterQuote) {
      field = "";
      inQuotes = true;
    } else if (afterQuote && character.trim() !== "") {
      const problem = `unexpected character ${JSON.stringify(character)} after a closing quote`;
      throw new CsvParseError({ problem, name: options.name, line });
    } else if (!afterQuote) {
      field += character;
    }
  }
  if (inQuotes)
    throw new CsvParseError({ problem: "a quoted field is never closed", name: options.name, line: recordLine });
  endRecord();
  return records;
}
