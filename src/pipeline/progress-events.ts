// Progress of one analysis as a discriminated union: callers `switch` on `type` (notebook view, server SSE, CLI).
import type { Directive } from "../agents/decision-record";
import type { PipelineStep } from "../agents/steps";
import type { TokenUsage } from "../llm/chat-model";

/** A built-in step, or a plugin analyst's name (its step runs beside indicator, pattern and trend). */
export type StepId = PipelineStep | (string & {});

export type ProgressEvent =
  | { type: "step-start"; step: StepId; at: number }
  | { type: "step-end"; step: StepId; at: number; durationMs: number; usage: TokenUsage }
  | { type: "step-error"; step: StepId; at: number; durationMs: number; error: string }
  | { type: "chart-rendered"; chart: "pattern" | "trend"; at: number; durationMs: number; bytes: number }
  /** New text of a step's report as the model writes it (a step's deltas joined are its report). */
  | { type: "report-delta"; step: string; text: string }
  | { type: "analysis-end"; at: number; durationMs: number; decision: Directive };

export type ProgressListener = (event: ProgressEvent) => void;

/**
 * A one-line description of an event, for logs and plain-text progress views. `withErrorText: false` leaves a failed
 * step's message out, for a view that shows the analysis's error on its own.
 */
export function describeProgressEvent(event: ProgressEvent, options: { withErrorText?: boolean } = {}): string {
  switch (event.type) {
    case "step-start":
      return event.step === "charts" ? "drawing charts: pattern and trend" : `${event.step}: started`;
    case "step-end":
      if (event.step === "charts") return `charts drawn in ${formatMs(event.durationMs)}`;
      return `${event.step}: done in ${formatMs(event.durationMs)} (${event.usage.inputTokens + event.usage.outputTokens} tokens)`;
    case "step-error":
      return `${event.step}: failed after ${formatMs(event.durationMs)}${options.withErrorText === false ? "" : `: ${event.error}`}`;
    case "report-delta":
      return `${event.step}: ${event.text.length} more characters`;
    case "chart-rendered":
      return `${event.chart} chart rendered in ${formatMs(event.durationMs)} (${Math.round(event.bytes / 1024)} KiB)`;
    case "analysis-end":
      return `analysis done in ${formatMs(event.durationMs)}: ${event.decision}`;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
