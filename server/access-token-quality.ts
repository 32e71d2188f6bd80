// What a usable ACCESS_TOKEN looks like: long, without whitespace (a token pasted with a trailing space or a newline
// never matches what the browser sends), and not guessable from its own characters. The server refuses to start
// with anything less, and says how to make a good one.

export const MIN_ACCESS_TOKEN_LENGTH = 32;
/** An estimate from the token's own characters; `openssl rand -hex 16` (32 hex characters) scores about 115. */
export const MIN_ACCESS_TOKEN_BITS = 96;
export const TOKEN_RECIPE = "openssl rand -hex 32";

/** Why the token is not good enough, or undefined when it is. */
export function accessTokenProblem(token: string): string | undefined {
  if (/\s/.test(token)) return "must not contain spaces, tabs or line breaks";
  if (token.length < MIN_ACCESS_TOKEN_LENGTH)
    return `must be at least ${MIN_ACCESS_TOKEN_LENGTH} characters (it has ${token.length})`;
  if (estimatedBits(token) < MIN_ACCESS_TOKEN_BITS) {
    return "is too easy to guess: it repeats too few different characters";
  }
  return undefined;
}

/**
 * Shannon entropy of the character frequencies of the token's shortest repeating unit, times that unit's length:
 * crude, but zero for "aaaa...", and a word repeated over and over scores as the word.
 */
export function estimatedBits(token: string): number {
  const characters = [...token];
  const unit = characters.slice(0, shortestPeriod(characters));
  const counts = new Map<string, number>();
  for (const character of unit) counts.set(character, (counts.get(character) ?? 0) + 1);
  const length = unit.length;
  let bitsPerCharacter = 0;
  for (const count of counts.values()) {
    const share = count / length;
    bitsPerCharacter -= share * Math.log2(share);
  }
  return bitsPerCharacter * length;
}

/** The length of the shortest unit whose repetition gives the whole sequence (its own length when none does). */
function shortestPeriod(characters: readonly string[]): number {
  for (let period = 1; period <= characters.length / 2; period++) {
    if (characters.every((character, index) => character === characters[index % period])) return period;
  }
  return characters.length;
}
