// Placed before the routers: whatever they and the static files left without a body becomes an error in the same
// JSON shape as every other (404 for unknown paths; 405 or 501 when a router knows the path but not the method).
// It waits for them rather than sitting last, so the routers' method answers (and Allow headers) come first.
import type { Middleware } from "koa";

import { HttpProblem } from "../http-problem";

export function unansweredRequests(): Middleware {
  return async (context, next) => {
    await next();
    if (context.body != null) return;
    const request = `${context.method} ${context.path}`;
    const allow = context.response.get("Allow");
    switch (context.status) {
      case 404: {
        const what = context.path.startsWith("/api/") ? "API endpoint" : "page or file";
        throw new HttpProblem(404, "not_found", `No such ${what}: ${request}.`);
      }
      case 405:
        throw new HttpProblem(
          405,
          "method_not_allowed",
          `${request} is not allowed; use ${allow || "another method"}.`,
          { Allow: String(allow) },
        );
      case 501:
        throw new HttpProblem(501, "not_implemented", `This server does not implement ${context.method}.`);
      default:
        return;
    }
  };
}
