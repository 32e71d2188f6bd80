// Placed before the routers: whatever they and the static files left without a body becomes an error in the same
// JSON shape as every other (404 for unknown paths; 405 or 501 when a router knows the path but not the method).
// It waits for them rather than sitting last, so the routers' method answers (and Allow headers) come first. The path
// and the method are the caller's text and are not repeated (src/common/quote-input.ts).
import type { Middleware } from "koa";

import { HttpProblem } from "../http-problem";

export function unansweredRequests(): Middleware {
  return async (context, next) => {
    await next();
    if (context.body != null) return;
    const allow = context.response.get("Allow");
    switch (context.status) {
      case 404:
        throw new HttpProblem(
          404,
          "not_found",
          context.path.startsWith("/api/")
            ? "No such API endpoint: the routes are listed at GET /api/openapi.json."
            : "No such page or file.",
        );
      case 405:
        throw new HttpProblem(
          405,
          "method_not_allowed",
          `This method is not allowed here; use ${allow || "another"}.`,
          {
            Allow: String(allow),
          },
        );
      case 501:
        throw new HttpProblem(501, "not_implemented", "This server does not implement this method.");
      default:
        return;
    }
  };
}
