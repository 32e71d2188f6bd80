// The journal's error: each reason's stable code and whose problem it is (the server turns the kind into a status),
// the file path kept off what clients see, and the cause kept for logs.
import { describe, expect, it } from "vitest";

import { QuantAgentError } from "../../src/common/quantagent-error";
import { JournalError, type JournalErrorReason } from "../../src/journal/journal-error";

const expected: [JournalErrorReason, string, "input" | "internal"][] = [
  ["invalid_input", "invalid_journal_input", "input"],
  ["not_found", "analysis_not_found", "input"],
  ["run_not_found", "run_not_found", "input"],
  ["watch_entry_not_found", "watch_entry_not_found", "input"],
  ["closed", "journal_closed", "input"],
  ["damaged_database", "journal_damaged", "internal"],
  ["database_unavailable", "journal_unavailable", "internal"],
  ["migration_failed", "journal_migration_failed", "internal"],
];

describe("JournalError", () => {
  it.each(expected)("%s has the code %s and the kind %s", (reason, code, kind) => {
    const error = new JournalError({ reason, message: "What to do about it." });
    expect(error).toBeInstanceOf(QuantAgentError);
    expect(QuantAgentError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ name: "JournalError", reason, code, kind, message: "What to do about it." });
    expect(error.filePath).toBeUndefined();
    expect(error.toJSON()).toEqual({ name: "JournalError", code, kind, message: "What to do about it.", details: {} });
  });

  it("keeps the file concerned and the cause, neither of them in what is shown", () => {
    const cause = new Error("SQLITE_NOTADB: file is not a database at /srv/data/quantagent.db");
    const error = new JournalError({
      reason: "damaged_database",
      message: "The journal file is damaged.",
      filePath: "/srv/data/quantagent.db",
      cause,
    });
    expect(error.filePath).toBe("/srv/data/quantagent.db");
    expect(error.cause).toBe(cause);
    expect(JSON.stringify(error)).not.toContain("/srv/data");
  });
});
