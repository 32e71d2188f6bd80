// The texts a caller sent in a request (every string, every field name, every number as it would be written back),
// for the secret redactor to spare: a text the caller chose is never shown to it as "[redacted]" (secret-redactor.ts
// says why). The walk is iterative, so no nesting can overflow the stack.

/** Every string, object key and number inside a JSON-like value, in no particular order. */
export function callerTexts(value: unknown): string[] {
  const found: string[] = [];
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") found.push(item);
    else if (typeof item === "number") found.push(String(item));
    else if (Array.isArray(item)) for (const entry of item) pending.push(entry);
    else if (item !== null && typeof item === "object" && !(item instanceof Date)) {
      for (const [key, entry] of Object.entries(item)) {
        found.push(key);
        pending.push(entry);
      }
    }
  }
  return found;
}
