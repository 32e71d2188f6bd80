// What a plugin is: a name and version, and any of three kinds of parts a research session can add without forking
// the library: indicator tools offered to the Indicator agent, analysts that run beside the built-in three and
// whose reports reach the Decision agent, and data sources asked before Yahoo for the symbols they match.
// definePlugin() checks the shape once, when the plugin is made, so a mistake is named before any analysis runs.
import { z } from "zod";

import type { RenderableFigure } from "../charts/png-renderer";
import { formatZodError } from "../common/format-zod-error";
import type { ChatModel } from "../llm/chat-model";
import type { Candle } from "../market/candle";
import type { Timeframe } from "../market/timeframes";
import { PluginError } from "./plugin-error";

/** Names become tool names and result keys: letters, digits, _ and -, starting with a letter. */
const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,47}$/;

export interface PluginIndicator<Parameters extends z.ZodObject = z.ZodObject> {
  /** The tool's name as the model sees it, and the key of its latest value in the result. */
  name: string;
  /** What it measures and how to read it, for the model. */
  description: string;
  /** Its parameters; the model's arguments are checked against it, and `{}` must parse (defaults) for the result. */
  parameters: Parameters;
  /** One value per candle (null while warming up), aligned with `candles`. */
  compute(candles: readonly Candle[], params: z.output<Parameters>): (number | null)[];
}

export interface AnalystInput {
  candles: readonly Candle[];
  timeframe: Timeframe;
  symbol: string;
  /** The pipeline's models; calls through them are counted in the analysis's usage. */
  models: { agent: ChatModel; graph: ChatModel };
  /** Draws a Plotly figure to PNG with the pipeline's Chromium. */
  renderChart(figure: RenderableFigure): Promise<Buffer>;
  /** Aborts when the analysis stops (another step failed, the caller cancelled, the plugin's time is up). */
  signal: AbortSignal;
}

export interface PluginAnalyst {
  /** The key of its report in the result. */
  name: string;
  /** The heading its report is given in the Decision agent's prompt and in the page. */
  title: string;
  run(input: AnalystInput): Promise<string>;
}

export interface DataSourceRequest {
  symbol: string;
  timeframe: Timeframe;
  start: Date;
  end: Date;
  signal: AbortSignal;
}

export interface PluginDataSource {
  name: string;
  /** True for the symbols (or asset codes, as the caller wrote them) this source answers. */
  matches(symbol: string): boolean;
  fetchCandles(request: DataSourceRequest): Promise<Candle[]>;
}

/** An indicator of any parameters (what a plugin holds; each indicator's own parameters type its compute()). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parameters differ per indicator
export type AnyPluginIndicator = PluginIndicator<z.ZodObject<any>>;

export interface PluginDefinition {
  name: string;
  /** Recorded with every result, journal entry and evaluation cache key. Default "0.0.0". */
  version?: string;
  indicators?: readonly AnyPluginIndicator[];
  analysts?: readonly PluginAnalyst[];
  dataSources?: readonly PluginDataSource[];
}

export interface Plugin extends Required<Pick<PluginDefinition, "name" | "version">> {
  indicators: readonly AnyPluginIndicator[];
  analysts: readonly PluginAnalyst[];
  dataSources: readonly PluginDataSource[];
}

const name = (what: string) =>
  z
    .string({ error: `${what} must be a string` })
    .regex(NAME, `${what} must be letters, digits, _ or -, starting with a letter (at most 48)`);
const callable = (what: string) =>
  z.custom<(...args: never[]) => unknown>((value) => typeof value === "function", `${what} must be a function`);

const pluginSchema = z.strictObject({
  name: name("name"),
  version: z.string().trim().min(1).max(40).default("0.0.0"),
  indicators: z
    .array(
      z.strictObject({
        name: name("indicator name"),
        description: z.string().trim().min(1, "an indicator needs a description for the model"),
        // Duck-typed: a plugin may come with its own copy of zod.
        parameters: z.custom<z.ZodObject>(
          (value) =>
            typeof (value as { safeParse?: unknown } | null)?.safeParse === "function" &&
            typeof (value as { shape?: unknown }).shape === "object",
          "parameters must be a zod object (z.object({...}))",
        ),
        compute: callable("compute"),
      }),
    )
    .default([]),
  analysts: z
    .array(
      z.strictObject({ name: name("analyst name"), title: z.string().trim().min(1).max(80), run: callable("run") }),
    )
    .default([]),
  dataSources: z
    .array(
      z.strictObject({
        name: name("data source name"),
        matches: callable("matches"),
        fetchCandles: callable("fetchCandles"),
      }),
    )
    .default([]),
});

/** An indicator with its compute() typed by its own parameters (for writing one; definePlugin checks it). */
export function defineIndicator<Parameters extends z.ZodObject>(
  indicator: PluginIndicator<Parameters>,
): AnyPluginIndicator {
  return indicator;
}

/** Checks a plugin's shape and gives it its defaults; throws PluginError (invalid_plugin) naming what is wrong. */
export function definePlugin(definition: PluginDefinition): Plugin {
  const parsed = pluginSchema.safeParse(definition);
  if (!parsed.success) {
    const pluginName = typeof definition?.name === "string" ? definition.name : "(unnamed)";
    throw new PluginError({
      plugin: pluginName,
      part: "definition",
      reason: "invalid_plugin",
      problem: formatZodError(parsed.error),
      cause: parsed.error,
    });
  }
  for (const indicator of parsed.data.indicators) {
    if (!indicator.parameters.safeParse({}).success) {
      throw new PluginError({
        plugin: parsed.data.name,
        part: `indicator ${indicator.name}`,
        reason: "invalid_plugin",
        problem:
          "its parameters must all have defaults: the result lists each indicator's latest value at its defaults",
      });
    }
  }
  return Object.freeze(parsed.data as unknown as Plugin);
}
