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
  const [first] = rows;
  if (first === undefined) return "";
  const columns = Object.keys(first);
  const cells = rows.map((row) => columns.map((column) => oneLine(row[column] ?? "")));
  const right = new Set(options.alignRight ?? []);
  const layout = columns.map((column, index) => ({
    width: Math.max(column.length, ...cells.map((row) => row[index]?.length ?? 0)),
    alignRight: right.has(column),
  }));
  const line = (values: readonly string[]) =>
    layout
      .map(({ width, alignRight }, index) => {
        const value = values[index] ?? "";
        return alignRight ? value.padStart(width) : value.padEnd(width);
      })
      .join("  ")
      .trimEnd();
  return `${[line(columns), layout.map(({ width }) => "-".repeat(width)).join("  "), ...cells.map(line)].join("\n")}\n`;
}
