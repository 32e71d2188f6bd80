// POST /api/update-base-url: where a provider's requests go, changed at run time (the page's Settings), for an
// OpenAI-compatible local server (Ollama, LM Studio, vLLM) or a gateway. "" goes back to the default (the
// environment variable, else the provider's own address). GET /api/get-api-key-status shows the address in use.
//
// A key saved in Settings is only ever sent where it was saved for: when the address changes, such a key is removed
// (the answer says so) and the page asks for the key of the new server. A key from the environment stays: whoever
// started the server set both.
import type Router from "@koa/router";
import { z } from "zod";

import { findApiKey, providerIdSchema, providerInfo } from "../../src/config/index";
import { MAX_BASE_URL_LENGTH, setBaseUrl } from "../../src/index";
import { type updateBaseUrlAnswerSchema, wireKeyStatus } from "../../src/wire/index";
import type { RouteSettings } from "../app-dependencies";
import { jsonBody } from "../middleware/json-body";
import { validated } from "../middleware/validated";
import { apiRouter } from "./api-router";

export const updateBaseUrlBodySchema = z.strictObject({
  provider: providerIdSchema,
  // Checked in full by the library (http or https, no credentials); its length bounded here first.
  base_url: z
    .string({ error: "The base URL must be a string: an http(s) URL such as http://localhost:11434/v1, or empty" })
    .max(MAX_BASE_URL_LENGTH, `base_url must be at most ${MAX_BASE_URL_LENGTH} characters`),
});

export function createBaseUrlRouter(settings: RouteSettings): Router {
  const { pipeline } = settings;
  const router = apiRouter();

  router.post(
    "/update-base-url",
    jsonBody({ limitBytes: settings.maxBodyBytes }),
    validated("body", updateBaseUrlBodySchema, (context, input) => {
      const before = pipeline.apiKeyStatus(input.provider);
      // Only the config record's key, not the environment's: the key pasted in Settings.
      const savedKey = findApiKey({ ...pipeline.config }, input.provider, {});
      const status = setBaseUrl(pipeline, input.provider, input.base_url);
      const moved = status.baseUrl !== before.baseUrl;
      const info = providerInfo(input.provider);
      const keyRemoved = moved && savedKey !== undefined && info.keyField !== undefined;
      if (keyRemoved && info.keyField) pipeline.configure({ [info.keyField]: undefined });
      const where = status.baseUrl ?? `${info.displayName}'s own address`;
      context.body = {
        success: true,
        message:
          `${info.displayName} requests now go to ${where}.` +
          (!keyRemoved
            ? ""
            : status.baseUrlSource === "default"
              ? ` The ${info.displayName} key saved in Settings was removed with the other address: paste your ${info.displayName} key again.`
              : ` The ${info.displayName} key saved in Settings was removed, so it is not sent to a new address: paste the key for this server (any text if it needs none).`),
        key_removed: keyRemoved,
        status: wireKeyStatus(keyRemoved ? pipeline.apiKeyStatus(input.provider) : status),
      } satisfies z.infer<typeof updateBaseUrlAnswerSchema>;
    }),
  );

  return router;
}
