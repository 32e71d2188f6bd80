// GET /output: the results page older clients open after an analysis, /output?results=<JSON>&signature=<hex>. The
// page (public/output.html) shows whatever the link carries; this route only tells it whose link it is, by setting
// its body's data-link to "signed" (a link this server made), "unsigned" or "altered" (anybody's: the page then shows
// a banner saying this server did not produce it), or "none" (no results in the link). The banner is in the markup
// and shown by default, so a page served any other way warns too.
//
// Like the page's other files, /output needs no access token (an old client's redirect cannot send one; the data is
// in the link), which is why it stays listed among the static files (page-config-routes.ts) that the gate lets by.
import { readFile } from "node:fs/promises";
import path from "node:path";

import Router from "@koa/router";

import type { RouteSettings } from "../app-dependencies";
import { createLinkSigner, type LinkOrigin } from "../output-link/link-signature";
import { LEGACY_OUTPUT_PATH } from "./page-config-routes";

/** The attribute output.html is written with: what any copy of the page says unless this route says otherwise. */
export const UNCHECKED_MARK = 'data-link="unsigned"';

export function createOutputRouter(settings: RouteSettings, options: { publicDir: string }): Router {
  const router = new Router({ sensitive: true, strict: true });
  const page = path.join(options.publicDir, "output.html");
  router.get(LEGACY_OUTPUT_PATH, async (context) => {
    // Read as the browser reads it (URLSearchParams: the first `results`, however many other parameters come first),
    // so the text checked is the text the page shows.
    const parameters = new URLSearchParams(context.querystring);
    const results = parameters.get("results");
    const origin: LinkOrigin | "none" =
      results === null
        ? "none"
        : createLinkSigner(await settings.outputLinkSecret.secret()).check(
            results,
            parameters.get("signature") ?? undefined,
          );
    const html = await readFile(page, "utf8");
    context.type = "text/html; charset=utf-8";
    context.body = html.replace(UNCHECKED_MARK, `data-link="${origin}"`);
  });
  return router;
}
