// Walks a value the way JSON.stringify reads it and replaces its strings, for the secret redactor: an answer, a
// journal entry or an event leaves the process as JSON, so whatever JSON would write of a value is what must be
// clean. That includes class instances, not only plain objects: an Error subclass or any object holding a key that
// reaches an answer would otherwise be written out with the key in it.
//
// An object is read as JSON reads it: its toJSON() answer when it has one (a Date, the library's errors), else its
// own enumerable fields (an Error's message and stack are not among them, as in JSON). Nothing is copied unless a
// string changed: an object whose strings all stay the same comes back as the same object, class and all; one that
// changed comes back as a plain copy of its JSON reading. Binary views (Buffer, typed arrays) hold only numbers and
// are not walked; an object met again inside itself is left as it is instead of walked forever.

/** `value` with `mapString` applied to every string JSON would write; the same object where nothing changed. */
export function mapJsonStrings<T>(value: T, mapString: (text: string) => string): T {
  const inside = new Set<object>();

  const walk = (item: unknown): unknown => {
    if (typeof item === "string") return mapString(item);
    if (item === null || typeof item !== "object" || ArrayBuffer.isView(item) || inside.has(item)) return item;
    inside.add(item);
    try {
      return Array.isArray(item) ? walkArray(item) : walkObject(item);
    } finally {
      inside.delete(item);
    }
  };

  const walkArray = (item: readonly unknown[]): unknown => {
    const mapped = item.map(walk);
    return mapped.some((entry, position) => entry !== item[position]) ? mapped : item;
  };

  const walkObject = (item: object): unknown => {
    const toJSON = (item as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") {
      const json: unknown = toJSON.call(item);
      const mapped = walk(json);
      return mapped === json ? item : mapped;
    }
    let changed = false;
    const copy: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(item)) {
      const mapped = walk(entry);
      if (mapped !== entry) changed = true;
      copy[key] = mapped;
    }
    return changed ? copy : item;
  };

  return walk(value) as T;
}
