// An analysis result's numbers as tables: the indicators' latest values, each model call with its tokens and time,
// and each step's time. Rounded for reading; the result itself keeps the full values.
import { estimateCostUsd } from "../llm/model-prices";
import type { AnalysisResult, IndicatorSnapshot } from "../pipeline/analysis-result";
import { htmlTable } from "./html-table";

const INDICATOR_LABELS: Readonly<Record<keyof IndicatorSnapshot, string>> = {
  rsi: "RSI (14)",
  macd: "MACD (12, 26)",
  macdSignal: "MACD signal (9)",
  macdHistogram: "MACD histogram",
  stochasticK: "Stochastic %K (14, 3)",
  stochasticD: "Stochastic %D (3)",
  roc: "Rate of change (10)",
  williamsR: "Williams %R (14)",
};

/** Latest value of each built-in indicator, then each plugin indicator; "–" while one is warming up. */
export function indicatorTableHtml(result: Pick<AnalysisResult, "indicatorValues" | "pluginIndicatorValues">): string {
  const rows = [
    ...(Object.keys(INDICATOR_LABELS) as (keyof IndicatorSnapshot)[]).map((key) => ({
      indicator: INDICATOR_LABELS[key],
      value: result.indicatorValues[key],
    })),
    ...Object.entries(result.pluginIndicatorValues).map(([name, value]) => ({ indicator: `${name} (plugin)`, value })),
  ];
  return htmlTable(rows, { caption: "Indicators at the last bar" });
}

/** One row per model call, and a total: step, provider, model, tokens, seconds and the estimated cost. */
export function usageTableHtml(result: Pick<AnalysisResult, "usage">): string {
  const rows = result.usage.calls.map((call) => ({
    step: call.step,
    provider: call.provider,
    model: call.model,
    input: call.usage.inputTokens,
    output: call.usage.outputTokens,
    seconds: call.durationMs / 1000,
    cost: estimateCostUsd(call.model, call.usage) ?? null,
  }));
  const costs = rows.map((row) => row.cost);
  const total = {
    step: "total",
    provider: "",
    model: "",
    input: result.usage.total.inputTokens,
    output: result.usage.total.outputTokens,
    seconds: null,
    cost: costs.every((cost): cost is number => cost !== null) ? costs.reduce((sum, cost) => sum + cost, 0) : null,
  };
  return htmlTable([...rows, total], {
    caption: "Model calls",
    columns: [
      { key: "step" },
      { key: "provider" },
      { key: "model" },
      { key: "input", label: "input tokens" },
      { key: "output", label: "output tokens" },
      { key: "seconds", label: "seconds" },
      { key: "cost", label: "cost (USD, est.)" },
    ],
    decimals: { seconds: 1, cost: 4 },
  });
}

/** Seconds per step; the analysts run at once, so the total is less than their sum. */
export function timingsTableHtml(result: Pick<AnalysisResult, "timingsMs">): string {
  const rows = Object.entries(result.timingsMs)
    .filter((entry): entry is [string, number] => entry[1] !== undefined)
    .map(([step, ms]) => ({ step, seconds: ms / 1000 }));
  return htmlTable(rows, { caption: "Time per step", decimals: 1 });
}
