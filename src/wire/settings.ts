// The answers of the page's Settings in the wire's snake_case: a provider's key status (only ever masked) and its
// check, a saved key, a changed base URL, and the provider both model roles use.
import { z } from "zod";

import type { ApiKeyStatus } from "../config/api-keys";
import { providerIdSchema } from "../config/providers";
import { CHECK_NAMES, type CheckReport } from "../models/check-models";
import type { ApiKeyValidation } from "../models/validate-api-key";

export const wireKeyStatusSchema = z.object({
  has_key: z.boolean(),
  /** First and last 3 characters; null when there is no key. */
  masked_key: z
    .string()
    .nullable()
    .meta({ description: "the key in masked form (sk-...xyz); null when there is none" }),
  needs_key: z.boolean().meta({ description: "false for the demo provider, which answers without a key" }),
  key_source: z.enum(["config", "environment"]).nullable().meta({
    description:
      "config: set in Settings or the config record; environment: its *_API_KEY variable; null: no key (after a base URL set at run time, until one is saved for it)",
  }),
  base_url: z.string().nullable().meta({
    description: "where this provider's requests go; null for the provider's own address (or the demo's none)",
  }),
  base_url_source: z.enum(["config", "environment", "default"]).meta({
    description: "config: set at run time (Settings, POST /api/update-base-url); environment: its *_BASE_URL variable",
  }),
});
export type WireKeyStatus = z.infer<typeof wireKeyStatusSchema>;

export function wireKeyStatus(status: ApiKeyStatus): WireKeyStatus {
  return {
    has_key: status.hasKey,
    masked_key: status.maskedKey,
    needs_key: status.needsKey,
    key_source: status.keySource,
    base_url: status.baseUrl ?? null,
    base_url_source: status.baseUrlSource,
  };
}

export const wireKeyValidationSchema = z.discriminatedUnion("valid", [
  z.object({ valid: z.literal(true), message: z.string(), status: z.literal("valid") }),
  z.object({
    valid: z.literal(false),
    error: z.string().meta({ description: "why the check failed, in plain words" }),
    code: z.string().meta({ description: "provider_auth, missing_api_key, provider_network, provider_quota, ..." }),
    status: z.enum(["invalid", "unreachable", "unchecked"]).meta({
      description:
        "invalid: the provider refused the key (or there is none); unreachable: the provider could not be reached, so the key was not checked; unchecked: the provider answered about something else (rate limit, quota, model)",
    }),
  }),
]);
export type WireKeyValidation = z.infer<typeof wireKeyValidationSchema>;

export function wireKeyValidation(validation: ApiKeyValidation): WireKeyValidation {
  return validation.ok
    ? { valid: true, message: validation.message, status: "valid" }
    : { valid: false, error: validation.error, code: validation.code, status: validation.failure };
}

export const updateApiKeyAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string().meta({ description: "names the provider and shows the key in masked form" }),
});

export const updateBaseUrlAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  key_removed: z.boolean().meta({
    description:
      "true when a key in use before the change is not sent to the new address (a saved key removed, the environment's held back)",
  }),
  status: wireKeyStatusSchema,
});

/** Which provider and model each role uses: the config record's own field names. */
export const modelSelectionSchema = z.object({
  agent_llm_model: z.string(),
  graph_llm_model: z.string(),
  agent_llm_provider: providerIdSchema,
  graph_llm_provider: providerIdSchema,
});
export const updateProviderAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  config: modelSelectionSchema,
});
/** POST /api/update-models: the selection with the new names. */
export const updateModelsAnswerSchema = updateProviderAnswerSchema;
export const getProviderAnswerSchema = z.object({ config: modelSelectionSchema });

/** The Settings panel's Check (POST /api/check-setup), as `quantagent doctor --json` lists it, in snake_case. */
export const checkSetupAnswerSchema = z.object({
  healthy: z.boolean().meta({ description: "every check ok or skipped" }),
  rows: z.array(
    z.object({
      check: z.enum(CHECK_NAMES),
      role: z.enum(["agent", "graph"]).optional(),
      model: z.string().optional(),
      status: z.enum(["ok", "missing", "unreachable", "skipped"]),
      latency_ms: z.number(),
      tokens: z.number(),
      detail: z.string().optional().meta({ description: "what it found, or why not: never a key" }),
    }),
  ),
});

export function wireCheckReport(report: CheckReport): z.infer<typeof checkSetupAnswerSchema> {
  return {
    healthy: report.healthy,
    rows: report.rows.map((row) => ({
      check: row.check,
      ...(row.role === undefined ? {} : { role: row.role }),
      ...(row.model === undefined ? {} : { model: row.model }),
      status: row.status,
      latency_ms: Math.round(row.latencyMs),
      tokens: row.tokens,
      ...(row.detail === undefined ? {} : { detail: row.detail }),
    })),
  };
}
