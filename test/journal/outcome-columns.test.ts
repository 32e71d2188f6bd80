// An outcome in its four columns and back: a hit as 1 or 0, each horizon in its own pair, and no outcome at all
// unless all four are there.
import { describe, expect, it } from "vitest";

import { InternalError } from "../../src/common/quantagent-error";
import type { AnalysisOutcome } from "../../src/journal/outcome";
import { columnsOfOutcome, outcomeFromColumns } from "../../src/journal/outcome-columns";

const columns = { outcome_1_hit: 1, outcome_1_return: 0.01, outcome_3_hit: 0, outcome_3_return: -0.02 };

describe("outcome columns", () => {
  it("write each horizon in its own pair, a hit as 1 and a miss as 0", () => {
    const outcome: AnalysisOutcome = [
      { bars: 1, hit: true, return: 0.01 },
      { bars: 3, hit: false, return: -0.02 },
    ];
    expect(columnsOfOutcome(outcome)).toEqual(columns);
    expect(
      columnsOfOutcome([
        { bars: 3, hit: true, return: 0.5 },
        { bars: 1, hit: false, return: 0 },
      ]),
    ).toEqual({ outcome_1_hit: 0, outcome_1_return: 0, outcome_3_hit: 1, outcome_3_return: 0.5 });
    expect(columnsOfOutcome([])).toEqual({
      outcome_1_hit: null,
      outcome_1_return: null,
      outcome_3_hit: null,
      outcome_3_return: null,
    });
  });

  it("refuse a horizon they have no column for", () => {
    expect(() => columnsOfOutcome([{ bars: 2 as never, hit: true, return: 0 }])).toThrow(InternalError);
    expect(() => columnsOfOutcome([{ bars: 2 as never, hit: true, return: 0 }])).toThrow("unknown horizon 2");
  });

  it("read back the outcome, numbers as the drivers give them (PostgreSQL may answer text)", () => {
    expect(outcomeFromColumns(columns)).toEqual([
      { bars: 1, hit: true, return: 0.01 },
      { bars: 3, hit: false, return: -0.02 },
    ]);
    expect(
      outcomeFromColumns({
        outcome_1_hit: "0",
        outcome_1_return: "-0.5",
        outcome_3_hit: "1",
        outcome_3_return: "0.25",
      } as never),
    ).toEqual([
      { bars: 1, hit: false, return: -0.5 },
      { bars: 3, hit: true, return: 0.25 },
    ]);
  });

  it("read no outcome while any of the four is missing", () => {
    for (const column of Object.keys(columns)) {
      expect(outcomeFromColumns({ ...columns, [column]: null }), column).toBeNull();
    }
  });
});
