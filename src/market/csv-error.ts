// The error of the CSV source: names the file, the line and the column so a user can find the problem.

export interface CsvErrorLocation {
  /** File name or label shown to the user. */
  name?: string;
  /** 1-based line in the text (a header is line 1). */
  line?: number;
  column?: string;
}

export class CsvParseError extends Error {
  override name = "CsvParseError";
  readonly source: string | undefined;
  readonly line: number | undefined;
  readonly column: string | undefined;

  constructor(problem: string, location: CsvErrorLocation = {}, options: { cause?: unknown } = {}) {
    const where = [
      location.name ?? "CSV",
      location.line === undefined ? undefined : `line ${location.line}`,
      location.column === undefined ? undefined : `column "${location.column}"`,
    ]
      .filter((part) => part !== undefined)
      .join(", ");
    super(`${where}: ${problem}`, { cause: options.cause });
    this.source = location.name;
    this.line = location.line;
    this.column = location.column;
  }
}
