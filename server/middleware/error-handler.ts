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
      const where = `${context.method} ${context.path}`;
      if (response.unexpected) {
        logger.error(`Unexpected error on ${where}`, { error });
      } else if (context.headerSent || !context.writable) {
        logger.info(`${where} ended early: ${response.body.error}`);
      } else if (response.status >= 500) {
        logger.warn(`${where} failed: ${response.body.error}`, { code: response.body.code });
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
