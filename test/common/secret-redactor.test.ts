// Secrets removed by value: the whole key, any 12-character piece of it, keys of any shape, keys that change.
import { describe, expect, it } from "vitest";

import { redactSecrets } from "../../src/common/redact-secrets";
import {
  createSecretRedactor,
  MIN_SECRET_LENGTH,
  redactKnownSecrets,
  SECRET_PIECE_LENGTH,
} from "../../src/common/secret-redactor";
import { createSeededRandom } from "../reliability/support/seeded-random";
import { FAKE_KEY_SHAPES, secretPieces } from "../support/fake-key-shapes";

const KEY_SHAPES = {
  openai: FAKE_KEY_SHAPES.openai,
  anthropic: FAKE_KEY_SHAPES.anthropic,
  bare: FAKE_KEY_SHAPES.bare,
  google: FAKE_KEY_SHAPES.google,
  github: FAKE_KEY_SHAPES.github,
  jwtLike: FAKE_KEY_SHAPES.jwtLike,
};

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
        for (const piece of secretPieces(key)) expect(redacted, echo).not.toContain(piece);
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

  it("finds every piece wherever it is, in ASCII and in other text, as a plain search does", () => {
    // Secrets of ASCII and of other characters, and text that mixes base64 (what charts are sent as) with both.
    const secrets = [KEY_SHAPES.openai, "clé-secrète-ünïcödé-0042", "tok3n-9x"];
    const pieces = secrets.flatMap((secret) =>
      secret.length <= SECRET_PIECE_LENGTH ? [secret] : secretPieces(secret),
    );
    const redactor = createSecretRedactor(() => secrets);
    const random = createSeededRandom(20_261_126);
    const filler = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=éüï €→ ";
    const characters = [...filler];
    let inserted = 0;
    for (let round = 0; round < 300; round++) {
      let text = Array.from({ length: random.integer(40, 440) }, () => random.pick(characters)).join("");
      for (let count = random.integer(0, 3); count > 0; count--) {
        const at = random.integer(0, text.length);
        text = text.slice(0, at) + random.pick(pieces) + text.slice(at);
        inserted += 1;
      }
      expect(redactor.redact(text), text).toBe(redactSecrets(plainSearchRedaction(text, pieces)));
    }
    expect(inserted).toBeGreaterThan(300);
  });

  it("merges overlapping pieces into one replacement and keeps the text around it", () => {
    const key = KEY_SHAPES.github;
    const redactor = createSecretRedactor(() => [key]);
    expect(redactor.redact(`before ${key} after`)).toBe("before [redacted] after");
  });

  describe("sparing the caller's own text", () => {
    const key = KEY_SHAPES.openai;
    const redactor = createSecretRedactor(() => [key]);
    const piece = key.slice(10, 10 + SECRET_PIECE_LENGTH);

    it("leaves a run of secret text alone when the caller sent it, in text and in JSON-like values", () => {
      const echo = `unknown field: ${piece}`;
      expect(redactor.redact(echo)).toBe("unknown field: [redacted]");
      expect(redactor.redact(echo, { spare: [piece] })).toBe(echo);
      expect(redactor.redact(echo, { spare: [`x${piece}y`] })).toBe(echo); // part of a longer caller text
      expect(redactor.redactValue({ list: [piece] }, { spare: [piece] })).toEqual({ list: [piece] });
    });

    it("still removes the whole secret from the server's own text, even where it starts with the caller's text", () => {
      const provider = `Incorrect API key provided: ${key}. You sent ${piece}.`;
      const redacted = redactor.redact(provider, { spare: [key.slice(0, 20), piece] });
      expect(redacted).toBe(`Incorrect API key provided: [redacted]. You sent ${piece}.`);
      for (const other of secretPieces(key).filter((candidate) => candidate !== piece))
        expect(redacted).not.toContain(other);
    });

    it("does not spare text the caller did not send, nor a caller text that is only a part of the run", () => {
      expect(redactor.redact(`echo ${piece}`, { spare: [piece.slice(1)] })).toBe("echo [redacted]");
      expect(redactor.redact(`echo ${piece}`, { spare: ["unrelated"] })).toBe("echo [redacted]");
    });
  });
});

/** The reference: every occurrence of every piece found with indexOf, touching or overlapping ones replaced as one. */
describe("binary data the process encoded itself", () => {
  const key = KEY_SHAPES.bare;
  const redactor = createSecretRedactor(() => [key]);
  const piece = key.slice(4, 4 + SECRET_PIECE_LENGTH);
  // A chart's base64 in which a piece of the key turns up by chance.
  const chart = `iVBORw0KGgo${piece}AAAA`;

  it("leaves the marked strings of a value as they are, and still redacts every other string", () => {
    const value = { pattern_chart: chart, report: `the model said ${piece}`, copies: [chart, `${chart}x`] };
    const redacted = redactor.redactValue(value, { binary: new Set([chart]) });
    expect(redacted.pattern_chart).toBe(chart);
    expect(redacted.copies[0]).toBe(chart);
    expect(redacted.report).toBe("the model said [redacted]");
    expect(redacted.copies[1]).toBe("iVBORw0KGgo[redacted]AAAAx"); // not the marked string: scanned
  });

  it("changes nothing when no string is marked", () => {
    expect(redactor.redactValue({ pattern_chart: chart }).pattern_chart).toBe("iVBORw0KGgo[redacted]AAAA");
    expect(redactor.redactValue({ pattern_chart: chart }, { binary: new Set() }).pattern_chart).not.toBe(chart);
  });
});

describe("createSecretRedactor edges", () => {
  it("works with no secrets at all from its first call", () => {
    expect(createSecretRedactor(() => []).redact("a long enough text with nothing secret")).toBe(
      "a long enough text with nothing secret",
    );
  });

  it("removes a secret of exactly the minimum length when it is the whole text", () => {
    const secret = "q7Zp2Lm9".slice(0, MIN_SECRET_LENGTH);
    expect(secret).toHaveLength(MIN_SECRET_LENGTH);
    expect(createSecretRedactor(() => [secret]).redact(secret)).toBe("[redacted]");
  });

  it("finds secrets whose characters sit at the edge of ASCII (U+0080 first or second)", () => {
    for (const secret of ["\u0080bcdefghijk", "a\u0080cdefghijk"]) {
      expect(createSecretRedactor(() => [secret]).redact(`x ${secret} y`)).toBe("x [redacted] y");
    }
  });

  it("redacts an array where only some entries hold a secret, and keeps null and undefined fields", () => {
    const key = "zz-Secret-Value-0123456789";
    const redactor = createSecretRedactor(() => [key]);
    expect(redactor.redactValue(["plain", `key ${key}`])).toEqual(["plain", "key [redacted]"]);
    expect(redactor.redactValue({ a: null, b: undefined, c: 1, d: key })).toEqual({
      a: null,
      b: undefined,
      c: 1,
      d: "[redacted]",
    });
    const untouched = { a: null, b: undefined, list: [null, undefined, 2] };
    expect(redactor.redactValue(untouched)).toBe(untouched);
  });

  it("redacts a key held by a class instance or an Error subclass, as JSON would write it", () => {
    const key = "zz-Secret-Value-0123456789";
    const redactor = createSecretRedactor(() => [key]);
    class Failure extends Error {
      constructor(readonly responseBody: string) {
        super("provider failed");
      }
    }
    const answer = { error: new Failure(`{"error":"bad key ${key}"}`), at: new Date(0) };
    const written = JSON.stringify(redactor.redactValue(answer));
    expect(JSON.stringify(answer)).toContain(key);
    expect(written).not.toContain(key.slice(0, SECRET_PIECE_LENGTH));
    expect(written).toBe(JSON.stringify(answer).replace(key, "[redacted]"));
  });

  it("notices a change of secrets even when the new ones, run together, spell the old ones", () => {
    let secrets = ["aaaaaaaaBBBBBBBB", "CCCCCCCC"];
    const redactor = createSecretRedactor(() => secrets);
    expect(redactor.redact("CCCCCCCC")).toBe("[redacted]");
    secrets = ["aaaaaaaa", "BBBBBBBBCCCCCCCC"];
    expect(redactor.redact("key BBBBBBBBCCCCCCCC")).toBe("key [redacted]");
  });

  it("redactKnownSecrets removes the given secrets once", () => {
    expect(
      redactKnownSecrets("failed with zz-Secret-Value-0123456789", [undefined, "zz-Secret-Value-0123456789"]),
    ).toBe("failed with [redacted]");
  });
});

function plainSearchRedaction(text: string, pieces: readonly string[]): string {
  const covered = Array.from({ length: text.length }, () => false);
  for (const piece of pieces) {
    for (let at = text.indexOf(piece); at >= 0; at = text.indexOf(piece, at + 1))
      for (let index = at; index < at + piece.length; index++) covered[index] = true;
  }
  let result = "";
  for (let index = 0; index < text.length; index++) {
    if (!covered[index]) result += text[index];
    else if (index === 0 || !covered[index - 1]) result += "[redacted]";
  }
  return result;
}
