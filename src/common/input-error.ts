// An error in what the caller asked for (a bad request, a bad key format): the message says what is wrong.
import type { z } from "zod";
import { formatZodError } from "./format-zod-error";

export class InputError extends Error {
  override name = "InputError";

  /** One sentence from zod's issues, led by `subject` when given; the ZodError is kept as the cause. */
  static fromZod(error: z.ZodError, subject?: string): InputError {
    return new InputError(formatZodError(error, { subject }), { cause: error });
  }
}
