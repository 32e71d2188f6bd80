// The config a queued run carries (an evaluation's or a backtest's): the record without keys, base URLs (nor the list
// of those changed at run time) or anything of one machine, since each worker brings its own keys, base URLs, data
// folder and journal setting.
import type { z } from "zod";

import { configSchema } from "./config-schema";

export const queuedConfigSchema = configSchema.omit({
  api_key: true,
  anthropic_api_key: true,
  qwen_api_key: true,
  openai_base_url: true,
  anthropic_base_url: true,
  qwen_base_url: true,
  runtime_base_url_providers: true,
  journal: true,
  database_url: true,
  data_dir: true,
  rate_limits: true,
});
export type QueuedConfig = z.output<typeof queuedConfigSchema>;

/** The part of a config record a queued run carries: its fields of queuedConfigSchema, nothing else. */
export function queuedConfigOf(config: Record<string, unknown>): QueuedConfig {
  const fields = Object.keys(queuedConfigSchema.shape);
  return queuedConfigSchema.parse(
    Object.fromEntries(fields.filter((field) => config[field] !== undefined).map((field) => [field, config[field]])),
  );
}
