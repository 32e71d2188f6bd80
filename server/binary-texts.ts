// Strings of an answer that the server made itself from binary data (the charts' base64 in an analysis): the
// redaction of answers (middleware/redact-answers.ts) and of an event stream's result (event-stream.ts) leaves them as
// they are. A chart holds no one's words, so a run of its base64 that equals a piece of a key is chance, and
// replacing it would break the image; scanning the 200 KB of an analysis's two charts was also most of the time its
// answer took after the last model call.
import type { Context } from "koa";

const BINARY = Symbol("binaryAnswerTexts");

interface BinaryState {
  [BINARY]?: Set<string>;
}

/** Marks strings of this request's answer as binary data the server encoded itself. */
export function markBinaryTexts(context: Context, texts: Iterable<string>): void {
  const state = context.state as BinaryState;
  const marked = (state[BINARY] ??= new Set());
  for (const text of texts) marked.add(text);
}

/** The strings marked for this request's answer (none unless a route marked some). */
export function binaryTexts(context: Context): ReadonlySet<string> {
  return (context.state as BinaryState)[BINARY] ?? new Set();
}

/**
 * `redact` applied to a JSON text except where it holds one of `binary` as a whole JSON string: those are written as
 * they are (base64 needs no escaping, so the text holds them verbatim) and every text around them is redacted.
 */
export function redactAroundBinary(json: string, binary: readonly string[], redact: (text: string) => string): string {
  const quoted = [...new Set(binary)].filter((text) => text.length > 0).map((text) => JSON.stringify(text));
  let result = "";
  let cursor = 0;
  for (;;) {
    let next = -1;
    let found = "";
    for (const candidate of quoted) {
      const at = json.indexOf(candidate, cursor);
      if (at >= 0 && (next < 0 || at < next)) [next, found] = [at, candidate];
    }
    if (next < 0) return result + redact(json.slice(cursor));
    result += redact(json.slice(cursor, next)) + found;
    cursor = next + found.length;
  }
}
