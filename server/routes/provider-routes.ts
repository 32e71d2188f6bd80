// The provider of both model roles: switch it, and read the current selection for the page's Settings.
import type Router from "@koa/router";
import { z } from "zod";

import { providerIdSchema, providerInfo } from "../../src/config/index";
import { type getProviderAnswerSchema, type updateProviderAnswerSchema } from "../../src/wire/index";
import type { RouteSettings } from "../app-dependencies";
import { jsonBody } from "../middleware/json-body";
import { validated } from "../middleware/validated";
import { apiRouter } from "./api-router";

export const updateProviderBodySchema = z.strictObject({ provider: providerIdSchema });

export function createProviderRouter(settings: RouteSettings): Router {
  const { pipeline } = settings;
  const router = apiRouter();

  router.post(
    "/update-provider",
    jsonBody({ limitBytes: settings.maxBodyBytes }),
    validated("body", updateProviderBodySchema, (context, input) => {
      const config = pipeline.updateProvider(input.provider);
      const name = providerInfo(input.provider).displayName;
      context.body = {
        success: true,
        message: `Both models now use ${name}: agent ${config.agent_llm_model}, graph ${config.graph_llm_model}.`,
        config,
      } satisfies z.infer<typeof updateProviderAnswerSchema>;
    }),
  );

  // Beyond the original API's endpoints: the page needs the current selection when it loads, before any switch.
  router.get("/get-provider", (context) => {
    context.body = { config: pipeline.modelSelection() } satisfies z.infer<typeof getProviderAnswerSchema>;
  });

  return router;
}
