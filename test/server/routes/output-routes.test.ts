// The /output route on its own (route-harness.ts), with a page of its own: it matches exactly one spelling of its
// path (another letter case or a trailing slash is no route, as for every API route), answers HTML, and sets
// data-link to what the link is. Signed links made by a real analysis are in ../output-links.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createLinkSigner } from "../../../server/output-link/link-signature";
import { createOutputRouter, UNCHECKED_MARK } from "../../../server/routes/output-routes";
import { routeSettings, withRouter } from "./route-harness";

let publicDir: string;

beforeEach(() => {
  publicDir = mkdtempSync(path.join(tmpdir(), "output-routes-"));
  writeFileSync(path.join(publicDir, "output.html"), `<html><body ${UNCHECKED_MARK}>results</body></html>`);
});
afterEach(() => rmSync(publicDir, { recursive: true, force: true }));

describe("GET /output", () => {
  it("answers the page as HTML with what the link is, on the one spelling of its path", async () => {
    const settings = routeSettings({});
    const signer = createLinkSigner(await settings.outputLinkSecret.secret());
    const results = '{"asset_name":"BTC"}';
    const link = `/output?results=${encodeURIComponent(results)}&signature=${signer.sign(results)}`;
    await withRouter(createOutputRouter(settings, { publicDir }), async (served) => {
      const signed = await fetch(served.url + link);
      expect(signed.status).toBe(200);
      expect(signed.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await signed.text()).toBe('<html><body data-link="signed">results</body></html>');
      expect(await (await fetch(`${served.url}/output`)).text()).toContain('data-link="none"');
      for (const other of ["/Output", "/OUTPUT", "/output/"]) {
        const answer = await fetch(served.url + other);
        expect(answer.status, other).toBe(404);
      }
    });
  });
});
