// Validation as a middleware factory: `validated("body", schema, handler)` parses the JSON body (left by jsonBody)
// or the query string with a zod schema, answers 400 in plain words naming each bad field, and hands the handler
// typed input. Every route reads its input only through here.
//
// Before the schema, one rule for every string of every request: no control characters, line breaks or bidi
// overrides (plain-text.ts), except line breaks and tabs in the fields a route names as multi-line (a CSV's text).
// Such characters are never needed in a symbol, a date or a name, and can only break a chart title, a log line or
// the page; refusing them here keeps them from reaching anything that costs money.
import type { Context, Middleware } from "koa";
import type { z } from "zod";

import { findControlCharacter, InputError } from "../../src/common/index";

export type InputSource = "body" | "query";

export type ValidatedHandler<Input> = (context: Context, input: Input) => Promise<void> | void;

export interface ValidatedOptions {
  /** Top-level fields that may hold line breaks and tabs. */
  multiline?: readonly string[];
}

export function validated<Schema extends z.ZodType>(
  source: InputSource,
  schema: Schema,
  handler: ValidatedHandler<z.output<Schema>>,
  options: ValidatedOptions = {},
): Middleware {
  return async (context) => {
    const raw: unknown = source === "body" ? context.state.jsonBody : { ...context.query };
    const subject = source === "body" ? "Invalid request body" : "Invalid query";
    const badField = findControlCharacter(raw, { allowMultiline: options.multiline });
    if (badField !== undefined) {
      throw new InputError({
        message: `${subject}: ${badField} must be plain text on one line (no control characters or line breaks).`,
      });
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw InputError.fromZod(parsed.error, subject);
    await handler(context, parsed.data);
  };
}
