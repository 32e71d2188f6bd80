// Signs and checks the /output links this server makes. The signature is an HMAC-SHA256, under the installation's
// secret, of the link's `results` text (the JSON as the page reads it, not its percent-encoding, which a browser may
// re-encode); it travels as the link's `signature` parameter. A link without one, or whose text or signature was
// changed, still shows, under a banner saying this server did not produce it (routes/output-routes.ts).
import { createHmac, timingSafeEqual } from "node:crypto";

/** What a link is, as far as this server can tell. */
export type LinkOrigin = "signed" | "unsigned" | "altered";

/** Keeps a signature for one purpose from ever being valid for another (should the secret sign anything else). */
const PURPOSE = "quantagent output link v1\n";

export interface LinkSigner {
  /** The signature of a link's `results` text, as lowercase hex. */
  sign: (results: string) => string;
  /** Whether `signature` is this server's for `results`; compared in constant time. */
  check: (results: string, signature: string | undefined) => LinkOrigin;
}

export function createLinkSigner(secret: Buffer): LinkSigner {
  const mac = (results: string) => createHmac("sha256", secret).update(PURPOSE).update(results, "utf8").digest();
  return {
    sign: (results) => mac(results).toString("hex"),
    check: (results, signature) => {
      if (signature === undefined || signature === "") return "unsigned";
      const expected = mac(results);
      const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, "hex") : undefined;
      return given !== undefined && timingSafeEqual(given, expected) ? "signed" : "altered";
    },
  };
}
