// A small table of list prices, for the ESTIMATED cost an evaluation or a backtest shows before and while it runs. Not a bill: providers
// change prices, discount cached input and batch calls, and bill in their own units. Unknown models cost 0 here
// and are named in the estimate, so a missing price is visible rather than silently cheap.
import type { TokenUsage } from "./chat-model";

export interface ModelPrice {
  /** US dollars per million input tokens. */
  inputPerMillion: number;
  /** US dollars per million output tokens. */
  outputPerMillion: number;
}

/** When the prices below were read from the providers' public price pages. */
export const MODEL_PRICES_AS_OF = "2025-10";

/** Keys match a model name exactly or as a prefix (dated snapshots such as gpt-4o-2024-08-06); the longest wins. */
export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = Object.freeze({
  "gpt-4o": { inputPerMillion: 2.5, outputPerMillion: 10 },
  "gpt-4o-mini": { inputPerMillion: 0.15, outputPerMillion: 0.6 },
  "gpt-4.1": { inputPerMillion: 2, outputPerMillion: 8 },
  "gpt-4.1-mini": { inputPerMillion: 0.4, outputPerMillion: 1.6 },
  "gpt-4.1-nano": { inputPerMillion: 0.1, outputPerMillion: 0.4 },
  "claude-haiku-4-5": { inputPerMillion: 1, outputPerMillion: 5 },
  "claude-sonnet-4-5": { inputPerMillion: 3, outputPerMillion: 15 },
  "claude-3-5-haiku": { inputPerMillion: 0.8, outputPerMillion: 4 },
  "qwen3-max": { inputPerMillion: 1.2, outputPerMillion: 6 },
  "qwen3-vl-plus": { inputPerMillion: 0.2, outputPerMillion: 1.6 },
});

export function findModelPrice(
  model: string,
  table: Readonly<Record<string, ModelPrice>> = MODEL_PRICES,
): ModelPrice | undefined {
  const name = model.toLowerCase();
  const match = Object.keys(table)
    .filter((key) => name === key || name.startsWith(`${key}-`))
    .sort((left, right) => right.length - left.length)[0];
  return match === undefined ? undefined : table[match];
}

/** The estimated cost in US dollars of `usage` on `model`; undefined when the model is not in the table. */
export function estimateCostUsd(
  model: string,
  usage: TokenUsage,
  table?: Readonly<Record<string, ModelPrice>>,
): number | undefined {
  const price = findModelPrice(model, table);
  if (!price) return undefined;
  return (usage.inputTokens * price.inputPerMillion + usage.outputTokens * price.outputPerMillion) / 1_000_000;
}
