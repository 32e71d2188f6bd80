// POST /api/update-base-url: where a provider's requests go, changed at run time (the page's Settings), for an
// OpenAI-compatible local server (Ollama, LM Studio, vLLM) or a gateway. "" goes back to the default (the
// environment variable, else the provider's own address). GET /api/get-api-key-status shows the address in use.
//
// A key is only ever sent where it was set for: when the address changes, no key set before follows it (the library's
// setBaseUrl removes a saved one and holds back the environment's), the answer says so and the page asks for the key
// of the new server. Back to the default (""), the environment's key goes to the environment's address again. An
// operator can turn the route off (ALLOW_RUNTIME_BASE_URL=0); beyond loopback it is off unless turned on.
import type Router from "@koa/router";
import { z } from "zod";

import { providerIdSchema, providerInfo } from "../../src/config/index";
import { type BaseUrlChange, MAX_BASE_URL_LENGTH, setBaseUrl } from "../../src/index";
import { type updateBaseUrlAnswerSchema, wireKeyStatus } from "../../src/wire/index";
import type { RouteSettings } from "../app-dependencies";
import { HttpProblem } from "../http-problem";
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
    // Refused before the body is read: a server whose operator turned this off has nothing to check.
    async (_context, next) => {
      if (!settings.allowRuntimeBaseUrl) throw runtimeBaseUrlDisabled();
      await next();
    },
    jsonBody({ limitBytes: settings.maxBodyBytes }),
    validated("body", updateBaseUrlBodySchema, (context, input) => {
      const change = setBaseUrl(pipeline, input.provider, input.base_url);
      context.body = {
        success: true,
        message: describeChange(change, providerInfo(input.provider).displayName),
        key_removed: change.keyWithheld,
        status: wireKeyStatus(change),
      } satisfies z.infer<typeof updateBaseUrlAnswerSchema>;
    }),
  );

  return router;
}

/** Where the requests go now and, when the address moved, which key goes with them (or that one must be saved). */
function describeChange(change: BaseUrlChange, name: string): string {
  const where = `${name} requests now go to ${change.baseUrl ?? `${name}'s own address`}.`;
  if (!change.moved) return where;
  const removed = change.keyWithheld ? " The key saved for the other address was removed" : "";
  if (change.hasKey) return `${where}${removed && `${removed}.`} The ${name} key from the environment is used again.`;
  if (change.baseUrlSource !== "config")
    return `${where}${removed ? `${removed}: save` : " Save"} your ${name} key in Settings.`;
  const ask = "the key for this server in Settings (any text if it needs none).";
  return change.keyWithheld
    ? `${where} No key set before this change is sent there: save ${ask}`
    : `${where} Save ${ask}`;
}

export function runtimeBaseUrlDisabled(): HttpProblem {
  return new HttpProblem(
    403,
    "runtime_base_url_disabled",
    "This server does not let base URLs be changed at run time (ALLOW_RUNTIME_BASE_URL=0, or a HOST beyond this " +
      "machine without ALLOW_RUNTIME_BASE_URL=1). Set the provider's *_BASE_URL variable where the server starts, " +
      "or start it with ALLOW_RUNTIME_BASE_URL=1 to allow it.",
  );
}
