// The id a caller names an analysis by: trimmed, not empty, at most 64 characters.
import { describe, expect, it } from "vitest";

import { analysisIdSchema } from "../../src/journal/analysis-id";

describe("analysisIdSchema", () => {
  it("trims an id and takes up to 64 characters", () => {
    expect(analysisIdSchema.parse("  abc  ")).toBe("abc");
    expect(analysisIdSchema.parse("x".repeat(64))).toBe("x".repeat(64));
    expect(analysisIdSchema.safeParse("x".repeat(65)).error?.issues[0]?.message).toBe("is too long");
    expect(analysisIdSchema.safeParse("   ").error?.issues[0]?.message).toBe("must not be empty");
  });
});
