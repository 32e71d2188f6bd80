// Keys: save a key (applied at once), check it with one real provider call (under the analyses limit), and read its
// masked status. A key only ever leaves this server in its masked form.
import type Router from "@koa/router";
import { z } from "zod";

import { MAX_API_KEY_LENGTH, providerIdSchema, providerInfo } from "../../src/config/index";
import { type updateApiKeyAnswerSchema, wireKeyStatus, wireKeyValidation } from "../../src/wire/index";
import { PAID_WORK, withSlot } from "../admission";
import type { RouteSettings } from "../app-dependencies";
import { abortOnDisconnect } from "../client-disconnect";
import { jsonBody } from "../middleware/json-body";
import { validated } from "../middleware/validated";
import { apiRouter } from "./api-router";

// Older clients sent only the key and meant OpenAI, so the provider defaults to it.
const providerField = providerIdSchema.default("openai");

export const updateApiKeyBodySchema = z.strictObject({
  api_key: z
    .string({ error: "api_key must be a string: your provider's API key" })
    .max(MAX_API_KEY_LENGTH, `api_key is longer than ${MAX_API_KEY_LENGTH} characters`),
  provider: providerField,
});
export const validateApiKeyBodySchema = z.strictObject({ provider: providerField });
export const apiKeyStatusQuerySchema = z.object({ provider: providerField });

export function createApiKeyRouter(settings: RouteSettings): Router {
  const { pipeline } = settings;
  const router = apiRouter();
  const body = jsonBody({ limitBytes: settings.maxBodyBytes });

  router.post(
    "/update-api-key",
    body,
    validated("body", updateApiKeyBodySchema, (context, input) => {
      const status = pipeline.updateApiKey(input.api_key, { provider: input.provider });
      const name = providerInfo(input.provider).displayName;
      context.body = {
        success: true,
        message: `${name} API key saved and applied (${status.maskedKey ?? "***"}).`,
      } satisfies z.infer<typeof updateApiKeyAnswerSchema>;
    }),
  );

  router.post(
    "/validate-api-key",
    body,
    // A provider call: under the same limit as analyses (admission.ts), refused with 429 when it is full.
    validated("body", validateApiKeyBodySchema, (context, input) =>
      withSlot(settings.analyses, PAID_WORK, async () => {
        const connection = abortOnDisconnect(context);
        try {
          // {valid: false, error} is an answer, not a failure: HTTP 200 both ways.
          const validation = await pipeline.validateApiKey(input.provider, { signal: connection.signal });
          context.body = wireKeyValidation(validation);
        } finally {
          connection.dispose();
        }
      }),
    ),
  );

  router.get(
    "/get-api-key-status",
    validated("query", apiKeyStatusQuerySchema, (context, input) => {
      context.body = wireKeyStatus(pipeline.apiKeyStatus(input.provider));
    }),
  );

  return router;
}
