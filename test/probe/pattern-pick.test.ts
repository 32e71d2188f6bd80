// Reading the Pattern agent's pick and the Trend agent's direction from their reports: the first of the recognised
// pattern names in order of appearance, "No clear pattern" as none, names the prompt leaves out still recognised;
// the trend from its "Trend: ..." line.
import { describe, expect, it } from "vitest";

import { classicPatterns } from "../../src/agents/prompts/pattern-prompt";
import { patternPick, PROMPT_PATTERN_NAMES, RECOGNISED_PATTERN_NAMES } from "../../src/probe/pattern-pick";
import { trendAnswer } from "../../src/probe/trend-answer";

describe("patternPick", () => {
  it("knows the sixteen names of the Pattern agent's prompt, and the planted shapes it leaves out", () => {
    expect(PROMPT_PATTERN_NAMES).toHaveLength(16);
    expect(PROMPT_PATTERN_NAMES).toEqual(classicPatterns.map((pattern) => pattern.name));
    expect(RECOGNISED_PATTERN_NAMES.slice(16)).toEqual(["Double Top", "Head and Shoulders"]);
  });

  it("picks the first name in the order the report writes them, not the order of the list", () => {
    expect(
      patternPick("The chart shows a Bearish Flag after the fall; an Ascending Triangle is not formed.").pattern,
    ).toBe("Bearish Flag");
    expect(patternPick("Rectangle between 98 and 102, then a Double Bottom.").pattern).toBe("Rectangle");
  });

  it("reads every one of the sixteen names when it is the only one", () => {
    for (const name of PROMPT_PATTERN_NAMES)
      expect(patternPick(`Pattern report.\n\nThe chart shows a ${name} on bars 10 to 30.`), name).toEqual({
        pattern: name,
        said: "pattern",
      });
  });

  it("ignores case and hyphens, takes plurals, and prefers the longer of two names starting at one place", () => {
    expect(patternPick("an inverse head-and-shoulders with its neckline at 101").pattern).toBe(
      "Inverse Head and Shoulders",
    );
    expect(patternPick("a v shaped reversal").pattern).toBe("V-shaped Reversal");
    expect(patternPick("two DOUBLE BOTTOMS in a row").pattern).toBe("Double Bottom");
    expect(patternPick("a rounded top or rounded bottom is forming").pattern).toBe("Rounded Top or Rounded Bottom");
    expect(patternPick("a rounded bottom").pattern).toBe("Rounded Bottom");
  });

  it("recognises Double Top and Head and Shoulders, which the prompt's list leaves out", () => {
    expect(patternPick("A clear double top at 112.").pattern).toBe("Double Top");
    expect(patternPick("Head and shoulders: the right shoulder is done.").pattern).toBe("Head and Shoulders");
  });

  it("counts 'No clear pattern' as none when it comes first, and a later name then does not count", () => {
    expect(patternPick("No clear pattern. A Double Bottom may be forming.")).toEqual({
      pattern: null,
      said: "no_clear_pattern",
    });
    expect(patternPick("A Double Bottom is forming; otherwise no clear pattern.").pattern).toBe("Double Bottom");
  });

  it("gives none when the report names no pattern at all", () => {
    expect(patternPick("Price drifts between the lines.")).toEqual({ pattern: null, said: "nothing" });
  });

  it("does not read a name inside another word", () => {
    expect(patternPick("rectangles").pattern).toBe("Rectangle");
    expect(patternPick("rectangular box").pattern).toBeNull();
  });
});

describe("trendAnswer", () => {
  it("reads the report's Trend line", () => {
    expect(trendAnswer("Trend: upward\n\nThe support line rises.")).toBe("upward");
    expect(trendAnswer("**Trend:** Downward")).toBe("downward");
    expect(trendAnswer("Trend - sideways, the lines are flat")).toBe("sideways");
  });

  it("takes the first Trend line, and none without one", () => {
    expect(trendAnswer("Trend: sideways\nEarlier the trend: upward")).toBe("sideways");
    expect(trendAnswer("The price rises steadily.")).toBeNull();
  });
});
