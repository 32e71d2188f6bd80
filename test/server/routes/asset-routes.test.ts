// The asset routes on their own (route-harness.ts), each test with its own router: a symbol's length bound checked
// before the store, the symbol as saved and removed, and which texts of an answer are the caller's own (a custom
// symbol is shown as saved even when it spells a secret; a built-in code is not the caller's). The whole app's use,
// with the real store's rules, is in ../provider-and-assets.test.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createAssetRouter } from "../../../server/routes/asset-routes";
import { createSecretRedactor } from "../../../src/common/secret-redactor";
import { createPipeline, type Pipeline } from "../../../src/index";
import { MAX_SYMBOL_LENGTH } from "../../../src/market/index";
import { deleteJson, getJson, postJson } from "../test-server";
import { routeSettings, withRouter } from "./route-harness";

// A symbol that happens to spell a secret in use, and a built-in code that does too (only a test pipeline has one).
const SECRET_SYMBOL = "SECRETSYMBOL-77";
const SECRET_CODE = "SECRETCODE-88";
const redactor = createSecretRedactor(() => [SECRET_SYMBOL, SECRET_CODE]);

let dataDir: string;
let pipeline: Pipeline;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "asset-routes-"));
  pipeline = createPipeline({ data_dir: dataDir }, { env: {} });
});
afterEach(async () => {
  await pipeline.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("POST /api/save-custom-asset and DELETE /api/custom-assets/:symbol", () => {
  it("save the symbol as the store keeps it, remove it once, and show it as saved although it spells a secret", async () => {
    await withRouter(
      createAssetRouter(routeSettings(pipeline)),
      async (served) => {
        const saved = await postJson(served, "/api/save-custom-asset", { symbol: ` ${SECRET_SYMBOL} ` });
        expect(saved.status).toBe(200);
        expect(saved.body).toEqual({ success: true, symbol: SECRET_SYMBOL });
        const listed = await getJson(served, "/api/custom-assets");
        expect(listed.body).toEqual({ custom_assets: [SECRET_SYMBOL] });
        const removed = await deleteJson(served, `/api/custom-assets/${SECRET_SYMBOL}`);
        expect(removed.body).toEqual({ success: true, symbol: SECRET_SYMBOL, removed: true });
        const again = await deleteJson(served, `/api/custom-assets/${SECRET_SYMBOL}`);
        expect(again.body).toEqual({ success: true, symbol: SECRET_SYMBOL, removed: false });
        expect((await getJson(served, "/api/custom-assets")).body).toEqual({ custom_assets: [] });
      },
      { redactor },
    );
  });

  it("show the stored spelling of a symbol an earlier caller saved, although it spells a secret", async () => {
    await pipeline.saveCustomAsset(SECRET_SYMBOL);
    const lower = SECRET_SYMBOL.toLowerCase();
    await withRouter(
      createAssetRouter(routeSettings(pipeline)),
      async (served) => {
        const saved = await postJson(served, "/api/save-custom-asset", { symbol: lower });
        expect(saved.body).toEqual({ success: true, symbol: SECRET_SYMBOL });
        const removed = await deleteJson(served, `/api/custom-assets/${lower}`);
        expect(removed.body).toEqual({ success: true, symbol: SECRET_SYMBOL, removed: true });
      },
      { redactor },
    );
  });

  it("refuses a symbol one character over the bound before the store sees it", async () => {
    let calls = 0;
    const counting = {
      saveCustomAsset: (symbol: string) => {
        calls += 1;
        return pipeline.saveCustomAsset(symbol);
      },
    };
    await withRouter(createAssetRouter(routeSettings(counting)), async (served) => {
      const over = await postJson(served, "/api/save-custom-asset", { symbol: "A".repeat(MAX_SYMBOL_LENGTH + 1) });
      expect(over.status).toBe(400);
      expect(over.body.error).toContain(`symbol must be at most ${MAX_SYMBOL_LENGTH} characters`);
      expect(calls).toBe(0);
      const at = await postJson(served, "/api/save-custom-asset", { symbol: "A".repeat(MAX_SYMBOL_LENGTH) });
      expect(at.status).toBe(200);
      expect(calls).toBe(1);
    });
  });

  it("reads no body larger than the limit the routes are given", async () => {
    await withRouter(createAssetRouter(routeSettings(pipeline, { maxBodyBytes: 100 })), async (served) => {
      const answer = await postJson(served, "/api/save-custom-asset", { symbol: "ETH-USD", padding: "p".repeat(120) });
      expect(answer.status).toBe(413);
    });
  });
});

describe("GET /api/assets", () => {
  it("shows custom codes as saved and redacts a built-in code that spells a secret", async () => {
    const listing = {
      listAssets: () =>
        Promise.resolve([
          { code: SECRET_CODE, name: "Built in", ticker: "B-USD", custom: false },
          { code: SECRET_SYMBOL, name: SECRET_SYMBOL, ticker: SECRET_SYMBOL, custom: true },
        ]),
    };
    await withRouter(
      createAssetRouter(routeSettings(listing)),
      async (served) => {
        const answer = await getJson(served, "/api/assets");
        expect(answer.status).toBe(200);
        expect(answer.body.assets[1]).toEqual({
          code: SECRET_SYMBOL,
          name: SECRET_SYMBOL,
          ticker: SECRET_SYMBOL,
          custom: true,
        });
        expect(answer.text).not.toContain(SECRET_CODE);
        expect(answer.body.assets[0].custom).toBe(false);
      },
      { redactor },
    );
  });
});
