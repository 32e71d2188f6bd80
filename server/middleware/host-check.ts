// DNS-rebinding protection for a server without an access token: the Host header must name this machine's
// loopback (localhost, *.localhost, 127.0.0.0/8, [::1]: the same rule that lets the server start without a token). A hostile page whose domain is re-pointed at 127.0.0.1 sends its own
// domain as Host and is refused, which is what Jupyter does when remote access is off. With an access token set,
// the token is the protection and any Host is accepted.
import type { Middleware } from "koa";

import { HttpProblem } from "../http-problem";
import { isLoopbackHost } from "../loopback-host";

export interface HostCheckOptions {
  /** Host names (without port) accepted besides the loopback names. */
  allowedHosts?: readonly string[];
}

export function hostCheck(options: HostCheckOptions = {}): Middleware {
  const allowed = new Set((options.allowedHosts ?? []).map((name) => name.toLowerCase()));
  return async (context, next) => {
    const hostName = context.hostname.toLowerCase();
    if (!isLoopbackHost(hostName) && !allowed.has(hostName)) {
      throw new HttpProblem(
        403,
        "forbidden_host",
        "This server only answers requests addressed to localhost or 127.0.0.1 (the Host header names another). " +
          "To reach it under another name, start it with an ACCESS_TOKEN.",
      );
    }
    await next();
  };
}
