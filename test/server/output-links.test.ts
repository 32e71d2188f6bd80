// /output links made by this server are signed with the installation's secret (DATA_DIR/output-link.secret), and
// /output says whose link it shows: "signed" for this server's, "unsigned" for a link without a signature, "altered"
// for a changed text or signature, "none" without results. The old client's flow is unchanged: it opens the
// redirect this server made, which is signed. A restart keeps the secret; another installation's links do not check.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { LINK_BUDGET_CHARACTERS } from "../../server/legacy-redirect";
import { createFileSecretStore } from "../../server/output-link/file-installation-secret";
import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";
import { createStubChartRenderer } from "../reliability/support/stub-chart-renderer";
import { fakeYahooMarket } from "../support/fake-yahoo-market";
import { legacyAnalyzeBody } from "./legacy-client-fixtures";
import { postJson, startTestServer, TEST_KEY, type TestServer } from "./test-server";

let fake: FakeProviderServer;
let secretDir: string;
let server: TestServer;
let redirect: string;

async function startServer(dataDirForSecret: string): Promise<TestServer> {
  return startTestServer({
    config: { api_key: TEST_KEY, openai_base_url: fake.openaiBaseUrl },
    renderer: createStubChartRenderer(),
    fetch: fakeYahooMarket({ symbol: "BTC-USD", market: "crypto" }).fetch,
    app: { now: () => new Date(), outputLinkSecret: createFileSecretStore({ dataDir: dataDirForSecret }) },
  });
}

/** What /output says of a link: the value of data-link on its body. */
async function originOf(target: TestServer, link: string): Promise<string | undefined> {
  const response = await fetch(target.url + link);
  expect(response.status).toBe(200);
  return /<body data-link="([a-z]+)">/.exec(await response.text())?.[1];
}

function withResults(link: string, change: (results: string) => string): string {
  const parameters = new URLSearchParams(link.slice("/output?".length));
  parameters.set("results", change(parameters.get("results") ?? ""));
  return `/output?${parameters.toString()}`;
}

beforeAll(async () => {
  fake = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  secretDir = mkdtempSync(path.join(tmpdir(), "output-links-"));
  server = await startServer(secretDir);
  const answer = await postJson(server, "/api/analyze", legacyAnalyzeBody({ asset: "BTC", timeframe: "4h", days: 30 }));
  expect(answer.status).toBe(200);
  redirect = answer.body.redirect as string;
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
  rmSync(secretDir, { recursive: true, force: true });
});

describe("links to /output", () => {
  it("are signed by this server, within the link's length budget", () => {
    expect(redirect).toMatch(/^\/output\?results=[^&]+&signature=[0-9a-f]{64}$/);
    expect(redirect.length).toBeLessThanOrEqual(LINK_BUDGET_CHARACTERS);
  });

  it("show as this server's when opened as made", async () => {
    expect(await originOf(server, redirect)).toBe("signed");
  });

  it("show as altered when the results or the signature changed", async () => {
    expect(
      await originOf(
        server,
        withResults(redirect, (results) => results.replace('"LONG"', '"SHORT"')),
      ),
    ).toBe("altered");
    expect(
      await originOf(
        server,
        withResults(redirect, (results) => `${results} `),
      ),
    ).toBe("altered");
    const signature = redirect.slice(-64);
    const other = `${signature.slice(0, -1)}${signature.endsWith("a") ? "b" : "a"}`;
    expect(await originOf(server, `${redirect.slice(0, -64)}${other}`)).toBe("altered");
  });

  it("show as unsigned without a signature, as an old server's or a hand-made link would be", async () => {
    expect(await originOf(server, redirect.slice(0, redirect.indexOf("&signature=")))).toBe("unsigned");
    expect(await originOf(server, `/output?results=${encodeURIComponent('{"asset_name":"Anything"}')}`)).toBe(
      "unsigned",
    );
  });

  it("are checked on the results the page reads: the first, however many parameters come first or after", async () => {
    const padding = Array.from({ length: 1_200 }, (_, index) => `p${index}=1`).join("&");
    const unsigned = redirect.slice(0, redirect.indexOf("&signature=")).replace("/output?", `/output?${padding}&`);
    expect(await originOf(server, unsigned)).toBe("unsigned");
    // A second results (or signature) after a signed one: the page shows the first, which is what was checked.
    const crafted = encodeURIComponent('{"asset_name":"Crafted"}');
    expect(await originOf(server, `/output?results=${crafted}&${redirect.slice("/output?".length)}`)).toBe("altered");
    expect(await originOf(server, `${redirect}&results=${crafted}`)).toBe("signed");
    expect(await originOf(server, "/output")).toBe("none");
  });

  it("keep their signature across a restart, and another installation's links do not check", async () => {
    const restarted = await startServer(secretDir);
    const otherDir = mkdtempSync(path.join(tmpdir(), "output-links-other-"));
    const other = await startServer(otherDir);
    try {
      expect(await originOf(restarted, redirect)).toBe("signed");
      expect(await originOf(other, redirect)).toBe("altered");
    } finally {
      await restarted.close();
      await other.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
