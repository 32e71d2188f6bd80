// The model options of the commands that ask models (`analyze`, `doctor`, `evaluate`, `backtest`, `probe`):
// --provider, --agent-model, --graph-model and, for the runs of many decisions, --temperature and --max-cost. Their
// parseArgs fields, their checks (in each command's options schema, so their errors read as every flag's do) and how
// they change the config record: the provider switch first, keeping only model names with its prefix, then the model
// names given on the command line, which win.
import { z } from "zod";

import { providerIdSchema } from "../src/config/index";
import { type Config, createConfig, type ProviderId, switchProvider } from "../src/index";

/** The parseArgs options of the provider and the two models. */
export const MODEL_OPTIONS = {
  provider: { type: "string" },
  "agent-model": { type: "string" },
  "graph-model": { type: "string" },
} as const;

/**
 * The checks of the provider, the two models, --temperature (both models') and --max-cost (the run's spending limit);
 * a command without --temperature or --max-cost in its parseArgs table leaves them undefined.
 */
export const modelOptionsShape = {
  provider: providerIdSchema.optional(),
  agentModel: z.string().min(1, "must be a model name, not empty").optional(),
  graphModel: z.string().min(1, "must be a model name, not empty").optional(),
  temperature: z.coerce.number({ error: "--temperature must be a number" }).optional(),
  maxCost: z.coerce
    .number({ error: "--max-cost must be an amount in US dollars" })
    .nonnegative("--max-cost must be 0 or more")
    .optional(),
};

/** The parsed option values of the models, under the schema's names. */
export function modelOptionValues(values: {
  provider?: string;
  "agent-model"?: string;
  "graph-model"?: string;
  temperature?: string;
  "max-cost"?: string;
}) {
  return {
    provider: values.provider,
    agentModel: values["agent-model"],
    graphModel: values["graph-model"],
    temperature: values.temperature,
    maxCost: values["max-cost"],
  };
}

export interface ModelOptions {
  provider?: ProviderId | undefined;
  agentModel?: string | undefined;
  graphModel?: string | undefined;
  temperature?: number | undefined;
}

/** The config with the options' provider and models: the switch first, so model names given on the command line win. */
export function withModelOptions(config: Config, options: ModelOptions): Config {
  const switched = options.provider ? { ...config, ...switchProvider(config, options.provider) } : config;
  return createConfig({
    ...switched,
    ...(options.agentModel === undefined ? {} : { agent_llm_model: options.agentModel }),
    ...(options.graphModel === undefined ? {} : { graph_llm_model: options.graphModel }),
    ...(options.temperature === undefined
      ? {}
      : { agent_llm_temperature: options.temperature, graph_llm_temperature: options.temperature }),
  });
}
