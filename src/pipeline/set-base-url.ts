// Changing where a provider's requests go while a pipeline runs (the page's Settings, POST /api/update-base-url):
// the new base URL is checked (base-url.ts), written to the config record, and both models are rebuilt with it at
// once, as configure() does for any change. An empty string goes back to the default: the environment variable,
// else the provider's own address. A module beside the Pipeline class, not one more method on it.
import { InputError } from "../common/input-error";
import type { ApiKeyStatus } from "../config/api-keys";
import { baseUrlInputSchema } from "../config/base-url";
import type { ConfigInput } from "../config/config-schema";
import { isRemoteProvider, type ProviderId, providerIdSchema, providerInfo } from "../config/providers";

/** What setBaseUrl needs of a pipeline. */
export interface BaseUrlTarget {
  configure(changes: ConfigInput): unknown;
  apiKeyStatus(provider: ProviderId): ApiKeyStatus;
}

/** Sets (or, with "", resets) a provider's base URL; answers the provider's status with the address now in use. */
export function setBaseUrl(pipeline: BaseUrlTarget, provider: ProviderId, baseUrl: string): ApiKeyStatus {
  const id = providerIdSchema.safeParse(provider);
  if (!id.success) throw InputError.fromZod(id.error);
  if (!isRemoteProvider(id.data))
    throw new InputError({ message: "The demo provider answers in-process: it has no base URL to set." });
  const parsed = baseUrlInputSchema.safeParse(baseUrl);
  if (!parsed.success) throw InputError.fromZod(parsed.error);
  pipeline.configure({ [providerInfo(id.data).baseUrlField]: parsed.data === "" ? undefined : parsed.data });
  return pipeline.apiKeyStatus(id.data);
}
