// Every API router matches one spelling of a path: under /api, in its letter case, without a trailing slash that
// the route does not have. A route that answered /API/... or /api/x/ too would have a second spelling that the
// canonical-path check and the gate's public-file list do not know.
import { describe, expect, it } from "vitest";

import { apiRouter } from "../../../server/routes/api-router";
import { withRouter } from "./route-harness";

describe("apiRouter", () => {
  it("matches /api/<path> exactly: another letter case or a trailing slash is no route", async () => {
    const router = apiRouter();
    router.get("/thing", (context) => {
      context.body = { reached: true };
    });
    await withRouter(router, async (served) => {
      expect((await fetch(`${served.url}/api/thing`)).status).toBe(200);
      for (const other of ["/api/Thing", "/API/thing", "/api/thing/", "/thing"]) {
        expect((await fetch(served.url + other)).status, other).toBe(404);
      }
    });
  });
});
