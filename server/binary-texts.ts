// Strings of an answer that the server made itself from binary data (the charts' base64 in an analysis): the
// redaction of answers (middleware/redact-answers.ts) leaves them as they are. A chart holds no one's words, so a run
// of its base64 that equals a piece of a key is chance, and replacing it would break the image; scanning the 200 KB
// of an analysis's two charts was also most of the time its answer took after the last model call.
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
