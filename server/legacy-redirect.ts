// The answer the replaced system's web page expects from POST /api/analyze with redirect_to_output: true:
// {success: true, redirect: "/output?results=<URL-encoded JSON>", full_results: <the result>}. The page stores
// full_results in sessionStorage (for the charts) and opens the redirect. As the replaced system builds it, the link's
// JSON holds the fields its output page reads (asset_name, timeframe, data_length, the three reports,
// final_decision) with both chart fields empty, percent-encoded as Python's urllib.parse.quote does; this server adds
// the window, which its own /output page shows.
//
// The link must stay well under what servers accept in a request line: Node refuses headers over 16 KB and nginx's
// default buffers hold 8 KB, and a browser adds its own headers. Three long model reports can exceed that once
// percent-encoded (a space becomes three characters), so a link longer than LINK_BUDGET_CHARACTERS carries the
// texts shortened, each ending in SHORTENED_MARK; full_results always holds them whole, and the /output page shows
// the stored whole texts when they belong to the same analysis (server/public/js/legacy-results.js).
//
// Secrets are removed from the link's JSON before it is percent-encoded: the answer's own redaction runs on the
// encoded text, where a key with characters such as "+" or "=" would no longer read as itself. The link is then
// signed (output-link/link-signature.ts): /output shows an unsigned or altered link under a banner saying this
// server did not produce it.
import type { WireAnalysisResult } from "../src/wire/index";

/** The longest redirect this server hands out: 8 KB less room for the request line and the browser's headers. */
export const LINK_BUDGET_CHARACTERS = 7_000;

/** Ends a text the link had to shorten; the /output page recognises it. */
export const SHORTENED_MARK = " […]";

export interface LegacyRedirectAnswer {
  success: true;
  redirect: string;
  full_results: WireAnalysisResult;
}

/** The fields of the link's JSON, in the replaced system's order. */
interface LinkResults {
  success: true;
  asset_name: string;
  timeframe: string;
  data_length: number;
  technical_indicators: string;
  pattern_analysis: string;
  trend_analysis: string;
  pattern_chart: "";
  trend_chart: "";
  final_decision: WireAnalysisResult["final_decision"];
  window: WireAnalysisResult["window"];
}

/**
 * urllib.parse.quote with its default safe "/": everything but letters, digits, "_.-~" and "/" is percent-encoded
 * as UTF-8. encodeURIComponent leaves "!*'()" and encodes "/", so those are adjusted.
 */
export function quoteLikePython(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!*'()]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%2F/g, "/");
}

export interface LegacyRedirectOptions {
  /** Removes secrets from text (the server's redactor); default: none. */
  redact?: (text: string) => string;
  /** The signature of the link's results text, added as its `signature` parameter; default: none (unsigned). */
  sign?: (results: string) => string;
}

/** A text cut to `limit` characters (whole code points), marked as shortened; untouched when it fits. */
function shorten(text: string, limit: number): string {
  const characters = Array.from(text);
  if (characters.length <= limit) return text;
  return `${characters.slice(0, limit).join("").trimEnd()}${SHORTENED_MARK}`;
}

export function legacyRedirectAnswer(
  result: WireAnalysisResult,
  options: LegacyRedirectOptions = {},
): LegacyRedirectAnswer {
  const redact = options.redact ?? ((text: string) => text);
  const linkFor = (results: LinkResults) => {
    const text = redact(JSON.stringify(results));
    const signature = options.sign ? `&signature=${options.sign(text)}` : "";
    return `/output?results=${quoteLikePython(text)}${signature}`;
  };
  const full: LinkResults = {
    success: true,
    asset_name: result.asset_name,
    timeframe: result.timeframe,
    data_length: result.data_length,
    technical_indicators: result.technical_indicators,
    pattern_analysis: result.pattern_analysis,
    trend_analysis: result.trend_analysis,
    pattern_chart: "",
    trend_chart: "",
    final_decision: result.final_decision,
    window: result.window,
  };
  const shortenedTo = (limit: number): LinkResults => ({
    ...full,
    technical_indicators: shorten(full.technical_indicators, limit),
    pattern_analysis: shorten(full.pattern_analysis, limit),
    trend_analysis: shorten(full.trend_analysis, limit),
    final_decision: { ...full.final_decision, justification: shorten(full.final_decision.justification, limit) },
  });
  let redirect = linkFor(full);
  if (redirect.length > LINK_BUDGET_CHARACTERS) {
    // The longest common cut that fits: the link's length only grows with the limit, so a binary search finds it.
    const longest = Math.max(
      ...[full.technical_indicators, full.pattern_analysis, full.trend_analysis, full.final_decision.justification].map(
        (text) => text.length,
      ),
    );
    let fits = 0;
    let tooLong = longest;
    while (tooLong - fits > 1) {
      const middle = Math.floor((fits + tooLong) / 2);
      if (linkFor(shortenedTo(middle)).length <= LINK_BUDGET_CHARACTERS) fits = middle;
      else tooLong = middle;
    }
    redirect = linkFor(shortenedTo(fits));
  }
  return { success: true, redirect, full_results: result };
}
