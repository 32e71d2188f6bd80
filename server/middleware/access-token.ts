// The access token required on every /api call when the server has one (always when bound beyond loopback).
// Design, after Jupyter's: the token travels in the Authorization header (`Bearer <token>`, or Jupyter's
// `token <token>`), never in a cookie, so a cross-site page cannot make the browser send it. The page is opened
// once as /?token=..., keeps the token in sessionStorage and removes it from the address bar. The static files
// hold no data and are served without it.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Middleware } from "koa";
import { HttpProblem } from "../http-problem";

export const MIN_ACCESS_TOKEN_LENGTH = 16;

export interface AccessTokenOptions {
  token: string;
}

export function accessTokenCheck(options: AccessTokenOptions): Middleware {
  const expected = digest(options.token);
  return async (context, next) => {
    if (context.path.startsWith("/api/") || context.path === "/api") {
      const match = /^(?:bearer|token)\s+(\S+)\s*$/i.exec(context.get("Authorization"));
      if (!match) throw unauthorized("This server requires an access token.");
      // Comparing fixed-length digests keeps the comparison constant-time whatever the length of the guess.
      if (!timingSafeEqual(digest(match[1]), expected)) throw unauthorized("The access token is not correct.");
    }
    await next();
  };
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

function unauthorized(problem: string): HttpProblem {
  return new HttpProblem(
    401,
    "unauthorized",
    `${problem} Open the page as /?token=<your token> (the ACCESS_TOKEN the server was started with), ` +
      "or send the header Authorization: Bearer <token>.",
    { "WWW-Authenticate": 'Bearer realm="api"' },
  );
}
