// Keys shaped like the providers' (and like other services' tokens) for the redaction tests, made at run time from a
// fixed seed: the repository holds no string that a secret scanner, or a reader, would take for a real key.
import { SECRET_PIECE_LENGTH } from "../../src/common/secret-redactor";
import { createSeededRandom } from "../reliability/support/seeded-random";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `prefix` followed by `length` characters drawn from `alphabet` (the same ones for the same seed). */
export function fakeKey(prefix: string, length: number, options: { seed?: number; alphabet?: string } = {}): string {
  const random = createSeededRandom(options.seed ?? prefix.length * 7919 + length);
  const alphabet = [...(options.alphabet ?? ALPHANUMERIC)];
  return prefix + Array.from({ length }, () => random.pick(alphabet)).join("");
}

const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** One key of each shape the redactor must handle: with and without a known prefix, hex, dotted, odd characters. */
export const FAKE_KEY_SHAPES = {
  openai: fakeKey("sk-proj-", 32),
  anthropic: fakeKey("sk-ant-api03-", 30),
  bare: fakeKey("", 32, { alphabet: "0123456789abcdef" }),
  google: fakeKey("AIza", 35, { alphabet: `${ALPHANUMERIC}-_` }),
  github: fakeKey("ghp_", 36),
  jwtLike: [
    base64Url({ alg: "HS256" }),
    base64Url({ sub: "test-only" }),
    fakeKey("", 43, { alphabet: `${ALPHANUMERIC}-_` }),
  ].join("."),
  oddCharacters: fakeKey("", 32, { alphabet: `${ALPHANUMERIC}_.~-` }),
};

/** Every run of SECRET_PIECE_LENGTH characters of a secret: none may appear where the secret must not. */
export function secretPieces(secret: string): string[] {
  return Array.from({ length: secret.length - SECRET_PIECE_LENGTH + 1 }, (_, start) =>
    secret.slice(start, start + SECRET_PIECE_LENGTH),
  );
}
