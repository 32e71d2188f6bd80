// Validation as a middleware factory: `validated("body", schema, handler)` parses the JSON body (left by jsonBody)
// or the query string with a zod schema, answers 400 in plain words naming each bad field, and hands the handler
// typed input. Every route reads its input only through here.
import type { Context, Middleware } from "koa";
import type { z } from "zod";
import { InputError } from "../../src/index";

export type InputSource = "body" | "query";

export type ValidatedHandler<Input> = (context: Context, input: Input) => Promise<void> | void;

export function validated<Schema extends z.ZodType>(
  source: InputSource,
  schema: Schema,
  handler: ValidatedHandler<z.output<Schema>>,
): Middleware {
  return async (context) => {
    const raw: unknown = source === "body" ? context.state.jsonBody : { ...context.query };
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      throw InputError.fromZod(parsed.error, source === "body" ? "Invalid request body" : "Invalid query");
    }
    await handler(context, parsed.data);
  };
}
