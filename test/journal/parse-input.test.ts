// The journal's boundary check: a zod failure becomes one JournalError naming every bad field, with zod's verdict as
// its cause; a valid value comes back as the schema outputs it.
import { describe, expect, it } from "vitest";
import { z, ZodError } from "zod";

import { JournalError } from "../../src/journal/journal-error";
import { parseInput } from "../../src/journal/parse-input";

const schema = z.strictObject({ limit: z.number().max(5, "must be at most 5"), name: z.string().trim() });

describe("parseInput", () => {
  it("answers the parsed value, transforms applied", () => {
    expect(parseInput(schema, { limit: 5, name: "  a  " }, "options")).toEqual({ limit: 5, name: "a" });
  });

  it("throws an input JournalError naming the subject and each bad field, with zod's error as its cause", () => {
    const error = (() => {
      try {
        parseInput(schema, { limit: 6, name: 1 }, "list options");
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(JournalError);
    expect(error).toMatchObject({ reason: "invalid_input", code: "invalid_journal_input", kind: "input" });
    const message = (error as Error).message;
    expect(message.startsWith("list options: ")).toBe(true);
    expect(message).toContain("limit: must be at most 5");
    expect(message).toContain("name:");
    expect((error as Error).cause).toBeInstanceOf(ZodError);
  });
});
