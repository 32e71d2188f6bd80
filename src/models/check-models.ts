// The model rows of `quantagent doctor` (check-setup.ts runs them with the rest): for each model role one tiny call
// per capability the configuration needs of it: text; JSON mode for the graph role (the decision); images for the graph role (it reads the charts);
// tools when a "tool-call" mode is on (indicator_mode for the graph role, chart_dispatch for the agent role). Each row
// is ok, missing (the server answered that the model lacks it, or a key is missing) or unreachable (no answer), with
// its latency and the tokens it spent. Nothing here retries: a check is one request.
import { describeError } from "../common/describe-error";
import { QuantAgentError } from "../common/quantagent-error";
import type { Env } from "../config/api-keys";
import type { Config } from "../config/config-schema";
import type { ChatModel, ChatRequest, TokenUsage } from "../llm/chat-model";
import { type ModelRole, modelSettingsFor } from "../llm/model-settings";
import { ProviderError } from "../llm/provider-error";
import { createChatModelFor } from "./create-chat-model";

/** skipped: the configuration does not need it, and nothing was sent (the detail says why). */
export type CheckStatus = "ok" | "missing" | "unreachable" | "skipped";
export const CHECK_NAMES = ["node", "data_dir", "chromium", "yahoo", "text", "json", "images", "tools"] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

export interface CheckRow {
  check: CheckName;
  /** The role checked, for model rows. */
  role?: ModelRole;
  model?: string;
  status: CheckStatus;
  latencyMs: number;
  tokens: number;
  /** Why it is not ok, in the library's words (never a key). */
  detail?: string;
}

export interface CheckReport {
  healthy: boolean;
  rows: CheckRow[];
}

/** A 1x1 PNG: the smallest image a vision model can be asked about. */
const TINY_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

const REQUESTS: Record<Exclude<CheckName, "node" | "data_dir" | "chromium" | "yahoo">, ChatRequest> = {
  text: { messages: [{ role: "user", content: "Answer with the word ok." }], maxOutputTokens: 16 },
  json: {
    messages: [{ role: "user", content: 'Answer with the JSON object {"ok": true}.' }],
    responseFormat: "json",
    maxOutputTokens: 16,
  },
  images: {
    messages: [
      {
        role: "user",
        content: [
          { type: "text", text: "What colour is this image? One word." },
          { type: "image", mediaType: "image/png", data: TINY_PNG },
        ],
      },
    ],
    maxOutputTokens: 16,
  },
  tools: {
    messages: [{ role: "user", content: "Call the ping tool." }],
    tools: [{ name: "ping", description: "Answers pong.", parameters: { type: "object", properties: {} } }],
    toolChoice: "auto",
    maxOutputTokens: 32,
  },
};

/** The capabilities a role needs under this configuration, in the order they are checked. */
export function neededChecks(config: Config, role: ModelRole): Array<keyof typeof REQUESTS> {
  if (role === "graph")
    return ["text", "json", "images", ...(config.indicator_mode === "tool-call" ? (["tools"] as const) : [])];
  return config.chart_dispatch === "tool-call" ? ["text", "tools"] : [];
}

export interface CheckModelsOptions {
  config: Config;
  env?: Env;
  /**
   * The model of a role as its owner builds it (a server's pipeline, with the keys and addresses set at run time);
   * default one built here from the config and the environment, with no retries and a 15 s limit per check.
   */
  modelFor?: (role: ModelRole) => ChatModel;
  fetch?: typeof globalThis.fetch;
  signal?: AbortSignal;
  /** Per check; default 15 s. */
  timeoutMs?: number;
}

/** One row per capability each role needs under the configuration (none for a role that needs nothing). */
export async function checkModels(options: CheckModelsOptions): Promise<CheckRow[]> {
  const rows: CheckRow[] = [];
  for (const role of ["agent", "graph"] as const) {
    const checks = neededChecks(options.config, role);
    if (checks.length === 0) continue;
    const settings = modelSettingsFor(options.config, role);
    let model: ChatModel;
    try {
      model =
        options.modelFor?.(role) ??
        createChatModelFor({
          ...settings,
          config: { ...options.config, request_timeout_ms: options.timeoutMs ?? 15_000 },
          env: options.env,
          fetch: options.fetch,
          maxRetries: 0,
          modelField: `${role}_llm_model`,
          role,
        });
    } catch (error) {
      // No key, a malformed base URL or model name: every check of the role is missing, none is sent.
      for (const check of checks)
        rows.push({
          check,
          role,
          model: settings.model,
          status: "missing",
          latencyMs: 0,
          tokens: 0,
          detail: describeError(error),
        });
      continue;
    }
    for (const check of checks) rows.push(await modelRow(model, role, check, options.signal));
  }
  return rows;
}

async function modelRow(
  model: ChatModel,
  role: ModelRole,
  check: keyof typeof REQUESTS,
  signal: AbortSignal | undefined,
): Promise<CheckRow> {
  const started = performance.now();
  const base = { check, role, model: model.model };
  try {
    const response = await model.chat({ ...REQUESTS[check], signal });
    const latencyMs = performance.now() - started;
    const tokens = spent(response.usage);
    if (check === "tools" && response.toolCalls.length === 0)
      return { ...base, status: "missing", latencyMs, tokens, detail: "the model answered without calling the tool" };
    return { ...base, status: "ok", latencyMs, tokens };
  } catch (error) {
    signal?.throwIfAborted();
    const latencyMs = performance.now() - started;
    const unreachable = error instanceof ProviderError && (error.reason === "network" || error.reason === "server");
    const detail = QuantAgentError.isInstance(error) ? error.message : describeError(error);
    return { ...base, status: unreachable ? "unreachable" : "missing", latencyMs, tokens: 0, detail };
  }
}

function spent(usage: TokenUsage): number {
  return usage.inputTokens + usage.outputTokens;
}

/**
 * A check that asks no model: ok with the detail `work` returns, or missing with why it threw; timed either way.
 */
export async function localCheckRow(check: CheckName, work: () => Promise<string | undefined>): Promise<CheckRow> {
  const started = performance.now();
  const row = (status: CheckStatus, detail: string | undefined): CheckRow => ({
    check,
    status,
    latencyMs: performance.now() - started,
    tokens: 0,
    ...(detail === undefined ? {} : { detail }),
  });
  try {
    return row("ok", await work());
  } catch (error) {
    return row("missing", describeError(error));
  }
}
