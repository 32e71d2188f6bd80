// Assets: the built-in list plus the custom symbols kept in the data directory; adding and removing a symbol.
import type Router from "@koa/router";
import { z } from "zod";

import { MAX_SYMBOL_LENGTH } from "../../src/market/index";
import type {
  assetsAnswerSchema,
  customAssetsAnswerSchema,
  removeCustomAssetAnswerSchema,
  saveCustomAssetAnswerSchema,
} from "../../src/wire/index";
import type { RouteSettings } from "../app-dependencies";
import { markCallerOwned } from "../caller-texts";
import { jsonBody } from "../middleware/json-body";
import { validated } from "../middleware/validated";
import { apiRouter } from "./api-router";

// The symbol's own rules (pattern, length, built-in codes) are the store's: its CustomAssetStoreError answers 400
// {success: false, error} through the error handler, in the store's words.
export const saveCustomAssetBodySchema = z.strictObject({
  symbol: z
    .string({ error: "symbol must be a string such as ETH-USD" })
    .max(MAX_SYMBOL_LENGTH, `symbol must be at most ${MAX_SYMBOL_LENGTH} characters`),
});

export function createAssetRouter(settings: RouteSettings): Router {
  const { pipeline } = settings;
  const router = apiRouter();

  router.post(
    "/save-custom-asset",
    jsonBody({ limitBytes: settings.maxBodyBytes }),
    validated("body", saveCustomAssetBodySchema, async (context, input) => {
      // Not tied to the connection: a save that has started should land even if the page is closed meanwhile.
      const saved = await pipeline.saveCustomAsset(input.symbol);
      // The stored spelling may be an earlier caller's ("eth-usd" saved before "ETH-USD").
      markCallerOwned(context, [saved.symbol]);
      context.body = { success: true, symbol: saved.symbol } satisfies z.infer<typeof saveCustomAssetAnswerSchema>;
    }),
  );

  // The symbol is a path segment: the router decodes it, and the store checks it against the symbol pattern (400).
  // Removing a symbol that is not listed is not an error (removed: false), so a retried DELETE answers the same.
  router.delete("/custom-assets/:symbol", async (context) => {
    const removed = await pipeline.removeCustomAsset(String(context.params.symbol));
    markCallerOwned(context, [removed.symbol]);
    context.body = { success: true, symbol: removed.symbol, removed: removed.removed } satisfies z.infer<
      typeof removeCustomAssetAnswerSchema
    >;
  });

  // Custom symbols are callers' text: shown as saved, never as "[redacted]" (caller-texts.ts).
  router.get("/custom-assets", async (context) => {
    const symbols = await pipeline.listCustomAssets();
    markCallerOwned(context, symbols);
    context.body = { custom_assets: symbols } satisfies z.infer<typeof customAssetsAnswerSchema>;
  });

  router.get("/assets", async (context) => {
    const assets = await pipeline.listAssets();
    markCallerOwned(
      context,
      assets.filter((asset) => asset.custom).map((asset) => asset.code),
    );
    context.body = { assets } satisfies z.infer<typeof assetsAnswerSchema>;
  });

  return router;
}
