// Running a plugin's parts inside an analysis, each behind the same guard: what it answers is checked, what it throws
// becomes a PluginError naming the plugin and the part, and its asynchronous parts get a time limit. Indicator tools
// are offered to the Indicator agent beside the built-in five; their latest values go into the result.
import { z } from "zod";

import { type AgentTool, defineTool } from "../agents/agent-tool";
import { describeSeries } from "../agents/indicator-tools";
import { describeError } from "../common/describe-error";
import { type Candle, candleSchema } from "../market/candle";
import type { AnalystInput, AnyPluginIndicator, DataSourceRequest, Plugin, PluginAnalyst } from "./define-plugin";
import { PluginError } from "./plugin-error";

/** A plugin's series: one finite number or null per candle. */
function checkedSeries(
  plugin: Plugin,
  indicator: AnyPluginIndicator,
  candles: readonly Candle[],
  params: unknown,
): (number | null)[] {
  let series: unknown;
  try {
    series = indicator.compute(candles, params as never);
  } catch (error) {
    throw new PluginError({
      plugin: plugin.name,
      part: `indicator ${indicator.name}`,
      reason: "threw",
      problem: describeError(error),
      cause: error,
    });
  }
  const valid =
    Array.isArray(series) &&
    series.length === candles.length &&
    series.every((value) => value === null || (typeof value === "number" && Number.isFinite(value)));
  if (!valid) {
    throw new PluginError({
      plugin: plugin.name,
      part: `indicator ${indicator.name}`,
      reason: "wrong_shape",
      problem: `compute() must return one finite number or null per candle (${candles.length} values); it returned ${shapeOf(series)}`,
    });
  }
  return series as (number | null)[];
}

/** The plugins' indicators as tools of the Indicator agent; a model's bad arguments go back to it, a plugin's fault fails. */
export function pluginIndicatorTools(plugins: readonly Plugin[], candles: readonly Candle[]): AgentTool[] {
  return plugins.flatMap((plugin) =>
    plugin.indicators.map((indicator) =>
      defineTool({
        name: indicator.name,
        description: `${indicator.description} (from the plugin ${plugin.name})`,
        argumentsSchema: indicator.parameters,
        run: (params) => describeSeries(indicator.name, checkedSeries(plugin, indicator, candles, params)),
      }),
    ),
  );
}

/** Each plugin indicator's latest value at its default parameters, by indicator name. */
export function latestPluginValues(
  plugins: readonly Plugin[],
  candles: readonly Candle[],
): Record<string, number | null> {
  const values: Record<string, number | null> = {};
  for (const plugin of plugins) {
    for (const indicator of plugin.indicators) {
      const series = checkedSeries(plugin, indicator, candles, indicator.parameters.parse({}));
      values[indicator.name] = series[series.length - 1] ?? null;
    }
  }
  return values;
}

/** Runs `work` with a time limit and the analysis's signal; a plugin's own failure becomes a PluginError. */
async function guarded<T>(
  plugin: Plugin,
  part: string,
  options: { timeoutMs: number; signal: AbortSignal },
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  options.signal.throwIfAborted();
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([options.signal, timeout]);
  const timedOut = new Promise<never>((_resolve, reject) => {
    signal.addEventListener("abort", () => reject(signal.reason as Error), { once: true });
  });
  timedOut.catch(() => {});
  try {
    return await Promise.race([work(signal), timedOut]);
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason; // the analysis stopped: not the plugin's fault
    if (timeout.aborted) {
      throw new PluginError({
        plugin: plugin.name,
        part,
        reason: "timeout",
        problem: `it did not finish within ${options.timeoutMs} ms`,
        cause: error,
      });
    }
    if (error instanceof PluginError) throw error;
    throw new PluginError({ plugin: plugin.name, part, reason: "threw", problem: describeError(error), cause: error });
  }
}

export async function runPluginAnalyst(
  plugin: Plugin,
  analyst: PluginAnalyst,
  input: Omit<AnalystInput, "signal">,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<string> {
  const part = `analyst ${analyst.name}`;
  const report: unknown = await guarded(plugin, part, options, (signal) => analyst.run({ ...input, signal }));
  if (typeof report !== "string" || report.trim() === "") {
    throw new PluginError({
      plugin: plugin.name,
      part,
      reason: "wrong_shape",
      problem: `run() must resolve to a non-empty report text; it resolved to ${shapeOf(report)}`,
    });
  }
  return report;
}

/** Candles from the first plugin data source that matches the symbol, checked and sorted; undefined when none matches. */
export async function fetchFromPluginSource(
  plugins: readonly Plugin[],
  request: Omit<DataSourceRequest, "signal">,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<{ source: string; candles: Candle[] } | undefined> {
  for (const plugin of plugins) {
    for (const source of plugin.dataSources) {
      const part = `data source ${source.name}`;
      let matched: unknown;
      try {
        matched = source.matches(request.symbol);
      } catch (error) {
        throw new PluginError({
          plugin: plugin.name,
          part,
          reason: "threw",
          problem: `matches() threw: ${describeError(error)}`,
          cause: error,
        });
      }
      if (matched !== true) continue;
      const answer: unknown = await guarded(plugin, part, options, (signal) =>
        source.fetchCandles({ ...request, signal }),
      );
      const parsed = z.array(candleSchema).safeParse(answer);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? ` at ${issue.path.map(String).join(".")}` : "";
        throw new PluginError({
          plugin: plugin.name,
          part,
          reason: "wrong_shape",
          problem: `fetchCandles() must resolve to candles${where}: ${issue?.message ?? "wrong shape"}`,
        });
      }
      return {
        source: `${plugin.name}/${source.name}`,
        candles: [...parsed.data].sort((left, right) => left.time - right.time),
      };
    }
  }
  return undefined;
}

function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (value === null) return "null";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
