// What one analysis leaves in the journal, validated with zod before anything is written. The journal keeps its own
// input type instead of the pipeline's result type: callers (page, API, notebook, CLI) map their result onto it,
// so the journal's schema does not move each time the result record does.
//
// Field names are the library's camelCase, shaped like the pipeline's result where they overlap (models, reports,
// window, barCount, decision), so mapping a result onto an entry is mostly copying. Only `result`, the answer as
// the HTTP API gave it, keeps the wire's snake_case names.
import { z } from "zod";

import { stagesSchema } from "../config/stages-schema";

/** An ISO 8601 time with a zone (`2025-03-01T12:00:00Z`), stored normalised to UTC milliseconds. */
export const isoTimeSchema = z.iso
  .datetime({ offset: true, error: "must be an ISO 8601 time with a zone, such as 2025-03-01T12:00:00Z" })
  .transform((text) => new Date(text).toISOString());

export const journalSources = ["page", "api", "notebook", "cli", "evaluation"] as const;
export type JournalSource = (typeof journalSources)[number];

const nonEmpty = z.string().trim().min(1, "must not be empty");
const count = z.number().int().nonnegative();

export const modelUsedSchema = z.strictObject({
  provider: nonEmpty,
  model: nonEmpty,
  /** As configured; a provider may not honour it (Anthropic), which the caller records as it was. */
  temperature: z.number().finite(),
});

export const pluginUsedSchema = z.strictObject({ name: nonEmpty, version: nonEmpty });

/** The decision as the library hands it out; the Decision agent's own schema checked its ranges when it was made. */
export const journalDecisionSchema = z.strictObject({
  forecastHorizon: z.string(),
  decision: z.enum(["LONG", "SHORT"]),
  justification: z.string(),
  riskRewardRatio: z.number().finite(),
  /** Absent only for decisions made before it was asked for. */
  confidence: z.number().min(0).max(1).optional(),
  votes: z.strictObject({ LONG: z.number().int().nonnegative(), SHORT: z.number().int().nonnegative() }).optional(),
  agreement: z.number().min(0).max(1).optional(),
  samples: z
    .array(z.strictObject({ decision: z.enum(["LONG", "SHORT"]), confidence: z.number().min(0).max(1) }))
    .optional(),
});

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// z.custom, not z.instanceof: the latter narrows to Uint8Array<ArrayBuffer>, which a Node Buffer is not.
const pngSchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array, { error: "must be PNG bytes (a Uint8Array or Buffer)" })
  .refine(
    (bytes) => bytes.length > PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte),
    {
      error: "is not a PNG image (its first bytes are not the PNG signature)",
    },
  );

export const journalEntryInputSchema = z
  .strictObject({
    source: z.enum(journalSources),
    /** The request as the caller made it (HTTP body, notebook arguments). */
    request: z.json(),
    asset: nonEmpty,
    symbol: nonEmpty,
    timeframe: nonEmpty,
    /** The analysis window; null when the run failed before any data was loaded. */
    window: z
      .strictObject({ start: isoTimeSchema, end: isoTimeSchema, requestedStart: isoTimeSchema.optional() })
      .nullable(),
    barCount: count,
    models: z.strictObject({ agent: modelUsedSchema, graph: modelUsedSchema }),
    promptVersion: nonEmpty,
    /** The agents saw a blind view: no date, name or price level of the window. */
    blind: z.boolean().default(false),
    plugins: z.array(pluginUsedSchema).default([]),
    /** The optional stages the analysis ran with (memory, debate, risk); {} for the four agents alone. */
    stages: stagesSchema.default({}),
    reports: z
      .strictObject({
        indicator: z.string(),
        pattern: z.string(),
        trend: z.string(),
        /** Plugin analysts' reports by analyst name. */
        analysts: z.record(z.string(), z.string()).default({}),
      })
      .default({ indicator: "", pattern: "", trend: "", analysts: {} }),
    /** Null for a failed run; a decision is never invented. */
    decision: journalDecisionSchema.nullable(),
    charts: z.strictObject({ pattern: pngSchema.optional(), trend: pngSchema.optional() }).default({}),
    usage: z
      .strictObject({ callsPerStep: z.record(z.string(), count).default({}), inputTokens: count, outputTokens: count })
      .default({ callsPerStep: {}, inputTokens: 0, outputTokens: 0 }),
    /** Estimated from a price table; null when the model's price is unknown. */
    costUsd: z.number().finite().nonnegative().nullable().default(null),
    timingsMs: z.record(z.string(), z.number().finite().nonnegative()).default({}),
    /** The last bar of the window: its close is where the outcome is measured from. Null when no data was loaded. */
    entry: z.strictObject({ close: z.number().finite().positive(), time: isoTimeSchema }).nullable(),
    /** Why the run failed; null when it succeeded. */
    error: z.strictObject({ code: nonEmpty, message: z.string() }).nullable().default(null),
    /** The whole result as the HTTP API answered it (snake_case wire names): `get(id)` gives it back unchanged. */
    result: z.record(z.string(), z.json()),
  })
  .superRefine((entry, context) => {
    if (entry.decision === null && entry.error === null) {
      context.addIssue({ code: "custom", path: ["error"], message: "a run without a decision must say why it failed" });
    }
    if (entry.decision !== null && entry.error !== null) {
      context.addIssue({
        code: "custom",
        path: ["error"],
        message: "a run with a decision cannot also carry an error",
      });
    }
    if (entry.decision !== null && entry.entry === null) {
      context.addIssue({
        code: "custom",
        path: ["entry"],
        message: "a decision needs the entry bar (close and time) it was taken at",
      });
    }
  });

/** What `journal.record()` accepts (fields with defaults may be left out). */
export type JournalEntryInput = z.input<typeof journalEntryInputSchema>;
/** The entry after validation and defaults. */
export type JournalEntry = z.output<typeof journalEntryInputSchema>;
export type JournalDecision = z.infer<typeof journalDecisionSchema>;
export type ModelUsed = z.infer<typeof modelUsedSchema>;
export type PluginUsed = z.infer<typeof pluginUsedSchema>;
