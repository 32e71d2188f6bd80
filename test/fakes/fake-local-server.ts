// Modes in which the fake provider behaves as local OpenAI-compatible servers do where they differ from OpenAI's own
// API (Ollama, LM Studio, vLLM): a model that cannot call tools or read images, a server without JSON mode, each
// answering 400 in the words those servers use; and a server that ignores `stream_options`, so its streams carry no
// usage chunk. The library learns of these only from what the server answers, as it would from a real one.
import { type FakeReply, fakeReply } from "./fake-replies";
import type { FakeRequest } from "./fake-request";

/** What a local server may lack. */
export type FakeServerLack = "tools" | "images" | "json_mode" | "stream_usage";

export const FAKE_SERVER_LACKS: readonly FakeServerLack[] = ["tools", "images", "json_mode", "stream_usage"];

/**
 * The 400 a server that lacks a capability answers a request needing it, or undefined when it can answer. The
 * sentences are the servers' own: Ollama's for tools, LM Studio's for images and for JSON mode (LM Studio knows
 * only `json_schema` and `text`).
 */
export function capabilityRefusal(lacks: ReadonlySet<FakeServerLack>, request: FakeRequest): FakeReply | undefined {
  const { summary } = request;
  const model = summary.model ?? "the model";
  if (lacks.has("tools") && summary.toolNames.length > 0)
    return fakeReply.error(400, `registry.ollama.ai/library/${model}:latest does not support tools`);
  if (lacks.has("images") && summary.imageCount > 0)
    return fakeReply.error(400, "Model does not support images. Please use a model that does.");
  if (lacks.has("json_mode") && summary.jsonMode)
    return fakeReply.error(400, "'response_format.type' must be 'json_schema' or 'text'");
  return undefined;
}
