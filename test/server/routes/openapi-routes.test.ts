// GET /api/openapi.json on its own (route-harness.ts): the document the app describes itself with, as built by
// server/openapi/. Its content against the routes the app serves is checked in ../openapi-document.test.ts.
import { describe, expect, it } from "vitest";

import { buildOpenApiDocument } from "../../../server/openapi/openapi-document";
import { createOpenApiRouter } from "../../../server/routes/openapi-routes";
import { getJson } from "../test-server";
import { routeSettings, withRouter } from "./route-harness";

describe("GET /api/openapi.json", () => {
  it("answers the OpenAPI document", async () => {
    await withRouter(createOpenApiRouter(routeSettings({})), async (served) => {
      const answer = await getJson(served, "/api/openapi.json");
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
      expect(answer.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    });
  });
});
