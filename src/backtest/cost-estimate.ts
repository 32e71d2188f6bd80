// What a backtest will ask of the provider, told before anything is spent: decisions to analyse (those not already
// in the decision cache), model calls, tokens and an ESTIMATED cost; and the refusal to start when that estimate is
// above the caller's limit (`maxCostUsd`, the CLI's --max-cost).
//
// Where the numbers come from. An analysis with the default prompts makes 4 calls on the graph model (the Indicator
// agent's one call with the indicators computed in code, one vision read per chart, the decision; 5 with
// indicator_mode "tool-call", whose tool round is one more, at about a fifth of the tokens), plus 2 on the agent model with
// chart_dispatch "tool-call"; a single agent (agents "single") makes 1, both charts and the readings in, the record
// out. Tokens per analysis are typical figures, not a measurement of this run: the prompt
// text of a 45-bar window is about 5,300 tokens (bench/README.md, "Chart dispatch"), the two charts about 1,000 each
// on OpenAI's image pricing, and the four reports a model writes about 1,500 output tokens together. Plugin
// analysts may make calls of their own; they are not counted. The optional stages add graph-model calls: two per
// debate round and memory's reflection (risk makes none); so does each Decision agent sample beyond the first
// (decision_samples), counted like a stage's call. Prices are the list prices of src/llm/model-prices.ts.
// An estimate can be wrong either way; it is there to stop a run that would cost ten times what was meant.
import { InputError } from "../common/input-error";
import type { TokenUsage } from "../llm/chat-model";
import { estimateCostUsd, MODEL_PRICES_AS_OF } from "../llm/model-prices";

/**
 * One call the optional stages add on the graph model (a debate turn, a replay's reflection): the four reports and
 * the turns before it in, a paragraph out. Typical figures, like the rest.
 */
export const TYPICAL_STAGE_CALL_USAGE = Object.freeze({ calls: 1, inputTokens: 3_000, outputTokens: 300 });
export const TYPICAL_GRAPH_USAGE = Object.freeze({ calls: 5, inputTokens: 7_500, outputTokens: 1_500 });
/** indicator_mode "direct" (the default): the indicators computed in code, so the Indicator agent's tool round is gone. */
export const TYPICAL_DIRECT_GRAPH_USAGE = Object.freeze({ calls: 4, inputTokens: 6_000, outputTokens: 1_200 });
/** agents "single": one vision call, the two charts and the indicator readings in, the decision record out. */
export const TYPICAL_SINGLE_AGENT_USAGE = Object.freeze({ calls: 1, inputTokens: 3_000, outputTokens: 250 });
/** The agent model's forced chart-tool calls under chart_dispatch "tool-call": a short prompt and a tool each. */
export const TYPICAL_DISPATCH_USAGE = Object.freeze({ calls: 2, inputTokens: 800, outputTokens: 100 });

export interface BacktestEstimate {
  /** Decisions in the run. */
  decisions: number;
  /** Of them, already in the decision cache: free. */
  cached: number;
  /** Of them, to analyse now. */
  toAnalyse: number;
  /** Model calls those analyses will make, typically. */
  calls: number;
  tokens: TokenUsage;
  /** ESTIMATED cost in US dollars; null when a model has no list price (then its calls cannot be costed). */
  costUsd: number | null;
  unpricedModels: string[];
  /** The label to print next to the cost. */
  costLabel: string;
}

export interface EstimateInput {
  decisions: number;
  cached: number;
  models: { agent: string; graph: string };
  chartDispatch: "direct" | "tool-call";
  /** The Indicator agent's mode: "direct" makes one call, "tool-call" a tool round first. @default "direct" */
  indicatorMode?: "direct" | "tool-call";
  /** Who decides: "single" makes one call (and no chart dispatch), whatever the indicator mode. @default "team" */
  agents?: "team" | "single";
  /** Calls each analysis adds for its stages: 2 per debate round, 1 for memory's reflection. @default 0 */
  stageCalls?: number;
  /** Answers asked of the Decision agent per analysis (decision_samples): each beyond the first is a call. @default 1 */
  decisionSamples?: number;
  /** Both roles answered by the demo provider: scripted in-process, no call goes out and nothing is spent. */
  scripted?: boolean;
}

export function estimateBacktest(input: EstimateInput): BacktestEstimate {
  const toAnalyse = input.decisions - input.cached;
  if (input.scripted)
    return {
      decisions: input.decisions,
      cached: input.cached,
      toAnalyse,
      calls: 0,
      tokens: { inputTokens: 0, outputTokens: 0 },
      costUsd: 0,
      unpricedModels: [],
      costLabel: "the demo provider's scripted answers: no model is called",
    };
  const single = input.agents === "single";
  const parts = [
    {
      model: input.models.graph,
      usage: single
        ? TYPICAL_SINGLE_AGENT_USAGE
        : input.indicatorMode === "tool-call"
          ? TYPICAL_GRAPH_USAGE
          : TYPICAL_DIRECT_GRAPH_USAGE,
    },
    ...(input.chartDispatch === "tool-call" && !single
      ? [{ model: input.models.agent, usage: TYPICAL_DISPATCH_USAGE }]
      : []),
    ...(extraCalls(input) > 0 ? [{ model: input.models.graph, usage: timesCalls(extraCalls(input)) }] : []),
  ];
  let costUsd: number | null = 0;
  const unpriced = new Set<string>();
  const tokens = { inputTokens: 0, outputTokens: 0 };
  let calls = 0;
  for (const { model, usage } of parts) {
    const scaled = { inputTokens: usage.inputTokens * toAnalyse, outputTokens: usage.outputTokens * toAnalyse };
    calls += usage.calls * toAnalyse;
    tokens.inputTokens += scaled.inputTokens;
    tokens.outputTokens += scaled.outputTokens;
    const cost = estimateCostUsd(model, scaled);
    if (cost === undefined) {
      if (toAnalyse > 0) unpriced.add(model);
    } else if (costUsd !== null) costUsd += cost;
  }
  if (unpriced.size > 0) costUsd = null;
  return {
    decisions: input.decisions,
    cached: input.cached,
    toAnalyse,
    calls,
    tokens,
    costUsd,
    unpricedModels: [...unpriced].sort(),
    costLabel: `estimate from typical token counts and list prices as of ${MODEL_PRICES_AS_OF}, not a bill`,
  };
}

/** "38 decisions (12 cached, 26 to analyse): about 130 model calls, 234k tokens, ~$0.72 (estimate ...)". */
export function describeEstimate(estimate: BacktestEstimate): string {
  const tokens = estimate.tokens.inputTokens + estimate.tokens.outputTokens;
  const cost =
    estimate.costUsd === null
      ? `cost unknown (no list price for ${estimate.unpricedModels.join(", ")})`
      : `~$${estimate.costUsd.toFixed(2)} (${estimate.costLabel})`;
  const counted =
    `${estimate.decisions} decision${estimate.decisions === 1 ? "" : "s"} (${estimate.cached} cached, ` +
    `${estimate.toAnalyse} to analyse)`;
  if (estimate.calls === 0 && estimate.costUsd === 0 && estimate.toAnalyse > 0)
    return `${counted}: nothing spent (${estimate.costLabel})`;
  return `${counted}: about ${estimate.calls} model calls, ${Math.round(tokens / 1000)}k tokens, ${cost}`;
}

/** Throws an InputError (code over_budget) when the estimate is above `maxCostUsd`, or cannot be told at all. */
export function assertWithinBudget(estimate: BacktestEstimate, maxCostUsd: number | undefined): void {
  if (maxCostUsd === undefined || estimate.toAnalyse === 0) return;
  if (estimate.costUsd === null)
    throw new InputError({
      code: "over_budget",
      message: `Not started: a cost limit of $${maxCostUsd} was set, but ${estimate.unpricedModels.join(", ")} has no list price, so the cost of ${estimate.toAnalyse} analyses cannot be estimated. Drop the limit to run anyway, or use a priced model.`,
      details: { max_cost_usd: maxCostUsd },
    });
  if (estimate.costUsd > maxCostUsd)
    throw new InputError({
      code: "over_budget",
      message: `Not started: the estimated cost, ~$${estimate.costUsd.toFixed(2)} for ${estimate.toAnalyse} analyses, is above the limit of $${maxCostUsd}. Raise the limit, backtest a shorter series, or take a decision less often (a larger step). Nothing was spent.`,
      details: { max_cost_usd: maxCostUsd, estimated_cost_usd: Number(estimate.costUsd.toFixed(4)) },
    });
}

function extraCalls(input: EstimateInput): number {
  return (input.stageCalls ?? 0) + Math.max(0, (input.decisionSamples ?? 1) - 1);
}

function timesCalls(count: number) {
  const usage = TYPICAL_STAGE_CALL_USAGE;
  return { calls: count, inputTokens: usage.inputTokens * count, outputTokens: usage.outputTokens * count };
}
