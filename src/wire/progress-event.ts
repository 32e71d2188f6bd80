// The progress events of POST /api/analyze's event stream (`progress` events) as a zod schema, for the OpenAPI
// document. The library defines the event as a TypeScript type (WireProgressEvent, made by toWireEvent); the
// compile-time check below fails when the two differ in either direction, so this schema cannot drift from it.
import { z } from "zod";

import type { WireProgressEvent } from "./analysis-result";

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

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameAsTheLibrary: Same<z.infer<typeof wireProgressEventSchema>, WireProgressEvent> = true;
void sameAsTheLibrary;
