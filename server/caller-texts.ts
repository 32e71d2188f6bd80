// What the caller sent in this request, and what an answer shows that callers own (a custom symbol, a CSV's name),
// for the secret redactor to spare in every answer of the request: text the caller chose is never shown back as
// "[redacted]", so no answer can tell whether it matched a secret (src/common/secret-redactor.ts).
import type { Context } from "koa";

import { callerTexts } from "../src/common/index";

const OWNED = Symbol("callerOwnedTexts");

interface CallerState {
  [OWNED]?: string[];
  jsonBody?: unknown;
}

/** Marks texts of the answer that a caller chose earlier (stored symbols, names): spared like the request's own. */
export function markCallerOwned(context: Context, texts: Iterable<string>): void {
  const state = context.state as CallerState;
  const owned = (state[OWNED] ??= []);
  for (const text of texts) owned.push(text);
}

/** The request's path (as sent and decoded), its query (as sent, keys and values decoded), its JSON body, and the marks. */
export function requestCallerTexts(context: Context): string[] {
  const state = context.state as CallerState;
  const texts = [context.path, context.querystring, ...callerTexts(context.query), ...(state[OWNED] ?? [])];
  try {
    texts.push(decodeURIComponent(context.path));
  } catch {
    // A path that does not decode is refused by canonical-path.ts before anything could echo it.
  }
  // A loop, not a spread: a body may hold a hundred thousand texts, more than a call's arguments may be.
  if (state.jsonBody !== undefined) for (const text of callerTexts(state.jsonBody)) texts.push(text);
  return texts;
}
