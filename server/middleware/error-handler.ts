// The first middleware: the one place where an error becomes an HTTP response. Known errors answer with their
// status and plain words (error-response.ts); anything else is logged (redacted by the logger) and answered with a
// generic sentence, so no request can ever see a stack trace.
import type { Middleware } from "koa";

import type { Logger } from "../logger";
import { errorResponse } from "./error-response";

export interface ErrorHandlerOptions {
  logger: Logger;
}

export function errorHandler(options: ErrorHandlerOptions): Middleware {
  const { logger } = options;
  return async (context, next) => {
    try {
      await next();
    } catch (error) {
      const response = errorResponse(error);
      const where = { method: context.method, path: context.path };
      // Only the server's own faults carry the error (and its stack); a client's mistake is already one line in the
      // request log, with its status and code.
      if (response.unexpected) {
        logger.error("unexpected error", { ...where, error });
      } else if (context.headerSent || !context.writable) {
        logger.info("request ended early", { ...where, code: response.body.code, reason: response.body.error });
      } else if (response.status >= 500) {
        logger.warn("request failed", {
          ...where,
          status: response.status,
          code: response.body.code,
          reason: response.body.error,
        });
      }
      // A response already under way (a stream) or a closed connection: nothing more can be said.
      if (context.headerSent || !context.writable) return;
      context.status = response.status;
      for (const [name, value] of Object.entries(response.headers ?? {})) context.set(name, value);
      context.set("Cache-Control", "no-store");
      context.body = response.body;
    }
  };
}
