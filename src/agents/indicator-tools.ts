// The Indicator agent's tools: one per indicator, periods chosen by the model, results as compact text.
import { z } from "zod";

import { type IndicatorSeries, MAX_INDICATOR_PERIOD } from "../indicators/indicator-input";
import { computeMacd } from "../indicators/macd";
import { computeRoc } from "../indicators/roc";
import { computeRsi } from "../indicators/rsi";
import { computeStochastic } from "../indicators/stochastic";
import { computeWilliamsR } from "../indicators/williams-r";
import type { CandleColumns } from "../market/candle";
import { type AgentTool, defineTool } from "./agent-tool";

/** How many of the latest values a tool shows the model: enough to see a turn, few enough to keep prompts short. */
const RECENT_VALUES = 12;

/** A period argument as the model sees it (JSON schema with bounds); the indicator's own schema checks it again. */
const period = (minimum: number, standard: number, description: string) =>
  z.int().min(minimum).max(MAX_INDICATOR_PERIOD).default(standard).describe(description);

/** The names of the five built-in tools, which no plugin may take. */
export const BUILT_IN_INDICATOR_TOOL_NAMES = [
  "compute_rsi",
  "compute_macd",
  "compute_stochastic",
  "compute_roc",
  "compute_williams_r",
] as const;

export function indicatorTools(columns: CandleColumns): AgentTool[] {
  const close = columns.close;
  return [
    defineTool({
      name: "compute_rsi",
      description: "Relative Strength Index (Wilder). Above 70 is overbought, below 30 oversold.",
      argumentsSchema: z.strictObject({ period: period(2, 14, "look-back in bars, standard 14") }),
      run: (args) => describeSeries(`RSI(${args.period})`, computeRsi(close, args)),
    }),
    defineTool({
      name: "compute_macd",
      description: "MACD: fast EMA minus slow EMA, its signal line and histogram. Crossovers mark momentum shifts.",
      argumentsSchema: z.strictObject({
        fastPeriod: period(2, 12, "fast EMA, standard 12"),
        slowPeriod: period(2, 26, "slow EMA, standard 26"),
        signalPeriod: period(1, 9, "signal EMA, standard 9"),
      }),
      run: (args) => {
        const macd = computeMacd(close, args);
        const name = `MACD(${args.fastPeriod},${args.slowPeriod},${args.signalPeriod})`;
        return [
          describeSeries(`${name} line`, macd.macd),
          describeSeries(`${name} signal`, macd.signal),
          describeSeries(`${name} histogram`, macd.histogram),
        ].join("\n");
      },
    }),
    defineTool({
      name: "compute_stochastic",
      description: "Slow Stochastic %K and %D (SMA smoothing). Above 80 is overbought, below 20 oversold.",
      argumentsSchema: z.strictObject({
        kPeriod: period(1, 14, "%K look-back, standard 14"),
        kSlowingPeriod: period(1, 3, "%K smoothing, standard 3"),
        dPeriod: period(1, 3, "%D smoothing, standard 3"),
      }),
      run: (args) => {
        const stochastic = computeStochastic(columns, args);
        const name = `Stochastic(${args.kPeriod},${args.kSlowingPeriod},${args.dPeriod})`;
        return [describeSeries(`${name} %K`, stochastic.k), describeSeries(`${name} %D`, stochastic.d)].join("\n");
      },
    }),
    defineTool({
      name: "compute_roc",
      description: "Rate of Change: percent change of the close over the look-back.",
      argumentsSchema: z.strictObject({ period: period(1, 10, "look-back in bars, standard 10") }),
      run: (args) => describeSeries(`ROC(${args.period}) %`, computeRoc(close, args)),
    }),
    defineTool({
      name: "compute_williams_r",
      description: "Williams %R, from -100 to 0. Above -20 is overbought, below -80 oversold.",
      argumentsSchema: z.strictObject({ period: period(2, 14, "look-back in bars, standard 14") }),
      run: (args) => describeSeries(`Williams %R(${args.period})`, computeWilliamsR(columns, args)),
    }),
  ];
}

/** "RSI(14): latest 56.21; last 12 values, oldest first: ..." or why there is no value yet. */
export function describeSeries(name: string, series: IndicatorSeries): string {
  const defined = series.filter((value): value is number => value !== null);
  if (defined.length === 0) {
    return `${name}: no values: ${series.length} bars are not enough for this look-back. Use a shorter period.`;
  }
  const recent = defined.slice(-RECENT_VALUES).map(formatValue);
  return `${name}: latest ${recent[recent.length - 1]}; last ${recent.length} values, oldest first: ${recent.join(", ")}`;
}

function formatValue(value: number): string {
  return Math.abs(value) >= 1000 ? value.toFixed(1) : value.toPrecision(4);
}
