// OpenAI's reasoning models (the o1, o3 and o4-mini families and the gpt-5 family) accept only their default
// temperature: any other value, even 0.1, is refused with a 400. The Vercel AI SDK's OpenAI provider leaves such a
// setting out and says so in the call's warnings; so does this adapter, and the analysis result carries the sentence.
// Recognised by the model's name, the last segment of it when a gateway prefixes one ("openai/o3").

/** The families, each followed by the end of the name or a separator: "o3", "o3-mini", "gpt-5.1", "gpt-5-nano". */
const REASONING_MODEL = /^(?:o1|o3|o4-mini|gpt-5)(?:$|[-.:@_])/i;

export function isReasoningModel(model: string): boolean {
  return REASONING_MODEL.test(model.split("/").at(-1) ?? model);
}

/** The warning of a call to a reasoning model, whose temperature was left out. */
export function temperatureNotSentWarning(model: string, temperature: number): string {
  return (
    `The temperature ${temperature} was not sent to ${model}: OpenAI's reasoning models (the o1, o3, o4-mini and ` +
    "gpt-5 families) accept only their default temperature."
  );
}
