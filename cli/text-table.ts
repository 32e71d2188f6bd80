// Plain-text tables for the terminal: columns padded to their widest cell, a rule under the headings, and
// numeric columns aligned to the right when the caller names them. Cells are one line each (line breaks and tabs in
// a cell become spaces, so a symbol or an error message cannot break the layout).

export interface TextTableOptions {
  /** Column keys whose cells line up on the right (numbers). */
  alignRight?: readonly string[];
}

const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, " ");

export function formatTextTable(
  rows: readonly Readonly<Record<string, string>>[],
  options: TextTableOptions = {},
): string {
  if (rows.length === 0) return "";
  const columns = Object.keys(rows[0]);
  const cells = rows.map((row) => columns.map((column) => oneLine(row[column] ?? "")));
  const widths = columns.map((column, index) => Math.max(column.length, ...cells.map((row) => row[index].length)));
  const right = new Set(options.alignRight ?? []);
  const line = (values: readonly string[]) =>
    values
      .map((value, index) => (right.has(columns[index]) ? value.padStart(widths[index]) : value.padEnd(widths[index])))
      .join("  ")
      .trimEnd();
  return `${[line(columns), widths.map((width) => "-".repeat(width)).join("  "), ...cells.map(line)].join("\n")}\n`;
}
