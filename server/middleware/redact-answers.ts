// The outermost middleware: whatever a handler or the error handler put in the body, every key in use and the access
// token are removed from it by value before it is sent (src/common/secret-redactor.ts), except the caller's own text
// (what this request sent, and what the route marked as callers' own: caller-texts.ts), which is shown as it is so
// that no answer tells whether that text matched a secret, and the binary data a route marked (an analysis's charts:
// binary-texts.ts), which is nobody's text. Event streams redact each event as it is written (event-stream.ts); files
// of the page are served as they are.
import type { Middleware } from "koa";

import type { SecretRedactor } from "../../src/common/index";
import { binaryTexts } from "../binary-texts";
import { requestCallerTexts } from "../caller-texts";

export function redactAnswers(redactor: SecretRedactor): Middleware {
  return async (context, next) => {
    await next();
    const body: unknown = context.body;
    const isText = typeof body === "string";
    const isJson =
      body !== null &&
      typeof body === "object" &&
      !Buffer.isBuffer(body) &&
      typeof (body as { pipe?: unknown }).pipe !== "function";
    if (!isText && !isJson) return;
    const spare = requestCallerTexts(context);
    context.body = isText
      ? redactor.redact(body, { spare })
      : redactor.redactValue(body, { spare, binary: binaryTexts(context) });
  };
}
