// plainText: what the command line writes holds text only. Each kind of escape sequence a hostile model or file could
// carry is removed whole (its payload too), the other controls are removed, line ends and tabs become plain, and a
// seeded fuzz of random control-laden strings never leaves a control character behind.
import { describe, expect, it } from "vitest";

import { plainText } from "../../src/common/terminal-text";
import { createSeededRandom } from "../reliability/support/seeded-random";
import { HOSTILE_TERMINAL_TEXT, TERMINAL_CONTROL } from "../support/terminal-control";

describe("plainText", () => {
  it.each([
    ["a window title (OSC 0, BEL)", "before\u001b]0;pwned title\u0007after", "beforeafter"],
    ["a title ended by ST", "before\u001b]2;pwned\u001b\\after", "beforeafter"],
    ["a clipboard write (OSC 52)", "x\u001b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\u0007y", "xy"],
    ["a hyperlink (OSC 8)", "\u001b]8;;http://evil.example\u001b\\click\u001b]8;;\u001b\\", "click"],
    ["clear screen and home (CSI)", "\u001b[2J\u001b[Hclean", "clean"],
    ["colours (SGR)", "\u001b[1;31mred\u001b[0m", "red"],
    ["cursor up and erase (CSI)", "line\u001b[1A\u001b[2Kover", "lineover"],
    ["8-bit CSI and OSC", "a\u009b2Jb\u009d0;t\u009cc", "abc"],
    ["DCS with its payload", "a\u001bPq#0;2;0;0;0\u001b\\b", "ab"],
    ["a two-character escape and a lone ESC at the end", "a\u001bcb\u001b", "ab"],
    ["bell, backspace, form feed, DEL", "a\u0007b\u0008c\u000cd\u007fe", "abcde"],
    ["bidi overrides and isolates", "safe\u202egnp.exe\u2066x\u2069", "safegnp.exex"],
  ])("removes %s", (_what, text, expected) => {
    expect(plainText(text)).toBe(expected);
  });

  it("leaves only the visible words of a hostile model's text", () => {
    expect(plainText(`Report: ${HOSTILE_TERMINAL_TEXT} end`)).toBe("Report: red\noverevil end");
  });

  it("keeps line feeds, turns carriage returns and line separators into line feeds and tabs into spaces", () => {
    expect(plainText("a\r\nb\rc\u2028d\u2029e\tf\n")).toBe("a\nb\nc\nd\ne f\n");
    expect(plainText("an ESC before a line feed keeps it\u001b\nnext")).toBe(
      "an ESC before a line feed keeps it\nnext",
    );
    expect(plainText("Plain text, unicode é € 😀, and [brackets].")).toBe(
      "Plain text, unicode é € 😀, and [brackets].",
    );
  });

  it("never leaves a control character behind (seeded fuzz of 2,000 hostile strings)", () => {
    const random = createSeededRandom(19);
    const pieces = [
      "\u001b",
      "[",
      "]",
      "\\",
      "\u0007",
      "\u009b",
      "\u009d",
      "\u009c",
      "P",
      ";",
      "0",
      "m",
      "\r",
      "\n",
      "\t",
      "a",
      "\u202e",
      "\u0000",
      "\u0085",
    ];
    for (let round = 0; round < 2_000; round++) {
      const text = Array.from({ length: random.integer(1, 40) }, () => random.pick(pieces)).join("");
      expect(plainText(text), JSON.stringify(text)).not.toMatch(TERMINAL_CONTROL);
    }
  });
});
