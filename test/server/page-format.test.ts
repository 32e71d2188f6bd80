// The page's number and duration formatting (server/public/js/dom.js, pure functions): timings the server measures
// as floats such as 9737.536460000001 are shown in whole units, and never as "1 min 60 s".
import { beforeAll, describe, expect, it } from "vitest";

interface Formatting {
  formatDuration: (ms: number) => string;
  formatNumber: (value: unknown, digits?: number) => string;
}

// The page's modules are JavaScript checked by tsconfig.page.json, outside this project's TypeScript: imported
// untyped (a path held in a variable keeps tsc from looking for declarations) and given their signatures here.
let formatDuration: Formatting["formatDuration"];
let formatNumber: Formatting["formatNumber"];
beforeAll(async () => {
  const pageModule = "../../server/public/js/dom.js";
  ({ formatDuration, formatNumber } = (await import(pageModule)) as Formatting);
});

describe("ratioText (a backtest line's Sharpe ratio)", () => {
  let ratioText: (value: number | null) => string;
  beforeAll(async () => {
    const historyModule = "../../server/public/js/history-format.js";
    ({ ratioText } = (await import(historyModule)) as { ratioText: typeof ratioText });
  });
  it.each([
    [1.254, "1.25"],
    [-4.78, "\u22124.78"],
    [-0.001, "0.00"],
    [0, "0.00"],
    [null, "–"],
    [Number.NaN, "–"],
  ])("%s reads %s, with the percentages' true minus sign", (value, expected) => {
    expect(ratioText(value)).toBe(expected);
  });
});

describe("formatDuration", () => {
  it.each([
    [0.4, "0 ms"],
    [850.4, "850 ms"],
    [999.6, "1.0 s"],
    [9737.536460000001, "9.7 s"],
    [59_940, "59.9 s"],
    [59_960, "1 min 0 s"],
    [119_600, "2 min 0 s"],
    [754_321.9, "12 min 34 s"],
    [Number.NaN, "–"],
  ])("%s ms reads %s", (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });
});

describe("formatNumber", () => {
  it("rounds to the digits asked for, and shows a dash for anything that is not a finite number", () => {
    expect(formatNumber(49.912345)).toBe("49.91");
    expect(formatNumber(26_401.5, 0)).toBe("26,402");
    expect(formatNumber(null)).toBe("–");
    expect(formatNumber("12")).toBe("–");
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe("–");
  });
});
