// Scrubbing a mutation report (scripts/mutation-scrub.ts): a generated test key, whole or in pieces, and a test's
// temporary folder become placeholders; the rest of the text is left as it was.
import { describe, expect, it } from "vitest";

import { scrubReportText } from "../../scripts/mutation-scrub";
import { FAKE_KEY_SHAPES } from "../support/fake-key-shapes";

describe("scrubReportText", () => {
  it("replaces a whole generated key by one placeholder and a piece of one by another", () => {
    const key = FAKE_KEY_SHAPES.anthropic;
    const tail = key.slice("sk-ant-api03-".length);
    const reason = `{"statusReason":"expected 'echo ${key}' not to contain '${tail.slice(3, 15)}'"}`;
    const { text, replaced } = scrubReportText(reason);
    expect(text).toBe(
      `{"statusReason":"expected 'echo sk-ant-api03-<generated test key>' not to contain '<generated test key>'"}`,
    );
    expect(replaced).toBe(2);
  });

  it("replaces a test's temporary folder, and leaves alone what is neither", () => {
    const reason = "ENOENT: open '/tmp/atomic-write-cDhJpm/list.json'; see /tmp/readme and sk-proj-abc123XYZ789";
    expect(scrubReportText(reason)).toEqual({
      text: "ENOENT: open '<temporary folder>/list.json'; see /tmp/readme and sk-proj-abc123XYZ789",
      replaced: 1,
    });
  });

  it("leaves a run of fewer than 8 characters of a key alone", () => {
    const short = FAKE_KEY_SHAPES.openai.slice("sk-proj-".length).slice(0, 7);
    expect(scrubReportText(`piece ${short}.`)).toEqual({ text: `piece ${short}.`, replaced: 0 });
  });
});
