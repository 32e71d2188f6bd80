// GET /api/page-config answers what the page needs to know about the library (src/wire/page-config.ts builds it once,
// from the library's own constants). Also names the file that answers /output, the results page older clients open
// after an analysis (createApp maps it among the static files).
import path from "node:path";

import type Router from "@koa/router";

import { buildPageConfig } from "../../src/wire/index";
import type { RouteSettings } from "../app-dependencies";
import { apiRouter } from "./api-router";

/** The path older clients open after an analysis. */
export const LEGACY_OUTPUT_PATH = "/output";

/**
 * /output as one of the page's static files, for createApp's static-file map: served like any other file of the page
 * (so, like them, without the access token: an older client's redirect cannot send one, and the page holds no data;
 * the result travels in its query string). max-age 0: revalidated on every visit, as the page's own files are.
 */
export function legacyOutputFiles(publicDir: string): Record<string, { file: string; maxAgeSeconds: number }> {
  return { [LEGACY_OUTPUT_PATH]: { file: path.join(publicDir, "output.html"), maxAgeSeconds: 0 } };
}

export function createPageConfigRouter(_settings: RouteSettings): Router {
  const router = apiRouter();
  const pageConfig = buildPageConfig();
  router.get("/page-config", (context) => {
    context.body = pageConfig;
  });
  return router;
}
