// Every API router is made here, so all of them match paths the same strict way: case-sensitive (/API/... is no
// route) and with trailing slashes significant (/api/assets/ is no route). Together with the canonical-path check,
// a route has exactly one spelling.
import Router from "@koa/router";

export function apiRouter(): Router {
  return new Router({ prefix: "/api", sensitive: true, strict: true });
}
