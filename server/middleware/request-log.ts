// One structured log line per answered request: method, path, status, duration and, for errors, the stable code.
// API calls log at info, the page's files at debug. The line is JSON, so nothing in a path or header can forge another.
import type { Middleware } from "koa";

import type { Logger } from "../logger";

export function requestLog(options: { logger: Logger }): Middleware {
  return async (context, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const body = context.body as { code?: unknown } | null | undefined;
      const code = context.status >= 400 && typeof body?.code === "string" ? body.code : undefined;
      const fields = {
        method: context.method,
        path: context.path,
        status: context.status,
        ms: Math.round(performance.now() - started),
        ...(code ? { code } : {}),
        address: context.ip,
      };
      if (context.path.startsWith("/api/")) options.logger.info("request", fields);
      else options.logger.debug("request", fields);
    }
  };
}
