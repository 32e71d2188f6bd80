// Signing /output links: this server's signature checks, under the same secret only; a link without one is
// unsigned; any change to its results text or its signature (one character, case, length) makes it altered.
import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import { createLinkSigner } from "../../../server/output-link/link-signature";

const results = JSON.stringify({ asset_name: "Bitcoin", final_decision: { decision: "LONG" } });

describe("createLinkSigner", () => {
  const signer = createLinkSigner(randomBytes(32));
  const signature = signer.sign(results);

  it("signs with 64 hex digits that check as signed, and the same text always signs the same", () => {
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signer.sign(results)).toBe(signature);
    expect(signer.check(results, signature)).toBe("signed");
  });

  it("answers unsigned for a link without a signature", () => {
    expect(signer.check(results, undefined)).toBe("unsigned");
    expect(signer.check(results, "")).toBe("unsigned");
  });

  it("answers altered for a changed text or signature, whatever the change", () => {
    expect(signer.check(results.replace("LONG", "SHORT"), signature)).toBe("altered");
    expect(signer.check(`${results} `, signature)).toBe("altered");
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`;
    expect(signer.check(results, flipped)).toBe("altered");
    expect(signer.check(results, signature.toUpperCase())).toBe("altered");
    expect(signer.check(results, signature.slice(0, 63))).toBe("altered");
    expect(signer.check(results, `${signature}0`)).toBe("altered");
  });

  it("does not accept another installation's signature", () => {
    expect(createLinkSigner(randomBytes(32)).check(results, signature)).toBe("altered");
  });
});
