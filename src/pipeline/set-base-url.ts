// Changing where a provider's requests go while a pipeline runs (the page's Settings, POST /api/update-base-url):
// the new base URL is checked (base-url.ts), written to the config record, and both models are rebuilt with it at
// once, as configure() does for any change. An empty string goes back to the default: the environment variable,
// else the provider's own address. A module beside the Pipeline class, not one more method on it.
//
// A key is only ever sent where it was set for. Whoever can change the address at run time may not be whoever set
// the key, so when the address moves, no key set before follows it: the config's key is removed and the provider is
// listed in runtime_base_url_providers, which hides its environment key (api-keys.ts). The provider then has no key
// until one is set after the change. Going back to the default ("") clears the list, so the environment's key goes
// to the environment's address again; a key set for the address left behind is removed as well.
import { InputError } from "../common/input-error";
import type { ApiKeyStatus } from "../config/api-keys";
import { baseUrlInputSchema } from "../config/base-url";
import type { Config, ConfigInput } from "../config/config-schema";
import {
  isRemoteProvider,
  type ProviderId,
  providerIdSchema,
  providerInfo,
  type RemoteProviderId,
} from "../config/providers";

/** What setBaseUrl needs of a pipeline. */
export interface BaseUrlTarget {
  readonly config: Readonly<Config>;
  configure(changes: ConfigInput): unknown;
  apiKeyStatus(provider: ProviderId): ApiKeyStatus;
}

/** The provider's status after the change, and what the change did to its address and key. */
export interface BaseUrlChange extends ApiKeyStatus {
  /** The address in use changed. */
  moved: boolean;
  /** A key in use before the change is not used any more (removed, or the environment's, held back). */
  keyWithheld: boolean;
}

/** Sets (or, with "", resets) a provider's base URL; answers the provider's status with the address now in use. */
export function setBaseUrl(pipeline: BaseUrlTarget, provider: ProviderId, baseUrl: string): BaseUrlChange {
  const id = providerIdSchema.safeParse(provider);
  if (!id.success) throw InputError.fromZod(id.error);
  if (!isRemoteProvider(id.data))
    throw new InputError({ message: "The demo provider answers in-process: it has no base URL to set." });
  const parsed = baseUrlInputSchema.safeParse(baseUrl);
  if (!parsed.success) throw InputError.fromZod(parsed.error);
  const before = pipeline.apiKeyStatus(id.data);
  pipeline.configure(changesFor(pipeline.config, before, id.data, parsed.data));
  const after = pipeline.apiKeyStatus(id.data);
  const moved = after.baseUrl !== before.baseUrl;
  const keyWithheld =
    moved &&
    (before.keySource === "config" || (before.keySource === "environment" && after.keySource !== "environment"));
  return { ...after, moved, keyWithheld };
}

/** One configure() call: the models are never built, even for a moment, with an old key and a new address. */
function changesFor(
  config: Readonly<Config>,
  before: ApiKeyStatus,
  provider: RemoteProviderId,
  url: string,
): ConfigInput {
  const info = providerInfo(provider);
  const listed = config.runtime_base_url_providers ?? [];
  const others = listed.filter((id) => id !== provider);
  if (url === "") {
    // Already at the environment's or the provider's own address: nothing moves, nothing is removed.
    if (before.baseUrlSource !== "config") return { [info.baseUrlField]: undefined };
    return {
      [info.baseUrlField]: undefined,
      [info.keyField]: undefined,
      runtime_base_url_providers: others.length > 0 ? others : undefined,
    };
  }
  // The address in use already: a key set for it stays.
  if (url === before.baseUrl) return { [info.baseUrlField]: url };
  return { [info.baseUrlField]: url, [info.keyField]: undefined, runtime_base_url_providers: [...others, provider] };
}
