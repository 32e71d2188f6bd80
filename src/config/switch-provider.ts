// Provider switching: both roles move to the new provider; a model name is kept only when it already
// starts with the new provider's prefix, so chosen names survive a switch when they are set first.
import type { Config } from "./config-schema";
import { type ProviderId, providerInfo } from "./providers";

export interface ModelSelection {
  agent_llm_model: string;
  graph_llm_model: string;
  agent_llm_provider: ProviderId;
  graph_llm_provider: ProviderId;
}

export function switchProvider(config: Config, provider: ProviderId): ModelSelection {
  const info = providerInfo(provider);
  const keep = (model: string) => model.toLowerCase().startsWith(info.modelPrefix);
  return {
    agent_llm_model: keep(config.agent_llm_model) ? config.agent_llm_model : info.defaultAgentModel,
    graph_llm_model: keep(config.graph_llm_model) ? config.graph_llm_model : info.defaultGraphModel,
    agent_llm_provider: provider,
    graph_llm_provider: provider,
  };
}

export function modelSelection(config: Config): ModelSelection {
  return {
    agent_llm_model: config.agent_llm_model,
    graph_llm_model: config.graph_llm_model,
    agent_llm_provider: config.agent_llm_provider,
    graph_llm_provider: config.graph_llm_provider,
  };
}
