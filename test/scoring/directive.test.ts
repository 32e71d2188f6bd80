// A directive scored against one move, by hand: LONG earns the move, SHORT its negative, a flat move has no sign.
import { describe, expect, it } from "vitest";

import { directiveReturn, isCorrect, simpleReturn } from "../../src/scoring/directive";

describe("returns and correctness", () => {
  it("LONG earns the move, SHORT its negative; a flat move has no direction", () => {
    expect(simpleReturn(100, 102)).toBeCloseTo(0.02, 12);
    expect(directiveReturn("LONG", 0.02)).toBe(0.02);
    expect(directiveReturn("SHORT", 0.02)).toBe(-0.02);
    expect(isCorrect("LONG", 0.01)).toBe(true);
    expect(isCorrect("SHORT", 0.01)).toBe(false);
    expect(isCorrect("SHORT", -0.01)).toBe(true);
    expect(isCorrect("LONG", 0)).toBeUndefined();
  });
});
