// A model that cannot do what a request needed: call tools, read images, answer in JSON mode. Servers differ
// (OpenAI, Anthropic, DashScope, Ollama, LM Studio, vLLM, gateways), and a local vision model without tools is the
// common case; the refusal is a setup to change, not a provider outage, so it is a config error (kind "config": HTTP
// 400, exit code 2) whose message names the way out. Classified once, where provider errors enter
// (classify-common-error.ts), and never retried: asking again gets the same refusal.
import { QuantAgentError } from "../common/quantagent-error";
import type { ModelRole } from "./chat-model";

export type ModelCapability = "tools" | "images" | "json";

export interface ModelCapabilityErrorOptions {
  capability: ModelCapability;
  model: string;
  /** The role whose model refused; null when it was called outside a role (a key check). */
  role: ModelRole | null;
  /** Where the request went, when it is not the provider's own address (a local server). */
  endpoint?: string;
  /** The server's own words, scrubbed of anything key-like. */
  detail?: string;
  cause?: unknown;
}

const ROLE_FIELDS: Record<ModelRole, string> = { agent: "agent_llm_model", graph: "graph_llm_model" };

/** How to get on without the capability, in the user's settings. */
function wayOut(options: ModelCapabilityErrorOptions): string {
  switch (options.capability) {
    case "tools":
      return (
        'Use indicator_mode "direct" (the default; --indicators direct on the command line), which computes the ' +
        'indicators in code and offers no tools, and chart_dispatch "direct"; or choose a model that calls tools.'
      );
    case "images":
      return `The graph role reads the charts: choose a vision model for ${ROLE_FIELDS.graph} (llava, qwen2.5vl, gpt-4o, a Claude model).`;
    case "json":
      return "Choose a model or server with JSON mode; without it the prompt alone asks for the JSON object.";
    default: {
      const exhaustive: never = options.capability;
      return exhaustive;
    }
  }
}

const CAPABILITY_WORDS: Record<ModelCapability, string> = {
  tools: "tools (function calling)",
  images: "images",
  json: "JSON mode",
};

export class ModelCapabilityError extends QuantAgentError {
  override name = "ModelCapabilityError";
  readonly capability: ModelCapability;
  readonly model: string;
  readonly role: ModelRole | null;

  constructor(options: ModelCapabilityErrorOptions) {
    const whose = options.role === null ? "The model" : `The ${options.role} role's model`;
    const where = options.endpoint ? ` at ${options.endpoint}` : "";
    const said = options.detail ? ` (the server said: ${options.detail})` : "";
    super({
      code: "model_capability",
      kind: "config",
      message: `Model Capability: ${whose} "${options.model}"${where} does not support ${CAPABILITY_WORDS[options.capability]}${said}. ${wayOut(options)}`,
      details: { capability: options.capability, model: options.model, role: options.role },
      cause: options.cause,
    });
    this.capability = options.capability;
    this.model = options.model;
    this.role = options.role;
  }
}
