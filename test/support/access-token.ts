// An ACCESS_TOKEN for a test: strong enough for the server's start-up check (at least 40 characters and 128 bits as
// zxcvbn-ts estimates it), drawn afresh each run so that no token-shaped literal is committed. The label says which
// test it belongs to, should one ever show up in a log.
import { randomBytes } from "node:crypto";

export function testAccessToken(label: string): string {
  return `${label}-${randomBytes(32).toString("base64url")}`;
}
