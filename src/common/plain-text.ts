// One line of plain text from a caller (a display name, a symbol, a date field): no control characters, no line
// breaks, no bidirectional overrides. Such characters can only break a chart title, a log line or a page, or hide
// what a name really says; refusing them at the door costs nothing.
import { isEchoable } from "./quote-input";

/** C0/C1 controls (line breaks included), Unicode line and paragraph separators, and bidi embedding/override/isolate marks. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** The same, less line feed, carriage return and tab: what a multi-line text (a CSV file) may not hold. */
const CONTROL_CHARACTER_BUT_LINE_BREAKS =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * The first string inside a JSON-like value that holds a control character, as a dotted path; undefined when none.
 * The walk is iterative (no nesting can overflow the stack) and builds a path only for what it reports. Field names
 * in the path are the caller's: one that is not a plain name (quote-input.ts) is said as "(a field)".
 */
export function findControlCharacter(
  value: unknown,
  options: { allowMultiline?: readonly string[] } = {},
): string | undefined {
  const multiline = new Set(options.allowMultiline ?? []);
  // Each entry: a value and its path as a linked list (parent, name), so no path array is built per value.
  interface Step {
    value: unknown;
    parent: Step | undefined;
    name: string;
  }
  const pathOf = (step: Step): string => {
    const names: string[] = [];
    for (let at: Step | undefined = step; at?.parent !== undefined; at = at.parent) names.push(at.name);
    return names.reverse().join(".");
  };
  const pending: Step[] = [{ value, parent: undefined, name: "" }];
  for (let step = pending.pop(); step !== undefined; step = pending.pop()) {
    const item = step.value;
    if (typeof item === "string") {
      if (!CONTROL_CHARACTER.test(item)) continue;
      const field = pathOf(step);
      // Multi-line fields (a CSV file's text) may hold line breaks and tabs, but no other control character.
      if (multiline.has(field) && !CONTROL_CHARACTER_BUT_LINE_BREAKS.test(item)) continue;
      return field || "the value";
    }
    if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1)
        pending.push({ value: item[index], parent: step, name: String(index) });
    } else if (item !== null && typeof item === "object") {
      const entries = Object.entries(item);
      if (entries.some(([key]) => hasControlCharacter(key)))
        return [pathOf(step), "(a field name)"].filter(Boolean).join(".");
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, entry] = entries[index] as [string, unknown];
        pending.push({ value: entry, parent: step, name: isEchoable(key) ? key : "(a field)" });
      }
    }
  }
  return undefined;
}
