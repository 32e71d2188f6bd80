// State-changing requests must come from this server's own page. Browsers label every request: Sec-Fetch-Site
// says whether it comes from another site, and Origin names the page that sent it. Either one pointing elsewhere is
// refused (403). Requests with neither header come from programs (curl, scripts), not from a browser page that an
// attacker controls, and are allowed, as in Jupyter.
import type { Middleware } from "koa";

import { HttpProblem } from "../http-problem";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const ALLOWED_FETCH_SITES = new Set(["same-origin", "none"]);

export function sameOrigin(): Middleware {
  return async (context, next) => {
    if (!SAFE_METHODS.has(context.method)) {
      const fetchSite = context.get("Sec-Fetch-Site").toLowerCase();
      if (fetchSite !== "" && !ALLOWED_FETCH_SITES.has(fetchSite)) {
        throw forbidden("the browser marked it as sent from another site");
      }
      const origin = context.get("Origin");
      if (origin !== "") {
        const expected = `${context.protocol}://${context.host}`.toLowerCase();
        // Neither origin is repeated: both are the caller's text (Host and Origin headers).
        if (origin.toLowerCase() !== expected) throw forbidden("its Origin is not this server's own");
      }
    }
    await next();
  };
}

function forbidden(reason: string): HttpProblem {
  return new HttpProblem(
    403,
    "forbidden_origin",
    `Refused: requests that change anything must come from this server's own page (${reason}).`,
  );
}
