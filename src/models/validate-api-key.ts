// Key validation: one cheap real request to the provider, answered as {valid, message} or {valid, error}.
import { describeError } from "../common/describe-error";
import { redactKnownSecrets } from "../common/secret-redactor";
import { type Env, findApiKey, MissingApiKeyError } from "../config/api-keys";
import { type Config, ConfigError } from "../config/config-schema";
import { DEMO_LABEL, type ProviderId, providerInfo } from "../config/providers";
import { modelSettingsFor } from "../llm/model-settings";
import { ProviderError } from "../llm/provider-error";
import { createChatModelFor } from "./create-chat-model";

/**
 * What a failed check says about the key: "invalid" (the provider refused it, or there is none); "unreachable" (the
 * provider could not be reached: the key was not checked, and may well be fine); "unchecked" (the provider answered
 * but not about the key: rate limit, quota, an unknown model, a server error).
 */
export type KeyCheckFailure = "invalid" | "unreachable" | "unchecked";

export type ApiKeyValidation =
  { ok: true; message: string } | { ok: false; error: string; failure: KeyCheckFailure; code: string };

/** The failure kind of an error the check ended with. */
function failureOf(error: unknown): KeyCheckFailure {
  if (error instanceof MissingApiKeyError) return "invalid";
  if (error instanceof ProviderError) {
    if (error.reason === "auth") return "invalid";
    if (error.reason === "network") return "unreachable";
  }
  return "unchecked";
}

export interface ValidateApiKeyOptions {
  config: Config;
  provider: ProviderId;
  env?: Env;
  signal?: AbortSignal;
  fetch?: typeof globalThis.fetch;
}

/**
 * The model a role is configured to use with this provider (the agent role first, then the graph role), so the
 * check covers the settings the user will run; the provider's default agent model when neither role uses it.
 */
function validationModel(config: Config, provider: ProviderId): { model: string; temperature: number } {
  const used = (["agent", "graph"] as const)
    .map((role) => modelSettingsFor(config, role))
    .find((settings) => settings.provider === provider);
  return used ?? { model: providerInfo(provider).defaultAgentModel, temperature: config.agent_llm_temperature };
}

/**
 * Never throws for a provider failure: the answer carries the provider error's message (or the missing-key message)
 * and what the failure says about the key: a provider that cannot be reached says nothing ("unreachable"), only a
 * refusal (or no key at all) makes a key "invalid".
 * Exactly one request is made, without SDK retries: a user pressing "Validate" wants an answer, not a backoff.
 * A wrong model name fails here too, which is what a user checking their settings wants to learn.
 */
export async function validateApiKey(options: ValidateApiKeyOptions): Promise<ApiKeyValidation> {
  const { config, provider } = options;
  // Nothing to check and nothing to spend: the demo answers in-process without a key.
  if (provider === "demo") return { ok: true, message: `The demo provider needs no key (${DEMO_LABEL})` };
  try {
    const chatModel = createChatModelFor({
      ...validationModel(config, provider),
      provider,
      config,
      env: options.env,
      fetch: options.fetch,
      maxRetries: 0,
    });
    await chatModel.chat({
      messages: [{ role: "user", content: "Reply with the single word: ok" }],
      maxOutputTokens: 5,
      signal: options.signal,
    });
    return { ok: true, message: `${providerInfo(provider).displayName} API key is valid` };
  } catch (error) {
    if (error instanceof ProviderError || error instanceof MissingApiKeyError || error instanceof ConfigError) {
      return { ok: false, error: error.message, failure: failureOf(error), code: error.code };
    }
    // Unexpected failures still answer in data; the text is scrubbed since it never passed a classifier.
    const text = describeError(error);
    const key = findApiKey(config, provider, options.env ?? process.env);
    return {
      ok: false,
      error: `Could not validate the ${providerInfo(provider).displayName} API key: ${redactKnownSecrets(text, [key])}`,
      failure: "unchecked",
      code: "internal",
    };
  }
}
