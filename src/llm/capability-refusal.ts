// Which capability a provider's refusal is about, if any: a model without tools, a model that cannot read images, a
// server without JSON mode. Read from the status and the server's own words, checked only against what the request
// used, so a refusal is never blamed on a capability the request did not need. The phrases are the servers' own:
// OpenAI ("tools is not supported with this model", "image_url is only supported by certain models", "'response_format'
// of type 'json_object' is not supported with this model"), Ollama ("... does not support tools", "missing data
// required for image input"), LM Studio ("Model does not support images", "'response_format.type' must be
// 'json_schema' or 'text'"), vLLM ("... is not a multimodal model", "tool choice requires --enable-auto-tool-choice").
// A malformed conversation that merely mentions tools ("messages with role 'tool' must be a response to ...") is not
// a refusal of tools: the phrase must say the thing is not supported.
import type { ChatRequest } from "./chat-model";
import type { ModelCapability } from "./model-capability-error";

/** What a request asked of the model beyond text. */
export interface RequestNeeds {
  tools: boolean;
  images: boolean;
  /** JSON mode was sent (response_format); a prompt that merely asks for JSON needs nothing of the server. */
  json: boolean;
}

export function requestNeeds(request: ChatRequest, options: { jsonModeSent: boolean }): RequestNeeds {
  return {
    tools: (request.tools?.length ?? 0) > 0,
    images: request.messages.some(
      (message) =>
        message.role === "user" &&
        typeof message.content !== "string" &&
        message.content.some((part) => part.type === "image"),
    ),
    json: options.jsonModeSent,
  };
}

/** "is not supported", "does not support", "unsupported", "only supported by", "not enabled", "not available". */
const NOT_SUPPORTED =
  /\b(?:does ?n[o']t|do not|is not|are not|not|un)[\s-]*(?:support(?:ed|s)?|enabled|available)\b|\bonly supported by\b/i;

const REFUSALS: Record<ModelCapability, { subject: RegExp; own: RegExp }> = {
  tools: {
    subject: /\btools?\b|\btool[_ ]choice\b|\bfunction[_ ]call(?:ing|s)?\b/i,
    own: /--enable-auto-tool-choice/i,
  },
  images: {
    subject: /\bimages?\b|\bimage_url\b|\bvision\b|\bmulti-?modal\b/i,
    own: /\bis not a multi-?modal model\b|\bmissing data required for image input\b|\bat most 0 image/i,
  },
  json: {
    subject: /\bresponse_format\b|\bjson[_ ]?(?:mode|object|schema)\b/i,
    own: /\bresponse_format(?:\.type)?'? must be\b/i,
  },
};

/** Statuses servers refuse an unsupported feature with: 400 mostly; 422 and 501 at some gateways; 404 at vLLM. */
const REFUSAL_STATUSES = new Set([400, 404, 415, 422, 501]);

/** Checked in this order: an image refusal often mentions the message content, a tools refusal never an image. */
const ORDER: readonly ModelCapability[] = ["images", "tools", "json"];

/** The capability the refusal is about, or undefined when it is another kind of error. */
export function refusedCapability(
  status: number | undefined,
  message: unknown,
  needs: RequestNeeds | undefined,
): ModelCapability | undefined {
  if (needs === undefined || status === undefined || !REFUSAL_STATUSES.has(status)) return undefined;
  if (typeof message !== "string" || message.trim() === "") return undefined;
  return ORDER.find((capability) => {
    if (!needs[capability]) return false;
    const refusal = REFUSALS[capability];
    return refusal.own.test(message) || (refusal.subject.test(message) && NOT_SUPPORTED.test(message));
  });
}
