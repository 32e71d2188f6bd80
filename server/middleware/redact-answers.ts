// The outermost middleware: whatever a handler or the error handler put in the body, every key in use and the access
// token are removed from it by value before it is sent (src/common/secret-redactor.ts). Event streams redact each
// event as it is written (event-stream.ts); files of the page are served as they are.
import type { Middleware } from "koa";

import type { SecretRedactor } from "../../src/common/index";

export function redactAnswers(redactor: SecretRedactor): Middleware {
  return async (context, next) => {
    await next();
    const body: unknown = context.body;
    if (typeof body === "string") context.body = redactor.redact(body);
    else if (
      body !== null &&
      typeof body === "object" &&
      !Buffer.isBuffer(body) &&
      typeof (body as { pipe?: unknown }).pipe !== "function"
    ) {
      context.body = redactor.redactValue(body);
    }
  };
}
