// Tables a researcher can read in a notebook: a DataFrame-like HTML table with rounded numbers aligned to the right,
// thousands separated, missing values as "–", and every text escaped (symbols, model names and errors come from
// users and providers). Pure; `display.html(htmlTable(rows))` shows one.
import { escapeHtml } from "./display";

export interface HtmlTableOptions {
  /** Columns in order, with their headings; default every key of the first row, as written. */
  columns?: readonly { key: string; label?: string }[];
  /** Decimals of fractional numbers: one for every column, or per column key. @default 2 */
  decimals?: number | Readonly<Record<string, number>>;
  caption?: string;
}

const tableStyle =
  "border-collapse:collapse;font-family:system-ui,sans-serif;font-size:13px;font-variant-numeric:tabular-nums";
const headStyle = "padding:4px 10px;border-bottom:2px solid #a1a1aa;font-weight:600";
const cellStyle = "padding:3px 10px;border-bottom:1px solid #e4e4e7";

/** A number rounded to `decimals` (whole numbers as they are), with thousands separators: 12,345.68. */
export function formatNumber(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return String(value);
  const places = Number.isInteger(value) ? 0 : decimals;
  // "-0.00" reads as a sign without a value; a rounded zero is shown as 0.
  const rounded = Number(value.toFixed(places)) === 0 ? 0 : value;
  return rounded.toLocaleString("en-US", { minimumFractionDigits: places, maximumFractionDigits: places });
}

function decimalsFor(options: HtmlTableOptions, key: string): number {
  const { decimals } = options;
  if (typeof decimals === "number") return decimals;
  return decimals?.[key] ?? 2;
}

/** A cell's text: numbers rounded, dates as ISO times, objects as JSON, missing values as a dash. */
function cellText(value: unknown, decimals: number): string {
  if (value === null || value === undefined) return "–";
  if (typeof value === "number") return formatNumber(value, decimals);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  if (typeof value === "string") return value;
  if (typeof value === "boolean" || typeof value === "bigint") return value.toString();
  return typeof value; // a function or a symbol has no text worth a cell
}

/** Rows of any objects (interfaces included); their keys are the columns unless `columns` says otherwise. */
export function htmlTable<Row extends object>(records: readonly Row[], options: HtmlTableOptions = {}): string {
  const rows = records as readonly Readonly<Record<string, unknown>>[];
  const columns: readonly { key: string; label?: string }[] =
    options.columns ?? Object.keys(rows[0] ?? {}).map((key) => ({ key }));
  // A column of numbers (missing values aside) is aligned right, its heading too.
  const numeric = new Set(
    columns
      .filter(
        ({ key }) =>
          rows.some((row) => typeof row[key] === "number") &&
          rows.every((row) => row[key] == null || typeof row[key] === "number"),
      )
      .map(({ key }) => key),
  );
  const align = (key: string) => (numeric.has(key) ? "text-align:right" : "text-align:left");
  const head = columns
    .map(({ key, label }) => `<th style="${headStyle};${align(key)}">${escapeHtml(label ?? key)}</th>`)
    .join("");
  const body = rows
    .map((row) => {
      const cells = columns.map(({ key }) => {
        const text = cellText(row[key], decimalsFor(options, key));
        return `<td style="${cellStyle};${align(key)}">${escapeHtml(text)}</td>`;
      });
      return `<tr>${cells.join("")}</tr>`;
    })
    .join("\n");
  const caption = options.caption
    ? `<caption style="text-align:left;font-weight:600;padding:4px 0">${escapeHtml(options.caption)}</caption>`
    : "";
  return `<table style="${tableStyle}">${caption}\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}
