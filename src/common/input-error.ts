// An error in what the caller asked for (a bad request, a bad argument): the message says what is wrong.
import type { z } from "zod";

import { formatZodError } from "./format-zod-error";
import { type ErrorDetails, QuantAgentError } from "./quantagent-error";

export interface InputErrorOptions {
  message: string;
  /** A more precise code than "invalid_request" (invalid_csv, date_range ...). */
  code?: string;
  details?: ErrorDetails;
  cause?: unknown;
}

export class InputError extends QuantAgentError {
  override name = "InputError";

  constructor(options: InputErrorOptions) {
    super({
      code: options.code ?? "invalid_request",
      kind: "input",
      message: options.message,
      details: options.details,
      cause: options.cause,
    });
  }

  /** One sentence from zod's issues, led by `subject` when given; the ZodError is kept as the cause. */
  static fromZod(error: z.ZodError, subject?: string): InputError {
    return new InputError({ message: formatZodError(error, { subject }), cause: error });
  }
}
