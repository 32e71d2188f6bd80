// Finding the JSON object in a model's answer that may wrap it in a code fence or a sentence. One algorithm for the
// whole project: the Anthropic adapter uses it to honour JSON mode, the decision parser to tolerate any model.
import { describeError } from "./describe-error";

/** The first balanced top-level {...} in the text, respecting strings; undefined when there is none. */
export function extractJsonObject(text: string): string | undefined {
  const start = text.indexOf("{");
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let index = start; index < text.length; index++) {
    const character = text[index];
    if (inString) {
      if (escaped) escaped = false;
      else if (character === "\\") escaped = true;
      else if (character === '"') inString = false;
      continue;
    }
    if (character === '"') inString = true;
    else if (character === "{") depth++;
    else if (character === "}") {
      depth--;
      if (depth === 0) return text.slice(start, index + 1);
    }
  }
  return undefined;
}

/** The first JSON object in a model's answer, parsed; or why there is none, in words a model can act on. */
export function parseJsonAnswer(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  const json = extractJsonObject(text);
  if (json === undefined) return { ok: false, problem: "the answer contains no JSON object" };
  try {
    return { ok: true, value: JSON.parse(json) };
  } catch (error) {
    return { ok: false, problem: `the JSON does not parse (${describeError(error)})` };
  }
}
