// The access token, required on every request but the page's own static files when the server has one (always when
// it is bound beyond loopback). Deny by default: the gate does not know the API's paths, it knows only which files the
// page is made of, so a route added later is protected without anyone remembering to protect it.
//
// Design, after Jupyter's: the token travels in the Authorization header (`Bearer <token>`, or Jupyter's
// `token <token>`), never in a cookie, so a cross-site page cannot make the browser send it. The page is opened once
// as /?token=..., keeps the token in sessionStorage and removes it from the address bar. Failed attempts are slowed
// per client address (failed-attempts.ts), and the order of the checks is what keeps that fair: the token is looked at
// first, so the right token passes at once whatever wrong ones came before from the same address (a proxy or a NAT
// shared with a guesser); only a wrong one is then held to the wait, and answered 429 at once, never held open.
import { createHash, timingSafeEqual } from "node:crypto";

import type { Middleware } from "koa";

import type { FailedAttempts } from "../failed-attempts";
import { HttpProblem } from "../http-problem";

export interface AccessTokenOptions {
  token: string;
  /** True for GET/HEAD paths that are files of the page (no data in them): the only requests let through. */
  isPublicFile: (path: string) => boolean;
  failedAttempts: FailedAttempts;
}

export function accessTokenCheck(options: AccessTokenOptions): Middleware {
  const expected = digest(options.token);
  return async (context, next) => {
    const readsFile = (context.method === "GET" || context.method === "HEAD") && options.isPublicFile(context.path);
    if (!readsFile) {
      const address = context.ip;
      const match = /^(?:bearer|token)\s+(\S+)\s*$/i.exec(context.get("Authorization"));
      if (!match) throw unauthorized("This server requires an access token.");
      // Comparing fixed-length digests keeps the comparison constant-time whatever the length of the guess.
      if (timingSafeEqual(digest(match[1] ?? ""), expected)) {
        options.failedAttempts.recordSuccess(address);
      } else {
        const waitMs = options.failedAttempts.waitMs(address);
        if (waitMs > 0) throw tooManyAttempts(waitMs);
        options.failedAttempts.recordFailure(address);
        throw unauthorized("The access token is not correct.");
      }
    }
    await next();
  };
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/** Answered at once: a guesser is told when to come back, and no connection is held open meanwhile. */
function tooManyAttempts(waitMs: number): HttpProblem {
  const seconds = Math.ceil(waitMs / 1000);
  return new HttpProblem(
    429,
    "too_many_attempts",
    `Too many wrong access tokens from this address: try again in ${seconds} s.`,
    { "Retry-After": String(seconds) },
  );
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
