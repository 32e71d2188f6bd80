// What a watcher tells as it goes, a discriminated union every view switches on (the CLI's lines, a test's record).
import type { AnalysisOutcome } from "../journal/outcome";

export type WatchEvent =
  /** An analysis of a bar begins (a decision or a failure follows). */
  | { type: "analysing"; entryId: string; market: string; barTime: number }
  | {
      type: "decision";
      entryId: string;
      market: string;
      /** Open time of the decision bar, epoch ms. */
      barTime: number;
      directive: "LONG" | "SHORT";
      /** Taken from the decision cache (made before a restart): no call, no new journal entry. */
      cached: boolean;
      analysisId?: string;
    }
  | { type: "failure"; entryId: string; market: string; barTime: number; error: string }
  | { type: "paused"; entryId: string; market: string; reason: string }
  /** estimateUsd null: the models have no list price (a model at another address), so no spending fits under a cap. */
  | { type: "cost-cap"; day: string; spentUsd: number; estimateUsd: number | null; capUsd: number }
  | { type: "scored"; entryId: string; market: string; barTime: number; outcome: AnalysisOutcome };

/** One line of text for an event (the CLI prints these). */
export function describeWatchEvent(event: WatchEvent): string {
  const at = (time: number) => new Date(time).toISOString();
  switch (event.type) {
    case "analysing":
      return `${event.market} bar ${at(event.barTime)}: analysing`;
    case "decision":
      return `${event.market} bar ${at(event.barTime)}: ${event.directive}${event.cached ? " (from the decision cache)" : ""}`;
    case "failure":
      return `${event.market} bar ${at(event.barTime)}: failed: ${event.error}`;
    case "paused":
      return `${event.market} paused: ${event.reason}`;
    case "cost-cap":
      if (event.estimateUsd === null)
        return `Stopped for ${event.day}: max_cost_per_day $${event.capUsd} is set, but the models have no list price (a model at another address is priced as unknown), so no analysis can be counted against it; remove the cap to run them.`;
      return `Stopped for ${event.day}: $${event.spentUsd.toFixed(4)} spent and the next analysis's estimate $${event.estimateUsd.toFixed(4)} would pass max_cost_per_day $${event.capUsd}; the rest waits for a later round or the next day.`;
    case "scored":
      return `${event.market} bar ${at(event.barTime)}: scored`;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
