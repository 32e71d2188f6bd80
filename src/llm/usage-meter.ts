// Counts model calls during a run (an evaluation, a backtest): calls answered by the model (fresh: they cost money) and from the cache
// (free), their tokens, and the estimated cost of the fresh ones from the price table.
import type { TokenUsage } from "./chat-model";
import type { ModelCacheCall } from "./model-cache";
import { estimateCostUsd, MODEL_PRICES_AS_OF } from "./model-prices";

export interface UsageSummary {
  freshCalls: number;
  cachedCalls: number;
  /** Tokens of the calls the provider answered in this run. */
  freshTokens: TokenUsage;
  /** Tokens the cached answers took when they were first asked. */
  cachedTokens: TokenUsage;
  /** ESTIMATE of what the fresh calls cost, in US dollars, from list prices (see model-prices.ts). */
  estimatedCostUsd: number;
  /** The label to print next to the cost. */
  costLabel: string;
  /** Models that had fresh calls but no price in the table (their calls count 0 in the estimate). */
  unpricedModels: string[];
}

export interface UsageMeter {
  record(call: ModelCacheCall): void;
  summary(): UsageSummary;
}

export function createUsageMeter(): UsageMeter {
  const state = {
    freshCalls: 0,
    cachedCalls: 0,
    freshTokens: { inputTokens: 0, outputTokens: 0 },
    cachedTokens: { inputTokens: 0, outputTokens: 0 },
    estimatedCostUsd: 0,
    unpricedModels: new Set<string>(),
  };
  return {
    record(call) {
      const tokens = call.hit ? state.cachedTokens : state.freshTokens;
      tokens.inputTokens += call.usage.inputTokens;
      tokens.outputTokens += call.usage.outputTokens;
      if (call.hit) {
        state.cachedCalls += 1;
        return;
      }
      state.freshCalls += 1;
      const cost = estimateCostUsd(call.model, call.usage);
      if (cost === undefined) state.unpricedModels.add(call.model);
      else state.estimatedCostUsd += cost;
    },
    summary() {
      return {
        freshCalls: state.freshCalls,
        cachedCalls: state.cachedCalls,
        freshTokens: { ...state.freshTokens },
        cachedTokens: { ...state.cachedTokens },
        estimatedCostUsd: state.estimatedCostUsd,
        costLabel: `estimate from list prices as of ${MODEL_PRICES_AS_OF}, not a bill`,
        unpricedModels: [...state.unpricedModels].sort(),
      };
    },
  };
}
