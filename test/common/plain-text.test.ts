// The control-character walk over a request's JSON: it finds the first bad string at any depth without recursion
// (a nest deeper than the stack does not overflow it), allows line breaks and tabs only in the fields named
// multi-line, and names field paths by the echo rule (a field name that is not a short plain name is not repeated).
import { describe, expect, it } from "vitest";

import { findControlCharacter } from "../../src/common/plain-text";

describe("findControlCharacter", () => {
  it("names the dotted path of the first string with a control character", () => {
    expect(findControlCharacter({ a: "ok", b: ["fine", { c: "bad\u0007" }] })).toBe("b.1.c");
    expect(findControlCharacter({ a: "ok" })).toBeUndefined();
    expect(findControlCharacter("x\u202ey")).toBe("the value");
    expect(findControlCharacter({ "bad\nkey": 1 })).toBe("(a field name)");
  });

  it("does not repeat a field name that is not a short plain name", () => {
    expect(findControlCharacter({ "a field with spaces": { x: "\u0000" } })).toBe("(a field).x");
    expect(findControlCharacter({ ["k".repeat(41)]: "\u0000" })).toBe("(a field)");
  });

  it("allows line breaks and tabs in multi-line fields only, and nothing else there", () => {
    const options = { allowMultiline: ["csv"] };
    expect(findControlCharacter({ csv: "a,b\r\n1,2\t\n" }, options)).toBeUndefined();
    expect(findControlCharacter({ csv: "a,b\n1,2\u0000" }, options)).toBe("csv");
    expect(findControlCharacter({ csv: "a\u2028b" }, options)).toBe("csv");
    expect(findControlCharacter({ name: "a\nb" }, options)).toBe("name");
  });

  it("walks a nest deeper than the call stack allows without overflowing it", () => {
    let deep: unknown = "\u0001";
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    const path = findControlCharacter(deep);
    expect(path?.split(".")).toHaveLength(200_000);
  });
});
