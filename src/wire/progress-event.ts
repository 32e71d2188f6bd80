// The progress events of POST /api/analyze's event stream (`progress` events) in the wire's snake_case: the schema
// (the OpenAPI document and the page's types are generated from it), the type inferred from it, and the mapping from
// the library's camelCase events.
import { z } from "zod";

import type { ProgressEvent } from "../pipeline/progress-events";

const at = z.number().meta({ description: "epoch milliseconds" });
const durationMs = z.number();

export const wireProgressEventSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("step-start"), step: z.string(), at }),
    z.object({
      type: z.literal("step-end"),
      step: z.string(),
      at,
      duration_ms: durationMs,
      usage: z.object({ input_tokens: z.number(), output_tokens: z.number() }),
    }),
    z.object({ type: z.literal("step-error"), step: z.string(), at, duration_ms: durationMs, error: z.string() }),
    z.object({ type: z.literal("chart-rendered"), chart: z.string(), at, duration_ms: durationMs, bytes: z.number() }),
    z.object({
      type: z.literal("report-delta"),
      step: z.string(),
      text: z.string().meta({ description: "the report's new text only; a step's deltas joined are its report" }),
    }),
    z.object({ type: z.literal("analysis-end"), at, duration_ms: durationMs, decision: z.string() }),
  ])
  .meta({
    description:
      "steps, in the order they start: data, charts (drawing both charts, while the indicator step already runs), " +
      "indicator, pattern, trend, decision, and plugin analysts by name; chart-rendered: pattern, trend (within the charts step)",
  });

export type WireProgressEvent = z.infer<typeof wireProgressEventSchema>;

export function toWireEvent(event: ProgressEvent): WireProgressEvent {
  switch (event.type) {
    case "step-start":
      return event;
    case "step-end":
      return {
        type: event.type,
        step: event.step,
        at: event.at,
        duration_ms: event.durationMs,
        usage: { input_tokens: event.usage.inputTokens, output_tokens: event.usage.outputTokens },
      };
    case "step-error":
      return { type: event.type, step: event.step, at: event.at, duration_ms: event.durationMs, error: event.error };
    case "report-delta":
      return event;
    case "chart-rendered":
      return { type: event.type, chart: event.chart, at: event.at, duration_ms: event.durationMs, bytes: event.bytes };
    case "analysis-end":
      return { type: event.type, at: event.at, duration_ms: event.durationMs, decision: event.decision };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
