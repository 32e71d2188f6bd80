// Validation at the journal's boundary: zod's verdict on what a caller passed becomes one JournalError that names
// every bad field, before anything touches the database.
import type { z } from "zod";

import { formatZodError } from "../common/format-zod-error";
import { JournalError } from "./journal-error";

export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  subject: string,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new JournalError({
      reason: "invalid_input",
      message: formatZodError(parsed.error, { subject }),
      cause: parsed.error,
    });
  }
  return parsed.data;
}
