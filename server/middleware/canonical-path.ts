// Every path is answered in one spelling only. Routers, the static files and the access gate all look at the raw
// path; if a second spelling of a route could reach it (an encoded letter, a doubled slash, a dot segment), a rule
// written for one spelling would miss the other. So anything but the canonical form is refused with 404 here,
// before any other decision is made. Letter case is left to the routers, which are case-sensitive: /API/... matches
// no route.
import type { Middleware } from "koa";

import { HttpProblem } from "../http-problem";

/** Characters that must appear as themselves, never percent-encoded (RFC 3986 unreserved). */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
/** Characters a path segment may never carry, raw or encoded: separators, backslash, controls, and %. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const FORBIDDEN_DECODED = /^[/\\%\u0000-\u001f\u007f]$/;
/** What may appear raw in a path: unreserved, sub-delimiters, ":" and "@", "/" and percent escapes. */
const RAW_PATH = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$/;

/** Why `rawPath` is not canonical, or undefined when it is. */
export function nonCanonicalReason(rawPath: string): string | undefined {
  if (!rawPath.startsWith("/")) return "it does not start with /";
  if (!RAW_PATH.test(rawPath)) return "it holds characters that must be percent-encoded, or a broken escape";
  if (rawPath.includes("//")) return "it has an empty segment (//)";
  const segments = rawPath.split("/").slice(1);
  for (const segment of segments) {
    if (segment === "." || segment === "..") return "it has a dot segment";
    for (const match of segment.matchAll(/%([0-9A-Fa-f]{2})/g)) {
      const character = String.fromCharCode(Number.parseInt(match[1] ?? "", 16));
      if (UNRESERVED.test(character)) return "it percent-encodes a character that needs no encoding";
      if (FORBIDDEN_DECODED.test(character)) return "it encodes a separator or a control character";
    }
  }
  return undefined;
}

export function canonicalPath(): Middleware {
  return async (context, next) => {
    const reason = nonCanonicalReason(context.path);
    if (reason !== undefined) {
      // The path is not echoed: it is the attacker's text, and the reason says enough.
      throw new HttpProblem(
        404,
        "not_found",
        `No such page or API endpoint: the path is not in its canonical form (${reason}).`,
      );
    }
    await next();
  };
}
