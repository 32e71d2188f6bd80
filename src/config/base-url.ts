// Where a provider's requests go: the base URL a user sets at run time (the config record's openai_base_url, ...),
// else the provider's environment variable, else the provider's own address. A base URL is how the OpenAI adapter
// reaches any OpenAI-compatible server (Ollama, LM Studio, vLLM, a gateway). What a user may set is checked here:
// http or https, one line, no credentials in it (a key belongs in the key field, where it is masked), and a length
// any real address fits in.
import { z } from "zod";

import { baseUrlProblem } from "./base-url-problem";
import type { Config } from "./config-schema";
import { isRemoteProvider, type ProviderId, providerInfo } from "./providers";

export { baseUrlProblem, suggestedBaseUrl } from "./base-url-problem";

export const MAX_BASE_URL_LENGTH = 500;

/** "config": set in the config record (or Settings); "environment": the provider's variable; "default": its own. */
export type BaseUrlSource = "config" | "environment" | "default";

export interface BaseUrlStatus {
  /** Undefined: the SDK's own address (OpenAI, Anthropic) or no address at all (the demo). */
  baseUrl: string | undefined;
  source: BaseUrlSource;
}

/**
 * A base URL as a user types it: trimmed; "" means "back to the default". Otherwise an absolute http(s) URL of at most
 * MAX_BASE_URL_LENGTH characters, without a user name or password.
 */
export const baseUrlInputSchema = z
  .string({ error: "The base URL must be a string: an http(s) URL such as http://localhost:11434/v1, or empty" })
  .trim()
  .max(MAX_BASE_URL_LENGTH, { error: `The base URL must be at most ${MAX_BASE_URL_LENGTH} characters`, abort: true })
  .superRefine((text, context) => {
    const problem = text === "" ? undefined : baseUrlProblem(text);
    if (problem !== undefined) context.addIssue({ code: "custom", message: problem });
  });

/** A base URL shown in messages: scheme, host, port and path; never a user name, password, query or fragment. */
export function endpointLabel(baseUrl: string): string {
  if (!URL.canParse(baseUrl)) return baseUrl;
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/$/, "");
}

/** The base URL in use for a provider and where it comes from. */
export function baseUrlStatus(
  config: Config,
  provider: ProviderId,
  env: Record<string, string | undefined> = process.env,
): BaseUrlStatus {
  if (!isRemoteProvider(provider)) return { baseUrl: undefined, source: "default" };
  const info = providerInfo(provider);
  const fromConfig = config[info.baseUrlField];
  if (fromConfig) return { baseUrl: fromConfig, source: "config" };
  const fromEnv = env[info.baseUrlEnvVar]?.trim();
  if (fromEnv) return { baseUrl: fromEnv, source: "environment" };
  return { baseUrl: info.defaultBaseUrl, source: "default" };
}

/** A base URL fit to show: any password in it (one set in the environment, say) replaced by ***. */
export function displayBaseUrl(baseUrl: string | undefined): string | undefined {
  if (baseUrl === undefined || !URL.canParse(baseUrl)) return baseUrl;
  const url = new URL(baseUrl);
  if (url.password === "") return baseUrl;
  url.password = "***";
  return url.toString();
}

/**
 * The address a provider's requests go to when it is not the provider's own (a local model server, a gateway, a
 * fake): its address alone (no credentials, query or fragment), undefined for the provider's own address and for the demo. A model there is
 * another model than the provider's of the same name: labelled by it, priced as unknown.
 */
export function foreignBaseUrl(
  config: Config,
  provider: ProviderId,
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  if (!isRemoteProvider(provider)) return undefined;
  const { baseUrl } = baseUrlStatus(config, provider, env);
  if (baseUrl === undefined) return undefined;
  const host = URL.canParse(baseUrl) ? new URL(baseUrl).hostname.toLowerCase() : undefined;
  if (host !== undefined && providerInfo(provider).ownHosts.includes(host)) return undefined;
  return addressOnly(baseUrl);
}

/**
 * The address alone, for a label kept in results and the journal: no user name, password, query or fragment (a
 * gateway's key can ride in any of them). A URL that holds none of them is kept as it was written.
 */
function addressOnly(baseUrl: string): string {
  if (!URL.canParse(baseUrl)) return baseUrl;
  const url = new URL(baseUrl);
  if (url.username === "" && url.password === "" && url.search === "" && url.hash === "") return baseUrl;
  url.username = "";
  url.password = "";
  url.search = "";
  url.hash = "";
  return url.toString();
}

/** The name a model was asked by, without the address a label adds: what its training cutoff is looked up by. */
export function modelWithoutAddress(model: string): string {
  const at = model.indexOf(" @ ");
  return at === -1 ? model : model.slice(0, at);
}

/** A model's name as records and prices know it: "gpt-4o", or "gpt-4o @ http://127.0.0.1:11434/v1" elsewhere. */
export function modelAtAddress(model: string, foreignUrl: string | undefined): string {
  return foreignUrl === undefined ? model : `${model} @ ${foreignUrl}`;
}
