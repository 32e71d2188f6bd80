// The access token's strength, judged by zxcvbn-ts: the server refuses at start (exit 2, nothing listening) tokens a
// guesser's list holds early (an alphabet, a keyboard row, dictionary words), however long, and says how to make a
// strong one; random tokens of 40 characters and more start it.
import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import { accessTokenProblem, estimatedBits, MIN_ACCESS_TOKEN_BITS } from "../../server/access-token-quality";
import { runServer, SERVER_EXIT } from "../../server/run-server";

/** Runs the server's start with this token on a public address; it must stop at the settings. */
async function startWith(token: string): Promise<{ code: number; error: string }> {
  let error = "";
  const code = await runServer({
    env: { HOST: "0.0.0.0", PORT: "0", ACCESS_TOKEN: token, JOURNAL: "off" },
    signal: AbortSignal.abort(),
    writeError: (text) => (error += text),
  });
  return { code, error };
}

// The three a penetration test started a public server with (each 32 characters), and the same patterns made long
// enough that only their strength, not their length, can refuse them.
const WEAK_TOKENS = [
  "abcdefghijklmnopqrstuvwxyzabcdef",
  "qwertyuiopasdfghjklzxcvbnmqwerty",
  "correcthorsebatterystaplecorrect",
  "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz",
  "qwertyuiopasdfghjklzxcvbnmqwertyuiopasdfghjklzxcvbnm",
  "correcthorsebatterystaplecorrecthorsebatterystaple",
  "passwordpasswordpasswordpasswordpassword",
  // Only a dictionary knows these: no repeat, sequence or keyboard row among them.
  "sunshineprincessfootballcharliebaseballmichaelshadow",
  "2024-01-01-2024-12-31-1234567890-0987654321",
];

describe("the access token's strength", () => {
  it.each(WEAK_TOKENS)("refuses %s at start and says how to make a strong token", async (token) => {
    const { code, error } = await startWith(token);
    expect(code).toBe(SERVER_EXIT.badSettings);
    expect(error).toMatch(/ACCESS_TOKEN/);
    expect(error).toMatch(/(is too easy to guess|must be at least 40 characters)/);
    expect(error).toContain("Generate one with: openssl rand -hex 32");
    if (token.length >= 40)
      expect(error).toMatch(
        /is too easy to guess: about \d+ bits of strength where 128 are needed \(words, keyboard rows, sequences and repeats are what guessers try first\); use random characters\. Generate one with/,
      );
  });

  it("starts with tokens made the ways the docs suggest: 32 random bytes in hex or base64url", () => {
    for (const token of [randomBytes(32).toString("hex"), randomBytes(32).toString("base64url")]) {
      expect(estimatedBits(token)).toBeGreaterThanOrEqual(MIN_ACCESS_TOKEN_BITS);
      expect(accessTokenProblem(token)).toBeUndefined();
    }
  });

  it("16 random bytes in hex are refused: 32 characters fall short of 128 estimated bits", () => {
    const token = randomBytes(16).toString("hex");
    expect(estimatedBits(token)).toBeLessThan(MIN_ACCESS_TOKEN_BITS);
    expect(accessTokenProblem(token)).toMatch(/at least 40 characters \(it has 32\)/);
  });

  it("a strong token with whitespace around it is refused, not trimmed: the browser would never send it so", () => {
    const token = randomBytes(32).toString("hex");
    for (const padded of [` ${token}`, `${token} `, `${token}\n`, `\t${token}`])
      expect(accessTokenProblem(padded)).toBe("must not contain spaces, tabs or line breaks");
  });
});
