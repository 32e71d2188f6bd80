// JSON text built node by node, so fuzz bodies can hold what JSON.stringify never writes: number tokens such as
// 1e309 and -0, the same key twice, and an own "__proto__" key (a plain object literal would set the prototype
// instead). Text is what goes on the wire; how the server reads it is the server's business.

/** A token written as is (`1e309`, `-0`, `01`): only the builder's caller decides whether it is valid JSON. */
export class RawToken {
  constructor(readonly text: string) {}
}

/** An object as an ordered list of entries; keys may repeat. */
export class JsonEntries {
  constructor(readonly entries: [string, JsonNode][]) {}
}

export type JsonNode = null | boolean | number | string | RawToken | JsonEntries | JsonNode[];

export function toJsonText(node: JsonNode): string {
  if (node instanceof RawToken) return node.text;
  if (node instanceof JsonEntries) {
    return `{${node.entries.map(([key, value]) => `${JSON.stringify(key)}:${toJsonText(value)}`).join(",")}}`;
  }
  if (Array.isArray(node)) return `[${node.map(toJsonText).join(",")}]`;
  // JSON.stringify escapes lone surrogates (\ud800), so the text stays valid UTF-8 while the value keeps them.
  return JSON.stringify(node);
}

/** Plain data (a template body) as nodes, so it can be mutated entry by entry. */
export function fromPlain(value: unknown): JsonNode {
  if (value === null || typeof value === "boolean" || typeof value === "number" || typeof value === "string")
    return value;
  if (Array.isArray(value)) return value.map(fromPlain);
  if (typeof value === "object")
    return new JsonEntries(Object.entries(value).map(([key, item]) => [key, fromPlain(item)]));
  throw new Error(`not JSON data: ${typeof value}`);
}

/** `depth` nested arrays (or objects) as text, without recursion on either side of the wire's writer. */
export function deeplyNested(depth: number, kind: "array" | "object"): string {
  return kind === "array" ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}
