// GET /api/openapi.json: the OpenAPI 3.1 document of this API (server/openapi/), built once when the app is made.
// An /api route like any other: behind the same access-token gate, since it is the server's own description.
import type Router from "@koa/router";

import type { RouteSettings } from "../app-dependencies";
import { buildOpenApiDocument } from "../openapi/openapi-document";
import { apiRouter } from "./api-router";

export function createOpenApiRouter(_settings: RouteSettings): Router {
  const router = apiRouter();
  const document = buildOpenApiDocument();
  router.get("/openapi.json", (context) => {
    context.body = document;
  });
  return router;
}
