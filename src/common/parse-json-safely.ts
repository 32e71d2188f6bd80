// JSON.parse for text that may not be JSON (error bodies, model-written tool arguments, files on disk).

/** The parsed value, or undefined instead of a throw when the text is not JSON. */
export function parseJsonSafely(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
