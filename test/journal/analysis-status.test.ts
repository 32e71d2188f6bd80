// What a history row says about itself: done, failed or cancelled, and where its outcome stands, from its columns.
import { describe, expect, it } from "vitest";

import { analysisStatus, CANCELLED_CODE, isCallerData, outcomeStatus } from "../../src/journal/analysis-status";

describe("isCallerData", () => {
  it("is true for a request that brought its own CSV, candles or sample window", () => {
    for (const field of ["csv", "candles", "sample"]) {
      expect(isCallerData(JSON.stringify({ [field]: "x", timeframe: "4h" })), field).toBe(true);
    }
    // Present at all is enough, whatever it holds.
    expect(isCallerData(JSON.stringify({ csv: null }))).toBe(true);
  });

  it("is false for a market request, and for anything that is not an object", () => {
    expect(isCallerData(JSON.stringify({ asset: "BTC", timeframe: "4h" }))).toBe(false);
    for (const text of ["null", '"csv"', "42", "[]", '["csv"]', "not json", ""]) {
      expect(isCallerData(text), text).toBe(false);
    }
  });
});

describe("analysisStatus", () => {
  it("is done with a decision whatever the error column says, cancelled or failed without one", () => {
    expect(CANCELLED_CODE).toBe("cancelled");
    expect(analysisStatus({ decision: "LONG", error_code: null })).toBe("done");
    expect(analysisStatus({ decision: "SHORT", error_code: "cancelled" })).toBe("done");
    expect(analysisStatus({ decision: null, error_code: "cancelled" })).toBe("cancelled");
    expect(analysisStatus({ decision: null, error_code: "rate_limit" })).toBe("failed");
    expect(analysisStatus({ decision: null, error_code: null })).toBe("failed");
  });
});

describe("outcomeStatus", () => {
  const market = JSON.stringify({ asset: "BTC" });
  const csv = JSON.stringify({ csv: "..." });

  it("is none without a decision, scored once scored, and otherwise pending or never for the caller's own bars", () => {
    expect(outcomeStatus({ decision: null, request: market }, false)).toBe("none");
    expect(outcomeStatus({ decision: null, request: csv }, true)).toBe("none");
    expect(outcomeStatus({ decision: "LONG", request: csv }, true)).toBe("scored");
    expect(outcomeStatus({ decision: "LONG", request: market }, true)).toBe("scored");
    expect(outcomeStatus({ decision: "LONG", request: market }, false)).toBe("pending");
    expect(outcomeStatus({ decision: "SHORT", request: csv }, false)).toBe("no_later_bars");
  });
});
