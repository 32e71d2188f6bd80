// POST /api/update-models: the model name of each role, changed at run time (the page's Settings), so a local
// server's own names (llava, qwen2.5vl, llama3.2-vision) can be used without aliasing them to gpt-4o. The provider
// stays as it is (POST /api/update-provider moves both roles). Behind the same gate as every settings route (the
// access token, same-origin JSON); a name is never sent anywhere by this route: the first analysis learns whether
// the server knows it, and `quantagent doctor` checks it with the smallest request.
import type Router from "@koa/router";
import { z } from "zod";

import { modelNameSchema } from "../../src/config/index";
import type { updateModelsAnswerSchema } from "../../src/wire/index";
import type { RouteSettings } from "../app-dependencies";
import { jsonBody } from "../middleware/json-body";
import { validated } from "../middleware/validated";
import { apiRouter } from "./api-router";

export const updateModelsBodySchema = z
  .strictObject({
    agent_model: modelNameSchema.optional().meta({ description: "The agent role's model (chart tool dispatch)" }),
    graph_model: modelNameSchema
      .optional()
      .meta({ description: "The graph role's model (the indicator report, vision, the decision)" }),
  })
  .refine((body) => body.agent_model !== undefined || body.graph_model !== undefined, {
    error: "give agent_model, graph_model or both",
  });

export function createModelRouter(settings: RouteSettings): Router {
  const { pipeline } = settings;
  const router = apiRouter();

  router.post(
    "/update-models",
    jsonBody({ limitBytes: settings.maxBodyBytes }),
    validated("body", updateModelsBodySchema, (context, input) => {
      pipeline.configure({
        ...(input.agent_model === undefined ? {} : { agent_llm_model: input.agent_model }),
        ...(input.graph_model === undefined ? {} : { graph_llm_model: input.graph_model }),
      });
      const config = pipeline.modelSelection();
      context.body = {
        success: true,
        message: `Models now: agent ${config.agent_llm_model}, graph ${config.graph_llm_model}.`,
        config,
      } satisfies z.infer<typeof updateModelsAnswerSchema>;
    }),
  );

  return router;
}
