// What the web page needs to know about the library before it can show a form: the providers, the symbol rule, the
// bar counts, the CSV limit, the pipeline's steps, the optional stages' limits and step labels, the indicators and
// their periods, the lookback table and the chart palette. GET /api/page-config builds all of it from the library's own constants, so the page never repeats
// a rule that could drift from the one the server enforces. Also names the file that answers /output, the results
// page older clients open after an analysis (createApp maps it among the static files).
import path from "node:path";

import type Router from "@koa/router";
import { z } from "zod";

import { chartColors, PATTERN_CHART_BAR_COUNT } from "../../src/charts/index";
import {
  DIRECTIVES,
  type IndicatorSnapshot,
  MAX_CSV_CHARACTERS,
  MAX_DEBATE_ROUNDS,
  MAX_MEMORY_LESSONS,
  MIN_ANALYSIS_BARS,
  type PipelineStep,
  pipelineSteps,
  providerIds,
  timeframeTable,
  WIRE_INDICATOR_KEYS,
} from "../../src/index";
import {
  macdOptionsSchema,
  rocOptionsSchema,
  rsiOptionsSchema,
  stochasticOptionsSchema,
  williamsROptionsSchema,
} from "../../src/indicators/index";
import { providerIdSchema, providerInfo } from "../../src/llm/index";
import { MAX_SYMBOL_LENGTH, SYMBOL_PATTERN } from "../../src/market/index";
import { STAGE_STEP_KINDS } from "../../src/stages/stage-steps";
import { wireTimeframeLimit, wireTimeframeLimitSchema } from "../../src/wire/api-answers";
import type { RouteSettings } from "../app-dependencies";
import { apiRouter } from "./api-router";

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

/** The path older clients open after an analysis. */
export const LEGACY_OUTPUT_PATH = "/output";

/**
 * /output as one of the page's static files, for createApp's static-file map: served like any other file of the page
 * (so, like them, without the access token: an older client's redirect cannot send one, and the page holds no data;
 * the result travels in its query string). max-age 0: revalidated on every visit, as the page's own files are.
 */
export function legacyOutputFiles(publicDir: string): Record<string, { file: string; maxAgeSeconds: number }> {
  return { [LEGACY_OUTPUT_PATH]: { file: path.join(publicDir, "output.html"), maxAgeSeconds: 0 } };
}

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

export function createPageConfigRouter(_settings: RouteSettings): Router {
  const router = apiRouter();
  const pageConfig = buildPageConfig();
  router.get("/page-config", (context) => {
    context.body = pageConfig;
  });
  return router;
}
