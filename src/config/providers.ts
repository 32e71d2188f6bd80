// The provider table (README, Keys and providers): ids, display names, default models, model-name prefixes, env vars.
// Three providers are reached over HTTP with a key; the demo provider answers in-process (src/models/demo/), so it has
// no key, no base URL and no environment variables.
import { z } from "zod";

import { quoteInput } from "../common/quote-input";

export const providerIds = ["openai", "anthropic", "qwen", "demo"] as const;
export const providerIdSchema = z.enum(providerIds, {
  error: (issue) => `provider must be one of ${providerIds.join(", ")} (got ${quoteInput(issue.input)})`,
});
export type ProviderId = z.infer<typeof providerIdSchema>;

/** The providers reached over HTTP, each with its key and base URL. */
export type RemoteProviderId = Exclude<ProviderId, "demo">;
export const remoteProviderIds: readonly RemoteProviderId[] = providerIds.filter(
  (id): id is RemoteProviderId => id !== "demo",
);

/** What "demo" results say about themselves, wherever they are shown: the text, the page, the journal, reports. */
export const DEMO_LABEL = "demo: scripted, not a model";

interface ProviderInfoBase {
  displayName: string;
  defaultAgentModel: string;
  defaultGraphModel: string;
  /** A model name that starts with this prefix is kept across a provider switch. */
  modelPrefix: string;
}

export interface RemoteProviderInfo extends ProviderInfoBase {
  id: RemoteProviderId;
  keyEnvVar: string;
  baseUrlEnvVar: string;
  /** Undefined: the SDK's own default. */
  defaultBaseUrl: string | undefined;
  /**
   * The provider's own hosts: a base URL on another host is another server (a local model, a gateway, a fake), whose
   * runs are labelled by its address and priced as unknown, never at this provider's list prices.
   */
  ownHosts: readonly string[];
  /** The config record field that holds this provider's key. */
  keyField: "api_key" | "anthropic_api_key" | "qwen_api_key";
  baseUrlField: "openai_base_url" | "anthropic_base_url" | "qwen_base_url";
}

/** The demo provider: scripted answers made in-process; nothing to set. */
export interface DemoProviderInfo extends ProviderInfoBase {
  id: "demo";
  keyEnvVar: undefined;
  baseUrlEnvVar: undefined;
  defaultBaseUrl: undefined;
  ownHosts: readonly [];
  keyField: undefined;
  baseUrlField: undefined;
}

export type ProviderInfo = RemoteProviderInfo | DemoProviderInfo;

const remoteProviders: Readonly<Record<RemoteProviderId, RemoteProviderInfo>> = {
  openai: {
    id: "openai",
    displayName: "OpenAI",
    defaultAgentModel: "gpt-4o-mini",
    defaultGraphModel: "gpt-4o",
    modelPrefix: "gpt",
    keyEnvVar: "OPENAI_API_KEY",
    baseUrlEnvVar: "OPENAI_BASE_URL",
    defaultBaseUrl: undefined,
    ownHosts: ["api.openai.com"],
    keyField: "api_key",
    baseUrlField: "openai_base_url",
  },
  anthropic: {
    id: "anthropic",
    displayName: "Anthropic",
    defaultAgentModel: "claude-haiku-4-5-20251001",
    defaultGraphModel: "claude-haiku-4-5-20251001",
    modelPrefix: "claude",
    keyEnvVar: "ANTHROPIC_API_KEY",
    baseUrlEnvVar: "ANTHROPIC_BASE_URL",
    defaultBaseUrl: undefined,
    ownHosts: ["api.anthropic.com"],
    keyField: "anthropic_api_key",
    baseUrlField: "anthropic_base_url",
  },
  qwen: {
    id: "qwen",
    displayName: "Qwen",
    defaultAgentModel: "qwen3-max",
    defaultGraphModel: "qwen3-vl-plus",
    modelPrefix: "qwen",
    keyEnvVar: "DASHSCOPE_API_KEY",
    baseUrlEnvVar: "DASHSCOPE_BASE_URL",
    defaultBaseUrl: "https://dashscope-intl.aliyuncs.com/compatible-mode/v1",
    ownHosts: ["dashscope-intl.aliyuncs.com", "dashscope.aliyuncs.com"],
    keyField: "qwen_api_key",
    baseUrlField: "qwen_base_url",
  },
};

export const providers: Readonly<Record<ProviderId, ProviderInfo>> = {
  ...remoteProviders,
  demo: {
    id: "demo",
    displayName: "Demo (scripted, not a model)",
    defaultAgentModel: "demo",
    defaultGraphModel: "demo",
    modelPrefix: "demo",
    keyEnvVar: undefined,
    baseUrlEnvVar: undefined,
    defaultBaseUrl: undefined,
    ownHosts: [],
    keyField: undefined,
    baseUrlField: undefined,
  },
};

export function providerInfo(provider: RemoteProviderId): RemoteProviderInfo;
export function providerInfo(provider: ProviderId): ProviderInfo;
export function providerInfo(provider: ProviderId): ProviderInfo {
  return providers[provider];
}

export function isRemoteProvider(provider: ProviderId): provider is RemoteProviderId {
  return provider !== "demo";
}
