// The report writer: the pieces it passes on, joined, are exactly the report it returns, whatever the model sends.
import { describe, expect, it } from "vitest";

import { createReportWriter } from "../../src/agents/report-writer";

function writerWithLog() {
  const pieces: string[] = [];
  const writer = createReportWriter((text) => pieces.push(text));
  return { writer, pieces };
}

describe("createReportWriter", () => {
  it("passes deltas on as they come, and the pieces joined are the report", () => {
    const { writer, pieces } = writerWithLog();
    const call = writer.beginCall();
    for (const delta of ["RSI is ", "56", ", MACD ", "crossed up."]) call.onTextDelta(delta);
    call.finish("RSI is 56, MACD crossed up.");
    // One piece per delta, as they come (a trailing space travels with the word after it).
    expect(pieces).toEqual(["RSI is", " 56", ", MACD", " crossed up."]);
    expect(writer.text()).toBe("RSI is 56, MACD crossed up.");
  });

  it("drops leading and trailing whitespace, holding trailing spaces back until a word follows", () => {
    const { writer, pieces } = writerWithLog();
    const call = writer.beginCall();
    for (const delta of ["\n  ", " Trend", ": upward ", "\n", "and strong.", "\n\n"]) call.onTextDelta(delta);
    call.finish("\n   Trend: upward \nand strong.\n\n");
    expect(writer.text()).toBe("Trend: upward \nand strong.");
    expect(pieces.join("")).toBe(writer.text());
  });

  it("joins the texts of several calls by a blank line, and skips calls that wrote nothing", () => {
    const { writer, pieces } = writerWithLog();
    const first = writer.beginCall();
    first.onTextDelta("Computing RSI first. ");
    first.finish("Computing RSI first. ");
    writer.separate();
    writer.beginCall().finish(""); // a round of tool calls only
    writer.separate();
    const last = writer.beginCall();
    last.onTextDelta("  RSI is 56.");
    last.finish("  RSI is 56.");
    expect(writer.text()).toBe("Computing RSI first.\n\nRSI is 56.");
    expect(pieces.join("")).toBe(writer.text());
  });

  it("passes on a whole answer that arrived without deltas (a cached answer), and the rest of a partial one", () => {
    const { writer, pieces } = writerWithLog();
    writer.beginCall().finish("Cached report.");
    writer.separate();
    const partial = writer.beginCall();
    partial.onTextDelta("Half ");
    partial.finish("Half and the rest.");
    expect(writer.text()).toBe("Cached report.\n\nHalf and the rest.");
    expect(pieces.join("")).toBe(writer.text());
  });
});
