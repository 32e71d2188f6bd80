// What a usable ACCESS_TOKEN looks like: without whitespace (a token pasted with a trailing space or a newline never
// matches what the browser sends), long, and at least 128 bits strong as zxcvbn-ts estimates it. zxcvbn is the
// estimator password checkers use: it finds dictionary words, keyboard walks ("qwertyuiop"), sequences ("abcdef"),
// repeats and dates, and charges each what a cracker's guess list would. The server refuses to start with anything
// less, and says how to make a good one.
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as commonWords from "@zxcvbn-ts/language-common";
import * as englishWords from "@zxcvbn-ts/language-en";

/**
 * zxcvbn prices a random string at 10 guesses a character, so 128 bits (about 10^38.5 guesses) need 39 characters at
 * least: a shorter token is refused by its length, with a plainer reason.
 */
export const MIN_ACCESS_TOKEN_LENGTH = 40;
export const MIN_ACCESS_TOKEN_BITS = 128;
/** 64 hexadecimal characters: zxcvbn estimates about 212 bits. */
export const TOKEN_RECIPE = "openssl rand -hex 32";

/** Why the token is not good enough, or undefined when it is. */
export function accessTokenProblem(token: string): string | undefined {
  if (/\s/.test(token)) return "must not contain spaces, tabs or line breaks";
  if (token.length < MIN_ACCESS_TOKEN_LENGTH)
    return `must be at least ${MIN_ACCESS_TOKEN_LENGTH} characters (it has ${token.length})`;
  const bits = estimatedBits(token);
  if (bits < MIN_ACCESS_TOKEN_BITS) {
    return (
      `is too easy to guess: about ${Math.floor(bits)} bits of strength where ${MIN_ACCESS_TOKEN_BITS} are needed ` +
      "(words, keyboard rows, sequences and repeats are what guessers try first); use random characters"
    );
  }
  return undefined;
}

// The dictionaries take about a second to unpack: only a server started with a token pays for it, once.
let estimator: ZxcvbnFactory | undefined;

/** zxcvbn-ts's estimate of the guesses an attacker needs, in bits (log2 of the guesses). */
export function estimatedBits(token: string): number {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonWords.dictionary, ...englishWords.dictionary },
    graphs: commonWords.adjacencyGraphs,
    translations: englishWords.translations,
  });
  return estimator.check(token).guessesLog10 / Math.log10(2);
}
