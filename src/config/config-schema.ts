// The configuration record: zod schema, defaults, and createConfig() for full or partial overrides.
import { z } from "zod";

import { formatZodError } from "../common/format-zod-error";
import { QuantAgentError } from "../common/quantagent-error";
import { baseUrlProblem } from "./base-url-problem";
import { providerIdSchema, providers, type RemoteProviderId, remoteProviderIds } from "./providers";
import { rateLimitsSchema } from "./rate-limits";
import { stagesSchema } from "./stages-schema";

/**
 * The replaced system's placeholder key (its config file shipped `api_key: "sk-"`). It never counts as a key and never
 * hides one in the env; a config that holds it asks, when no env key exists, for it to be replaced.
 */
export const PLACEHOLDER_API_KEY = "sk-";

/** The Decision agent's horizon in bars: the replaced system's output template and its published scoring use 3. */
export const DEFAULT_DECISION_HORIZON_BARS = 3;

/**
 * Model names are passed to the provider unchanged, so only obvious mistakes are caught here: empty names,
 * whitespace, control characters. Whether the provider knows the model is learnt at its first call.
 */
export const modelNameSchema = z
  .string({ error: "must be a model name (a string)" })
  .trim()
  .min(1, { error: "must not be empty", abort: true })
  .max(200, "is longer than 200 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/, "is not a valid model name (letters, digits and . _ : / @ + - only)");

const temperatureSchema = z
  .number({ error: "must be a number" })
  .min(0, "must be at least 0")
  .max(2, "must be at most 2");

const maxOutputTokensSchema = z
  .number({ error: "must be a number of tokens" })
  .int("must be a whole number of tokens")
  .min(16, "must be at least 16")
  .max(128_000, "must be at most 128000");

const baseUrlSchema = z
  .string({ error: "must be an http(s) URL such as http://localhost:11434/v1" })
  .superRefine((text, context) => {
    const problem = baseUrlProblem(text);
    if (problem !== undefined) context.addIssue({ code: "custom", message: problem });
  })
  .optional();

/** How the Indicator agent gets its numbers (the config's indicator_mode, a request's, the CLI's --indicators). */
export const INDICATOR_MODES = ["direct", "tool-call"] as const;
export const indicatorModeSchema = z.enum(INDICATOR_MODES, { error: 'must be "direct" or "tool-call"' });
export type IndicatorMode = z.infer<typeof indicatorModeSchema>;

/**
 * Who decides (the config's agents, a request's, the CLI's --agents): "team", the four agents (Indicator, Pattern,
 * Trend, Decision); "single", one vision call that reads both charts and the indicator values and answers the decision
 * record itself, the baseline that says whether the team is worth its calls.
 */
export const AGENTS_MODES = ["team", "single"] as const;
export const agentsModeSchema = z.enum(AGENTS_MODES, { error: 'must be "team" or "single"' });
export type AgentsMode = z.infer<typeof agentsModeSchema>;

const keySchema = z.string({ error: "must be a string" });

/** How many times the Decision agent is asked: odd, so a majority always exists, and at most 9. */
export const decisionSamplesSchema = z
  .number({ error: "must be a number of samples" })
  .int("must be a whole number of samples")
  .min(1, "must be at least 1")
  .max(9, "must be at most 9")
  .refine((samples) => samples % 2 === 1, "must be odd (1, 3, 5, 7 or 9), so that a majority always exists");

export const configSchema = z.strictObject({
  agent_llm_model: modelNameSchema.default(providers.openai.defaultAgentModel),
  graph_llm_model: modelNameSchema.default(providers.openai.defaultGraphModel),
  agent_llm_provider: providerIdSchema.default("openai"),
  graph_llm_provider: providerIdSchema.default("openai"),
  agent_llm_temperature: temperatureSchema.default(0.1),
  graph_llm_temperature: temperatureSchema.default(0.1),
  /**
   * The token limit every call of a role sends when it names none (max_tokens / max_completion_tokens); the answer
   * kept is bounded by it too, so a server that ignores it cannot stream for ever. The agent role only dispatches
   * tools; the graph role writes the reports and the decision.
   */
  agent_llm_max_output_tokens: maxOutputTokensSchema.default(2048),
  graph_llm_max_output_tokens: maxOutputTokensSchema.default(4096),
  // No default key (not even the placeholder): someone who never set one is told it is not found, with the three
  // ways to set one, rather than asked to replace a placeholder they never wrote.
  api_key: keySchema.optional(),
  anthropic_api_key: keySchema.optional(),
  qwen_api_key: keySchema.optional(),
  openai_base_url: baseUrlSchema,
  anthropic_base_url: baseUrlSchema,
  qwen_base_url: baseUrlSchema,
  /**
   * The providers whose base URL was changed while the pipeline runs (setBaseUrl: the page's Settings, POST
   * /api/update-base-url). No key set before the change follows it there: their environment key is not used, and
   * setBaseUrl removed the config's; only a key set after the change (updateApiKey) is. setBaseUrl keeps this list.
   */
  runtime_base_url_providers: z
    .array(
      z.enum(remoteProviderIds as [RemoteProviderId, ...RemoteProviderId[]], {
        error: "must name a provider with a base URL",
      }),
    )
    .optional(),
  /** Per-request timeout of every model call, in milliseconds. */
  request_timeout_ms: z.number().int().positive().max(600_000).default(60_000),
  /** Retries after a retryable provider error; undefined keeps each SDK's default (qwen: 4). */
  max_retries: z.number().int().min(0).max(10).optional(),
  /** Timeout of every market-data fetch, in milliseconds. */
  market_data_timeout_ms: z.number().int().positive().max(300_000).default(20_000),
  /** The analysis window: the last N bars of the requested range (extended backwards when the range holds fewer). */
  window_bars: z.number().int().min(35, "must be at least 35").max(500).default(45),
  /**
   * How the Pattern and Trend agents get their chart: "direct" hands the rendered image to the graph model (one call
   * per chart agent, as the replaced system does on its web path); "tool-call" first has the agent model call the
   * chart tool (one more paid call per chart agent; needs a provider that honours a forced tool choice).
   */
  chart_dispatch: z.enum(["direct", "tool-call"], { error: 'must be "direct" or "tool-call"' }).default("direct"),
  /**
   * How the Indicator agent gets its numbers: "direct" computes RSI, MACD, Stochastic, ROC and Williams %R (and plugin
   * indicators) in code at their standard periods and hands the values to the graph model in one call with no tools
   * (works with models that cannot call tools); "tool-call" offers the indicators as tools and lets the model pick
   * them and their periods (up to five rounds: one more model latency on the critical path, and a model with tools).
   */
  indicator_mode: indicatorModeSchema.default("direct"),
  /**
   * Who decides: "team" (the four agents) or "single" (one vision call reading both charts and the indicator values,
   * answering the decision record itself: one model call an analysis).
   */
  agents: agentsModeSchema.default("team"),
  /**
   * The Decision agent's horizon: its order is for the next N bars, stated to it with their duration at the timeframe
   * in use (3 bars: 12 hours at 4h, 3 days at 1d).
   */
  decision_horizon_bars: z
    .number({ error: "must be a number of bars" })
    .int("must be a whole number of bars")
    .min(1, "must be at least 1")
    .max(50, "must be at most 50")
    .default(DEFAULT_DECISION_HORIZON_BARS),
  /**
   * Show the agents a blind view of every window: no date, time, ticker, asset name or price level in any prompt or
   * chart (prices rescaled so the last close is 100, volume as a share of its mean, bars numbered, "an asset"). A
   * request's own `blind` overrides it. Recorded in every result, journal row and evaluation cache key.
   */
  blind: z.boolean({ error: "must be true or false" }).default(false),
  /**
   * Answers asked of the Decision agent at once on the same reports (odd, 1 to 9): the directive is the majority's,
   * and the result says how the samples voted and how far they agreed. Each sample beyond the first is one more call.
   */
  decision_samples: decisionSamplesSchema.default(1),
  /**
   * US dollars the forward test's watcher may spend in a UTC day, estimated before each analysis: a day over it skips
   * its remaining analyses and says so. None by default. `startWatch`'s own `maxCostPerDay` (the command line's
   * `--max-cost-per-day`) wins over it.
   */
  max_cost_per_day: z
    .number({ error: "must be a number of US dollars" })
    .min(0, "must be 0 or more US dollars")
    .optional(),
  /** Longest time a plugin's analyst or data source may take, per call, in milliseconds. */
  plugin_timeout_ms: z.number().int().positive().max(600_000).default(60_000),
  /** Record every analysis in the analysis journal (SQLite in data_dir, or PostgreSQL at database_url). */
  journal: z.boolean({ error: "must be true or false" }).default(true),
  /** A PostgreSQL URL (postgres://user:password@host:5432/name) for a journal shared by several processes; default DATABASE_URL. */
  database_url: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
  /**
   * Calls a minute per provider key, shared by every process on the PostgreSQL database (only with one): per provider
   * `{requests_per_minute, burst?}` or false, over the defaults (OpenAI and Qwen 60, Anthropic 40, burst 5); false
   * turns the shared limit off. Default: the RATE_LIMITS environment variable, else the defaults.
   */
  rate_limits: rateLimitsSchema.optional(),
  /** Where custom assets and the SQLite journal live (relative paths resolve against the current directory). */
  data_dir: z.string().min(1).default("data"),
  /**
   * Optional stages around the four agents, all off by default: `memory: {lessons: K}` (lessons from earlier
   * outcomes for the Decision agent; needs the journal), `debate: {rounds: R}` (a bull and a bear researcher before
   * the decision), `risk: {}` (stop-loss, take-profit and size computed after it). A request may name its own.
   */
  stages: stagesSchema.default({}),
});

export type Config = z.infer<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;

/** A config record that cannot be used: an unknown field, a wrong type, a malformed model name. */
export class ConfigError extends QuantAgentError {
  override name = "ConfigError";
  constructor(options: { message: string; cause?: unknown }) {
    super({ code: "invalid_config", kind: "config", message: options.message, cause: options.cause });
  }
}

/** Defaults overlaid with an optional full or partial override; throws ConfigError naming every bad field. */
export function createConfig(override: ConfigInput = {}): Config {
  if (override === null || typeof override !== "object" || Array.isArray(override)) {
    throw new ConfigError({ message: "Invalid configuration: expected an object of config fields" });
  }
  const parsed = configSchema.safeParse(override);
  if (!parsed.success) {
    throw new ConfigError({
      message: formatZodError(parsed.error, { subject: "Invalid configuration" }),
      cause: parsed.error,
    });
  }
  if (parsed.data.stages.memory && !parsed.data.journal) throw memoryWithoutJournal();
  if (parsed.data.stages.memory && parsed.data.blind) throw memoryWhileBlind();
  return parsed.data;
}

/**
 * Memory's lessons are the model's own words about a named market on a dated window ("BTC fell after the March
 * high"): recalled into a blind analysis they would tell the model what blind hides. The two are refused together.
 */
export function memoryWhileBlind(): ConfigError {
  return new ConfigError({
    message:
      "Invalid configuration: the memory stage cannot run blind: its lessons are written about a named market on " +
      "dated windows, which is what blind hides from the agents. Turn blind off, or leave memory out of the stages.",
  });
}

/** Memory reads and writes its lessons in the analysis journal: without one it has nothing to remember with. */
export function memoryWithoutJournal(): ConfigError {
  return new ConfigError({
    message:
      "Invalid configuration: the memory stage keeps its lessons in the analysis journal, which is turned off " +
      "(journal: false, or --no-journal). Turn the journal on, or leave memory out of the stages.",
  });
}

export function defaultConfig(): Config {
  return createConfig({});
}
