// The one JSON extractor: the object alone, in a code fence, inside a sentence, nested, with braces in strings.
import { describe, expect, it } from "vitest";

import { extractJsonObject } from "../../src/common/extract-json";

describe("extractJsonObject", () => {
  it.each([
    ['{"a":1}', '{"a":1}'],
    ['```json\n{"a":1}\n```', '{"a":1}'],
    ['```\n{"a":1}\n```', '{"a":1}'],
    ['Sure! {"a":{"b":2}} Hope that helps.', '{"a":{"b":2}}'],
    ['{"text":"a } inside \\" a string"} and {"b":2}', '{"text":"a } inside \\" a string"}'],
    ["no json here", undefined],
    ['{"unclosed": 1', undefined],
  ])("%j -> %j", (input, expected) => {
    expect(extractJsonObject(input)).toBe(expected);
  });
});
