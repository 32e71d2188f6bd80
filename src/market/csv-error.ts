// The error of the CSV source: names the file, the line and the column so a user can find the problem.
import { InputError } from "../common/input-error";
import { isEchoable } from "../common/quote-input";

export interface CsvErrorLocation {
  /** File name or label shown to the user. */
  name?: string;
  /** 1-based line in the text (a header is line 1). */
  line?: number;
  column?: string;
}

export class CsvParseError extends InputError {
  override name = "CsvParseError";
  readonly source: string | undefined;
  readonly line: number | undefined;
  readonly column: string | undefined;

  constructor(options: CsvErrorLocation & { problem: string; cause?: unknown }) {
    const where = [
      // The name is the caller's text: shown only when it is a short plain name (quote-input.ts).
      options.name !== undefined && isEchoable(options.name) ? options.name : "CSV",
      options.line === undefined ? undefined : `line ${options.line}`,
      options.column === undefined ? undefined : `column "${options.column}"`,
    ]
      .filter((part) => part !== undefined)
      .join(", ");
    super({
      code: "invalid_csv",
      message: `${where}: ${options.problem}`,
      details: { line: options.line ?? null, column: options.column ?? null },
      cause: options.cause,
    });
    this.source = options.name;
    this.line = options.line;
    this.column = options.column;
  }
}
