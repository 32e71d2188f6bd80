// Shows the caller's input inside an error message, by one rule: a text is repeated whole when it is a short plain
// name (at most 40 letters, digits and _ . - ~), or not at all. Never a part of it: a message that quotes the first
// 40 characters of a field, or the text around a JSON syntax error, hands back a slice the caller did not choose, and
// a server that removes its secrets from answers would then answer differently when that slice is a piece of one (an
// oracle a key can be read through). A whole short name is only ever the caller's own text, and the server's answers
// never alter it (secret-redactor.ts spares text the caller sent).
export const QUOTED_INPUT_LIMIT = 40;

const ECHOABLE = /^[A-Za-z0-9_.~-]+$/;

/** Said in place of a text that is not repeated. */
export const NOT_SHOWN = "(not shown)";

/** True when `text` may be repeated back whole: at most 40 letters, digits and _ . - ~ (and not empty). */
export function isEchoable(text: string): boolean {
  return text.length > 0 && text.length <= QUOTED_INPUT_LIMIT && ECHOABLE.test(text);
}

/**
 * A value for a message: a plain name quoted whole, a number or a kind of value; any other text is said as
 * `otherwise` (default "(not shown)"; "the cell" reads better where the value is the subject of a sentence).
 */
export function quoteInput(value: unknown, options: { otherwise?: string } = {}): string {
  if (value === undefined) return "nothing";
  if (typeof value === "string") {
    return value === "" || isEchoable(value) ? JSON.stringify(value) : (options.otherwise ?? NOT_SHOWN);
  }
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString();
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : typeof value;
}

/** A list of names (CSV header fields, keys) for a message: the plain ones, at most `count`, and how many others. */
export function quoteList(values: readonly string[], count = 10): string {
  const shown = values.filter(isEchoable).slice(0, count);
  const others = values.length - shown.length;
  if (shown.length === 0) return `${values.length} not shown`;
  return others > 0 ? `${shown.join(", ")} and ${others} not shown` : shown.join(", ");
}
