// One line of plain text from a caller (a display name, a symbol, a date field): no control characters, no line
// breaks, no bidirectional overrides. Such characters can only break a chart title, a log line or a page, or hide
// what a name really says; refusing them at the door costs nothing.

/** C0/C1 controls (line breaks included), Unicode line and paragraph separators, and bidi embedding/override/isolate marks. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** The first string inside a JSON-like value that holds a control character, as a dotted path; undefined when none. */
export function findControlCharacter(
  value: unknown,
  options: { allowMultiline?: readonly string[] } = {},
  path: string[] = [],
): string | undefined {
  if (typeof value === "string") {
    const field = path.join(".");
    // Multi-line fields (a CSV file's text) may hold line breaks and tabs, but no other control character.
    const text = options.allowMultiline?.includes(field) ? value.replace(/[\r\n\t]/g, "") : value;
    return hasControlCharacter(text) ? field || "the value" : undefined;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacter(item, options, [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacter(key)) return [...path, "(a field name)"].join(".");
      const found = findControlCharacter(item, options, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
