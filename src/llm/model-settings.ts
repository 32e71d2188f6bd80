// The provider, model and temperature a config record sets for each model role, as the journal, the reports and the
// price estimates name them. Pure: reading the record builds no model (src/models/create-chat-model.ts does).
import { InternalError } from "../common/quantagent-error";
import { foreignBaseUrl, modelAtAddress } from "../config/base-url";
import type { Config } from "../config/config-schema";
import type { ProviderId } from "../config/providers";

/** The model name every demo answer reports, whatever name the config gives the role. */
export const DEMO_MODEL = "demo";

/** The two roles: `agent_llm` dispatches tools, `graph_llm` does the tool loops, vision and the decision. */
export type ModelRole = "agent" | "graph";

export interface ModelSettings {
  provider: ProviderId;
  model: string;
  temperature: number;
}

/**
 * The provider, model and temperature the config record sets for a role. The demo provider's model is always named
 * demo (its answers are scripted, whatever model name the record holds), so records and price estimates say so.
 */
/**
 * With the environment, the model as records and prices name it: labelled by its address when that is not its
 * provider's own ("gpt-4o @ http://127.0.0.1:11434/v1", model-at-address.ts), as the model built from it reports.
 * Without it, the name the provider is sent.
 */
export function modelSettingsFor(
  config: Config,
  role: ModelRole,
  env?: Record<string, string | undefined>,
): ModelSettings {
  const settings = namedSettings(config, role);
  if (env === undefined) return settings;
  return { ...settings, model: modelAtAddress(settings.model, foreignBaseUrl(config, settings.provider, env)) };
}

/** Both roles' settings, as a run's record and prices name its models (with the environment, as above). */
export function modelsUsedBy(config: Config, env?: Record<string, string | undefined>) {
  return { agent: modelSettingsFor(config, "agent", env), graph: modelSettingsFor(config, "graph", env) };
}

function namedSettings(config: Config, role: ModelRole): ModelSettings {
  switch (role) {
    case "agent":
      return {
        provider: config.agent_llm_provider,
        model: config.agent_llm_provider === "demo" ? DEMO_MODEL : config.agent_llm_model,
        temperature: config.agent_llm_temperature,
      };
    case "graph":
      return {
        provider: config.graph_llm_provider,
        model: config.graph_llm_provider === "demo" ? DEMO_MODEL : config.graph_llm_model,
        temperature: config.graph_llm_temperature,
      };
    default: {
      const exhaustive: never = role;
      throw new InternalError({ message: `Unknown model role: ${String(exhaustive)}` });
    }
  }
}
