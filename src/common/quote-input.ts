// Shows a piece of the caller's input inside an error message: quoted, and cut short, so a 1 MB field does not
// come back as a 1 MB error.
export const QUOTED_INPUT_LIMIT = 40;

export function quoteInput(value: unknown, limit = QUOTED_INPUT_LIMIT): string {
  if (value === undefined) return "nothing";
  if (typeof value === "string") return JSON.stringify(value.length > limit ? `${value.slice(0, limit)}...` : value);
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString();
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : typeof value;
}

/** A list of names (CSV header fields, keys) for a message, at most `count` of them. */
export function quoteList(values: readonly string[], count = 10): string {
  const shown = values
    .slice(0, count)
    .map((value) => (value.length > QUOTED_INPUT_LIMIT ? `${value.slice(0, QUOTED_INPUT_LIMIT)}...` : value));
  return values.length > count ? `${shown.join(", ")}, ... (${values.length} in all)` : shown.join(", ");
}
