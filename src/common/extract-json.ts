// Finding the JSON object in a model's answer that may wrap it in a code fence or a sentence. One algorithm for the
// whole project: the Anthropic adapter uses it to honour JSON mode, the decision parser to tolerate any model.

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
