// The scan that bounds a JSON body's shape before it is parsed: depth and items at their limits and one past them,
// brackets and commas inside strings (escaped quotes included) not counted, and a body cut into pieces anywhere
// scanned as if it came whole.
import { describe, expect, it } from "vitest";

import { createJsonShapeScanner, type JsonShapeLimits } from "../../server/json-shape-limit";

function scan(text: string, limits: JsonShapeLimits, pieceBytes?: number): string | undefined {
  const scanner = createJsonShapeScanner(limits);
  const bytes = Buffer.from(text, "utf8");
  const size = pieceBytes ?? bytes.length;
  for (let start = 0; start < bytes.length; start += size) {
    const problem = scanner.feed(bytes.subarray(start, start + size));
    if (problem !== undefined) return problem;
  }
  return undefined;
}

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const items = (count: number) => `[${Array.from({ length: count - 1 }, () => "0").join(",")}]`;

describe("the JSON shape scan", () => {
  it("allows exactly the depth limit and refuses one level more", () => {
    expect(scan(nested(4), { maxDepth: 4, maxItems: 100 })).toBeUndefined();
    expect(scan(nested(5), { maxDepth: 4, maxItems: 100 })).toMatch(/nests arrays and objects more than 4 deep/);
    expect(scan('{"a":{"b":{"c":{}}}}', { maxDepth: 4, maxItems: 100 })).toBeUndefined();
    expect(scan('{"a":{"b":{"c":{"d":{}}}}}', { maxDepth: 4, maxItems: 100 })).toMatch(/more than 4 deep/);
  });

  it("counts array elements and object members (an empty container as one): the limit holds, one more is refused", () => {
    // items(n) is an array of n - 1 elements.
    expect(scan("[]", { maxDepth: 2, maxItems: 1 })).toBeUndefined();
    expect(scan("[0,0]", { maxDepth: 2, maxItems: 2 })).toBeUndefined();
    expect(scan("[0,0,0]", { maxDepth: 2, maxItems: 2 })).toMatch(/more than 2 items/);
    expect(scan(items(1001), { maxDepth: 2, maxItems: 1000 })).toBeUndefined();
    expect(scan(items(1002), { maxDepth: 2, maxItems: 1000 })).toMatch(/more than 1000 items/);
  });

  it("does not count brackets, braces or commas inside strings, escaped quotes included", () => {
    const text = JSON.stringify({ a: '[[[[{{{{,,,,"]]]]\\"[[[[', b: "\\\\", c: "x" });
    expect(scan(text, { maxDepth: 1, maxItems: 3 })).toBeUndefined();
    // The control: the same characters outside a string are counted.
    expect(scan('{"a":[[[[0,0,0,0]]]]}', { maxDepth: 1, maxItems: 3 })).toMatch(/more than 1 deep/);
  });

  it("ends a string at its closing quote, after escapes, so what follows it is counted again", () => {
    const limits = { maxDepth: 2, maxItems: 100 };
    // An escaped quote does not end the string: the brackets after it are text.
    expect(scan(String.raw`{"a":"\"[[[[[0]]]]]"}`, limits)).toBeUndefined();
    // An escaped backslash does not escape the quote after it: the string ends there and the nest is counted.
    expect(scan(String.raw`{"a":"\\","b":[[[0]]]}`, limits)).toMatch(/more than 2 deep/);
    expect(scan(String.raw`{"a":"\"","b":[[[0]]]}`, limits)).toMatch(/more than 2 deep/);
    // The very first string of a body, empty, ends at once.
    expect(scan('{"":[[[0]]]}', limits)).toMatch(/more than 2 deep/);
    // An escape split from the character it escapes by the end of a piece still escapes it.
    for (const size of [1, 2, 3, 7]) expect(scan(String.raw`{"a":"\"[[[[[0]]]]]"}`, limits, size)).toBeUndefined();
  });

  it("gives back a level at each closing brace and bracket: siblings at the depth limit pass", () => {
    expect(scan('[{"a":1},{"b":2},{"c":3}]', { maxDepth: 2, maxItems: 100 })).toBeUndefined();
    expect(scan("[[0],[0],[0]]", { maxDepth: 2, maxItems: 100 })).toBeUndefined();
    expect(scan('{"a":{},"b":{},"c":{"d":{}}}', { maxDepth: 2, maxItems: 100 })).toMatch(/more than 2 deep/);
  });

  it("gives the same answer whatever the pieces the body arrives in", () => {
    const limits = { maxDepth: 4, maxItems: 50 };
    const texts = [
      JSON.stringify({ name: 'q"[,]"é€😀', list: [1, 2, 3], nested: { deep: [["x"]] } }),
      JSON.stringify({ list: Array.from({ length: 60 }, () => 0) }),
      nested(5),
    ];
    for (const text of texts) {
      const whole = scan(text, limits);
      for (const size of [1, 2, 3, 7]) expect(scan(text, limits, size)).toBe(whole);
    }
    expect(texts.map((text) => scan(text, limits) === undefined)).toEqual([true, false, false]);
  });

  it("stops at the first byte past a limit: the rest of a huge body is never looked at", () => {
    const scanner = createJsonShapeScanner({ maxDepth: 8, maxItems: 10 });
    expect(scanner.feed(Buffer.from("[0,0,0,0,0,0,0,0,0,0,0"))).toMatch(/more than 10 items/);
  });
});
