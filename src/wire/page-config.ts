// GET /api/page-config: what the web page needs to know about the library before it can show a form (the providers,
// the symbol rule, the bar counts, the CSV limit, the pipeline's steps, the optional stages' limits and step labels,
// the indicators and their periods, the lookback table and the chart palette), built from the library's own
// constants, so the page never repeats a rule that could drift from the one the server enforces.
import { z } from "zod";

import { DIRECTIVES } from "../agents/decision-record";
import { type PipelineStep, pipelineSteps } from "../agents/steps";
import { chartColors } from "../charts/chart-style";
import { PATTERN_CHART_BAR_COUNT } from "../charts/pattern-figure";
import { providerIds, providerIdSchema, providerInfo } from "../config/providers";
import { MAX_DEBATE_ROUNDS, MAX_MEMORY_LESSONS } from "../config/stages-schema";
import { macdOptionsSchema } from "../indicators/macd";
import { rocOptionsSchema } from "../indicators/roc";
import { rsiOptionsSchema } from "../indicators/rsi";
import { stochasticOptionsSchema } from "../indicators/stochastic";
import { williamsROptionsSchema } from "../indicators/williams-r";
import { MAX_SYMBOL_LENGTH, SYMBOL_PATTERN } from "../market/assets";
import { timeframeTable } from "../market/timeframes";
import type { IndicatorSnapshot } from "../pipeline/analysis-result";
import { MAX_CSV_CHARACTERS } from "../pipeline/analyze-request";
import { MIN_ANALYSIS_BARS } from "../pipeline/load-candles";
import { STAGE_STEP_KINDS } from "../stages/stage-steps";
import { WIRE_INDICATOR_KEYS } from "./analysis-result";
import { wireTimeframeLimit, wireTimeframeLimitSchema } from "./market";

export const pageConfigSchema = z.object({
  providers: z.array(
    z.object({
      id: providerIdSchema,
      name: z.string(),
      key_env_var: z.string().nullable().meta({ description: "null for the demo provider, which needs no key" }),
      default_agent_model: z.string(),
      default_graph_model: z.string(),
    }),
  ),
  symbol: z.object({
    pattern: z.string().meta({ description: "a JavaScript regular expression's source, anchored, without flags" }),
    max_length: z.number(),
  }),
  bars: z.object({ minimum: z.number(), pattern_chart: z.number() }),
  csv: z.object({ max_characters: z.number() }),
  steps: z.array(
    z.object({
      id: z.enum(pipelineSteps as readonly [PipelineStep, ...PipelineStep[]]),
      label: z.string(),
      detail: z.string(),
    }),
  ),
  stages: z
    .object({
      max_lessons: z.number(),
      max_rounds: z.number(),
      steps: z.record(
        z.enum(["memory", "bull", "bear", "risk", "reflection"]),
        z.object({ label: z.string(), detail: z.string() }),
      ),
    })
    .meta({
      description:
        "the optional stages' limits, and the labels of the steps they add (a debate turn's id is its side and round: bull-1)",
    }),
  indicators: z.array(z.object({ key: z.string(), label: z.string() })).meta({
    description:
      "the keys of the result's indicator_values this library computes, in display order, with their periods",
  }),
  decisions: z.array(z.string()),
  timeframes: z.array(wireTimeframeLimitSchema),
  chart_palette: z.object({
    up_candle: z.string(),
    down_candle: z.string(),
    close_support: z.string(),
    close_resistance: z.string(),
    low_support: z.string(),
    high_resistance: z.string(),
  }),
});
export type PageConfig = z.infer<typeof pageConfigSchema>;

/** The five indicators by name, in the order the Indicator agent is offered them. */
const INDICATOR_NAMES = {
  rsi: "RSI",
  macd: "MACD",
  stochastic: "Stochastic",
  roc: "ROC",
  williamsR: "Williams %R",
} as const;

/** Each indicator line's label with the periods the library computes it at (the option schemas' defaults). */
function indicatorLabels(): PageConfig["indicators"] {
  const rsi = rsiOptionsSchema.parse({});
  const macd = macdOptionsSchema.parse({});
  const stochastic = stochasticOptionsSchema.parse({});
  const roc = rocOptionsSchema.parse({});
  const williamsR = williamsROptionsSchema.parse({});
  const names = INDICATOR_NAMES;
  // A Record over the snapshot's keys: an indicator added to the result without a label here fails to compile.
  const labels: Record<keyof IndicatorSnapshot, string> = {
    rsi: `${names.rsi} (${rsi.period})`,
    macd: `${names.macd} (${macd.fastPeriod}, ${macd.slowPeriod}, ${macd.signalPeriod})`,
    macdSignal: `${names.macd} signal (${macd.signalPeriod})`,
    macdHistogram: `${names.macd} histogram`,
    stochasticK: `${names.stochastic} %K (${stochastic.kPeriod}, ${stochastic.kSlowingPeriod})`,
    stochasticD: `${names.stochastic} %D (${stochastic.dPeriod})`,
    roc: `${names.roc} (${roc.period})`,
    williamsR: `${names.williamsR} (${williamsR.period})`,
  };
  return (Object.keys(labels) as (keyof IndicatorSnapshot)[]).map((key) => ({
    key: WIRE_INDICATOR_KEYS[key],
    label: labels[key],
  }));
}

function stepLabels(decisions: readonly string[]): PageConfig["steps"] {
  // A Record over the pipeline's steps, for the same reason as above.
  const steps: Record<PipelineStep, { label: string; detail: string }> = {
    data: { label: "Market data", detail: "candles for the window" },
    charts: { label: "Drawing charts", detail: "the pattern and trend charts, in Chromium" },
    indicator: { label: "Indicator agent", detail: Object.values(INDICATOR_NAMES).join(", ") },
    pattern: {
      label: "Pattern agent",
      detail: `reads the candlestick chart of the last ${PATTERN_CHART_BAR_COUNT} bars`,
    },
    trend: { label: "Trend agent", detail: "reads support and resistance lines" },
    decision: { label: "Decision agent", detail: decisions.join(" or ") },
  };
  return pipelineSteps.map((id) => ({ id, ...steps[id] }));
}

export function buildPageConfig(): PageConfig {
  const indicators = indicatorLabels();
  const decisions = [...DIRECTIVES];
  return {
    providers: providerIds.map((id) => {
      const info = providerInfo(id);
      return {
        id,
        name: info.displayName,
        key_env_var: info.keyEnvVar ?? null,
        default_agent_model: info.defaultAgentModel,
        default_graph_model: info.defaultGraphModel,
      };
    }),
    symbol: { pattern: SYMBOL_PATTERN.source, max_length: MAX_SYMBOL_LENGTH },
    bars: { minimum: MIN_ANALYSIS_BARS, pattern_chart: PATTERN_CHART_BAR_COUNT },
    csv: { max_characters: MAX_CSV_CHARACTERS },
    steps: stepLabels(decisions),
    stages: { max_lessons: MAX_MEMORY_LESSONS, max_rounds: MAX_DEBATE_ROUNDS, steps: { ...STAGE_STEP_KINDS } },
    indicators,
    decisions,
    timeframes: timeframeTable().map(wireTimeframeLimit),
    chart_palette: {
      up_candle: chartColors.upCandle,
      down_candle: chartColors.downCandle,
      close_support: chartColors.closeSupport,
      close_resistance: chartColors.closeResistance,
      low_support: chartColors.lowSupport,
      high_resistance: chartColors.highResistance,
    },
  };
}
