// The provider switch of the environment: QUANTAGENT_PROVIDER=demo (or openai, anthropic, qwen) moves both roles to
// that provider wherever a config record meets an environment (a pipeline's first record, the backtest, the evaluation
// and the probe given a config, the CLI, the server), so a notebook or a command written for one provider runs on
// another, the demo above all, without editing a cell. It wins over the record's providers, as a switch for the whole
// run should; a later pipeline.updateProvider() still changes it.
import { quoteInput } from "../common/quote-input";
import { type Config, ConfigError } from "./config-schema";
import { type ProviderId, providerIds, providerIdSchema } from "./providers";
import { switchProvider } from "./switch-provider";

export const PROVIDER_SWITCH_VARIABLE = "QUANTAGENT_PROVIDER";

/** The provider the environment switches to, undefined when QUANTAGENT_PROVIDER is unset or blank. */
export function providerFromEnvironment(env: Record<string, string | undefined>): ProviderId | undefined {
  const value = env[PROVIDER_SWITCH_VARIABLE]?.trim().toLowerCase();
  if (!value) return undefined;
  const parsed = providerIdSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ConfigError({
    message:
      `${PROVIDER_SWITCH_VARIABLE} must be one of ${providerIds.join(", ")} ` +
      `(got ${quoteInput(env[PROVIDER_SWITCH_VARIABLE]?.trim())}); unset it to use the config's providers`,
  });
}

/** The record with both roles on the environment's provider (model names kept as switchProvider keeps them). */
export function applyProviderSwitch(config: Config, env: Record<string, string | undefined>): Config {
  const provider = providerFromEnvironment(env);
  // A record already on that provider keeps its model names, whatever they are (a local server's "llama3").
  if (provider === undefined || (config.agent_llm_provider === provider && config.graph_llm_provider === provider))
    return config;
  return { ...config, ...switchProvider(config, provider) };
}
