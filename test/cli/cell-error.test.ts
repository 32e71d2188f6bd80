// A failing notebook cell's reply to Jupyter: the error's name and message from what the cell printed, as Node prints
// an error, and every printed line as the traceback.
import { describe, expect, it } from "vitest";

import { cellError } from "../../cli/cell-error";

describe("cellError", () => {
  it("takes the name and message from the error's first line, and keeps every line as the traceback", () => {
    const stderr =
      "ConfigError [missing_key]: No OpenAI key is set. Run with QUANTAGENT_PROVIDER=demo to try without one.\n" +
      "    at createPipeline (/p/dist/src/pipeline/create.js:10:11)\n" +
      "    at async Object.<anonymous> (__tslab__.js:3:1) {\n  code: 'missing_key'\n}\n";
    const error = cellError(stderr);
    expect(error.ename).toBe("ConfigError [missing_key]");
    expect(error.evalue).toBe("No OpenAI key is set. Run with QUANTAGENT_PROVIDER=demo to try without one.");
    expect(error.traceback).toEqual([
      "ConfigError [missing_key]: No OpenAI key is set. Run with QUANTAGENT_PROVIDER=demo to try without one.",
      "    at createPipeline (/p/dist/src/pipeline/create.js:10:11)",
      "    at async Object.<anonymous> (__tslab__.js:3:1) {",
      "  code: 'missing_key'",
      "}",
    ]);
  });

  it("skips lines printed before the error (a log line, a warning), and reads Windows line ends", () => {
    const error = cellError(
      "fetching 45 bars\r\nWarning: slow\r\nTypeError: candles.map is not a function\r\n    at x (y.js:1:1)\r\n",
    );
    expect(error).toEqual({
      ename: "TypeError",
      evalue: "candles.map is not a function",
      traceback: [
        "fetching 45 bars",
        "Warning: slow",
        "TypeError: candles.map is not a function",
        "    at x (y.js:1:1)",
      ],
    });
  });

  it("reads an error Node calls uncaught", () => {
    expect(cellError("Uncaught RangeError: Invalid time value\n")).toMatchObject({
      ename: "RangeError",
      evalue: "Invalid time value",
    });
  });

  it("gives a compile error's first line as the message when no line names an error", () => {
    const error = cellError("\n3:7 - Type 'string' is not assignable to type 'number'.\n4:1 - Cannot find name 'x'.\n");
    expect(error.ename).toBe("Error");
    expect(error.evalue).toBe("3:7 - Type 'string' is not assignable to type 'number'.");
    expect(error.traceback).toHaveLength(3);
  });

  it("says the cell printed nothing when it did not", () => {
    expect(cellError("")).toEqual({ ename: "Error", evalue: "the cell failed and printed nothing", traceback: [""] });
  });
});
