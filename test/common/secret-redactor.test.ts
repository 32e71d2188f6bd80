// Secrets removed by value: the whole key, any 12-character piece of it, keys of any shape, keys that change.
import { describe, expect, it } from "vitest";

import { createSecretRedactor, SECRET_PIECE_LENGTH } from "../../src/common/secret-redactor";

const KEY_SHAPES = {
  openai: "sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z",
  anthropic: "sk-ant-api03-Zz9yXx8wVv7uUt6sSr5qQp4oOn3mMl2",
  bare: "4f9c2a7e81d34b6c9e0f1a2b3c4d5e6f",
  google: "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY",
  github: "ghp_R4nd0mT0k3nV4lu3Th4tL00ksR34l123456",
  jwtLike: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
};

/** Every run of 12 characters of a secret. */
function pieces(secret: string): string[] {
  return Array.from({ length: secret.length - SECRET_PIECE_LENGTH + 1 }, (_, start) =>
    secret.slice(start, start + SECRET_PIECE_LENGTH),
  );
}

describe("createSecretRedactor", () => {
  it.each(Object.entries(KEY_SHAPES))(
    "removes a %s-shaped key whole, without its prefix, and every 12-character piece of it",
    (_shape, key) => {
      const redactor = createSecretRedactor(() => [key]);
      const echoes = [
        `Incorrect API key provided: ${key}.`,
        `key=${key.slice(7)} rejected`, // the prefix cut off
        `...${key.slice(5, 5 + SECRET_PIECE_LENGTH + 3)}...`, // the middle of it
        JSON.stringify({ error: { message: `bad key ${key}` } }),
      ];
      for (const echo of echoes) {
        const redacted = redactor.redact(echo);
        for (const piece of pieces(key)) expect(redacted, echo).not.toContain(piece);
        expect(redacted).toContain("[redacted]");
      }
    },
  );

  it("leaves text without secrets alone, and the masked form (first 3 ... last 3) is not a secret", () => {
    const key = KEY_SHAPES.bare;
    const redactor = createSecretRedactor(() => [key]);
    const text = `Saved the key (${key.slice(0, 3)}...${key.slice(-3)}). RSI 56.2, MACD crossing up.`;
    expect(redactor.redact(text)).toBe(text);
  });

  it("follows the secrets as they change (a key saved in Settings is covered at once)", () => {
    let keys = [KEY_SHAPES.openai];
    const redactor = createSecretRedactor(() => keys);
    expect(redactor.redact(KEY_SHAPES.bare)).toBe(KEY_SHAPES.bare);
    keys = [KEY_SHAPES.openai, KEY_SHAPES.bare];
    expect(redactor.redact(KEY_SHAPES.bare)).toBe("[redacted]");
  });

  it("matches short secrets whole and ignores values too short to be secrets", () => {
    const redactor = createSecretRedactor(() => ["tok3n-9x", "abc", undefined]);
    expect(redactor.redact("use tok3n-9x here, abc stays")).toBe("use [redacted] here, abc stays");
  });

  it("redacts every string of a JSON-like value and returns the same object when nothing changed", () => {
    const key = KEY_SHAPES.anthropic;
    const redactor = createSecretRedactor(() => [key]);
    const clean = { a: ["x", { b: 1 }], c: null };
    expect(redactor.redactValue(clean)).toBe(clean);
    const dirty = { error: `echo ${key}`, nested: [{ text: key.slice(4) }], count: 3 };
    const redacted = redactor.redactValue(dirty);
    expect(JSON.stringify(redacted)).not.toContain(key.slice(10, 22));
    expect(redacted.count).toBe(3);
    expect(dirty.error).toContain(key); // the input is not modified
  });

  it("merges overlapping pieces into one replacement and keeps the text around it", () => {
    const key = KEY_SHAPES.github;
    const redactor = createSecretRedactor(() => [key]);
    expect(redactor.redact(`before ${key} after`)).toBe("before [redacted] after");
  });
});
