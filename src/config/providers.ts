// The provider table (README, Keys and providers): ids, display names, default models, model-name prefixes, env vars.
import { z } from "zod";

import { quoteInput } from "../common/quote-input";

export const providerIds = ["openai", "anthropic", "qwen"] as const;
export const providerIdSchema = z.enum(providerIds, {
  error: (issue) => `provider must be one of ${providerIds.join(", ")} (got ${quoteInput(issue.input)})`,
});
export type ProviderId = z.infer<typeof providerIdSchema>;

export interface ProviderInfo {
  id: ProviderId;
  displayName: string;
  defaultAgentModel: string;
  defaultGraphModel: string;
  /** A model name that starts with this prefix is kept across a provider switch. */
  modelPrefix: string;
  keyEnvVar: string;
  baseUrlEnvVar: string;
  /** Undefined: the SDK's own default. */
  defaultBaseUrl: string | undefined;
  /** The config record field that holds this provider's key. */
  keyField: "api_key" | "anthropic_api_key" | "qwen_api_key";
  baseUrlField: "openai_base_url" | "anthropic_base_url" | "qwen_base_url";
}

export const providers: Readonly<Record<ProviderId, ProviderInfo>> = {
  openai: {
    id: "openai",
    displayName: "OpenAI",
    defaultAgentModel: "gpt-4o-mini",
    defaultGraphModel: "gpt-4o",
    modelPrefix: "gpt",
    keyEnvVar: "OPENAI_API_KEY",
    baseUrlEnvVar: "OPENAI_BASE_URL",
    defaultBaseUrl: undefined,
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
    keyField: "qwen_api_key",
    baseUrlField: "qwen_base_url",
  },
};

export function providerInfo(provider: ProviderId): ProviderInfo {
  return providers[provider];
}
