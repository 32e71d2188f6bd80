// Generators of hostile values for the fuzz test: strings (unicode of every awkward kind, path and script
// payloads, huge ones), number tokens JSON.stringify never writes, nested values with prototype-pollution keys,
// and mutations of a valid body (a field dropped, retyped, renamed, duplicated or smuggled in).
import { deeplyNested, JsonEntries, type JsonNode, RawToken } from "./json-text";
import type { SeededRandom } from "./seeded-random";

export const NASTY_STRINGS: readonly string[] = [
  "",
  " ",
  "\t\n",
  "\u0000",
  "%00",
  "a\u0000b",
  "../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "/etc/passwd",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "file:///etc/passwd",
  "http://169.254.169.254/latest/meta-data/",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "{{7*7}}",
  "${7*7}",
  "'; DROP TABLE assets; --",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "-0",
  "0x1F",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "\ud800",
  "\udfff",
  "a\ud83d",
  "\u202eRTL-override\u202c",
  "مرحبا بالعالم",
  "שָׁלוֹם",
  "😀👍🏽👨‍👩‍👧",
  "𝕏𝔸𝕄",
  "\u200b",
  "\ufeffBOM",
  "\r\nX-Injected: yes",
  "ＯＰＥＮＡＩ",
  "İ",
  "ß",
  "\u0085",
  "\u2028\u2029",
  "openai",
  "OPENAI",
  " openai ",
  "anthropic",
  "qwen",
  "gemini",
  "sk-",
  "sk-test",
  "SPX",
  "spx",
  "BTC",
  "AAPL",
  "ETH/USD",
  "A".repeat(33),
  "1h",
  "4h",
  "2h",
  "1mo",
  "2024-01-01",
  "2024-02-30",
  "2024-01-01T00:00:00Z",
  "9999-12-31T23:59:59Z",
  "0000-00-00",
  "25:99",
  "-1",
  "1e3",
];

/** Keys that would pollute a prototype if copied naively, plus the field names the endpoints read. */
export const NASTY_KEYS: readonly string[] = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "__defineGetter__",
  "provider",
  "api_key",
  "symbol",
  "timeframe",
  "start",
  "end",
  "asset",
  "csv",
  "name",
  "start_date",
  "start_time",
  "end_date",
  "end_time",
  "use_current_time",
  "Provider",
  "provider ",
  "",
  "../../etc/passwd",
  "<script>",
];

export const NUMBER_TOKENS: readonly string[] = [
  "1e309",
  "-1e309",
  "-0",
  "0",
  "1",
  "-1",
  "5e-324",
  "1.7976931348623157e308",
  "9007199254740993",
  "123456789012345678901234567890",
  "0.1",
  "1E+2",
  "1e-400",
  "14",
  "1700000000000",
];

/** Prototype-pollution attempts in the shapes parsers and merge functions have fallen for. */
export function pollutionEntry(random: SeededRandom): [string, JsonNode] {
  const payload = new JsonEntries([
    ["polluted", "yes"],
    ["isAdmin", true],
  ]);
  return random.pick<[string, JsonNode]>([
    ["__proto__", payload],
    ["constructor", new JsonEntries([["prototype", payload]])],
    ["prototype", payload],
    ["__proto__", new JsonEntries([["toString", "not a function"]])],
  ]);
}

export function randomString(random: SeededRandom): string {
  const kind = random.weighted<string>([
    [5, "nasty"],
    [3, "ascii"],
    [3, "unicode"],
    [1, "long"],
  ]);
  switch (kind) {
    case "nasty":
      return random.pick(NASTY_STRINGS);
    case "ascii":
      return Array.from({ length: random.integer(0, 24) }, () => String.fromCharCode(random.integer(0x20, 0x7e))).join(
        "",
      );
    case "unicode":
      return Array.from({ length: random.integer(1, 16) }, () => {
        // Control characters, Latin-1, lone surrogates, RTL marks, astral emoji: each breaks some naive code.
        const range = random.pick<[number, number]>([
          [0, 0x1f],
          [0x80, 0xff],
          [0xd800, 0xdfff],
          [0x200e, 0x202e],
          [0x1f600, 0x1f64f],
          [0x4e00, 0x4e80],
        ]);
        return String.fromCodePoint(random.integer(range[0], range[1]));
      }).join("");
    default:
      return random.pick(NASTY_STRINGS).repeat(random.integer(100, 3000)) || "x".repeat(5000);
  }
}

export function randomNode(random: SeededRandom, depth = 0): JsonNode {
  const containers = depth < 4 ? 3 : 0;
  const kind = random.weighted<string>([
    [6, "string"],
    [2, "number"],
    [2, "token"],
    [1, "boolean"],
    [1, "null"],
    [containers, "array"],
    [containers, "object"],
  ]);
  switch (kind) {
    case "string":
      return randomString(random);
    case "number":
      return random.pick([0, -1, 1, 14, 0.5, 1e21, -1e-7, Number.MAX_SAFE_INTEGER, random.integer(-1e6, 1e6)]);
    case "token":
      return new RawToken(random.pick(NUMBER_TOKENS));
    case "boolean":
      return random.chance(0.5);
    case "null":
      return null;
    case "array":
      return Array.from({ length: random.integer(0, 4) }, () => randomNode(random, depth + 1));
    default:
      return randomObject(random, depth + 1);
  }
}

export function randomObject(random: SeededRandom, depth = 0): JsonEntries {
  const entries: [string, JsonNode][] = Array.from({ length: random.integer(0, 5) }, () => [
    random.chance(0.6) ? random.pick(NASTY_KEYS) : randomString(random),
    randomNode(random, depth + 1),
  ]);
  if (random.chance(0.2)) entries.push(pollutionEntry(random));
  return new JsonEntries(entries);
}

/** A value for a field that is wrong in some way: another type, a nasty string, a near miss, a huge or deep value. */
export function hostileFieldValue(random: SeededRandom, huge: () => string): JsonNode {
  return random.weighted<() => JsonNode>([
    [6, () => randomNode(random, 2)],
    [4, () => random.pick(NASTY_STRINGS)],
    [1, () => huge()],
    [1, () => new RawToken(deeplyNested(random.pick([50, 2000, 20_000]), random.chance(0.5) ? "array" : "object"))],
  ])();
}

/**
 * Mutations of a valid body. With `mutations` 0 the body stays valid; each mutation drops, retypes, renames or
 * duplicates a field, adds an unknown or polluting one, or pads a string so it only looks the same.
 */
export function mutateBody(
  random: SeededRandom,
  template: Record<string, JsonNode>,
  mutations: number,
  huge: () => string,
): JsonNode {
  let entries: [string, JsonNode][] = Object.entries(template);
  for (let round = 0; round < mutations; round++) {
    const index = entries.length > 0 ? random.integer(0, entries.length - 1) : -1;
    const operation = random.weighted<string>([
      [3, "retype"],
      [2, "drop"],
      [2, "add"],
      [2, "pollute"],
      [1, "rename"],
      [1, "duplicate"],
      [2, "pad"],
      [1, "reshape"],
    ]);
    if (operation === "reshape") {
      // The whole body as something other than an object.
      return random.pick<JsonNode>([
        [new JsonEntries(entries)],
        entries.length > 0 ? entries[0]![1] : null,
        "body",
        new RawToken("1e309"),
        [],
      ]);
    }
    const entry = entries[index];
    if (entry === undefined || operation === "add")
      entries.push([random.pick(NASTY_KEYS), hostileFieldValue(random, huge)]);
    else if (operation === "retype") entries[index] = [entry[0], hostileFieldValue(random, huge)];
    else if (operation === "drop") entries.splice(index, 1);
    else if (operation === "pollute") entries.push(pollutionEntry(random));
    else if (operation === "rename")
      entries[index] = [random.pick([entry[0].toUpperCase(), `${entry[0]} `, `${entry[0]}\u0000`]), entry[1]];
    else if (operation === "duplicate") entries.push([entry[0], hostileFieldValue(random, huge)]);
    else {
      const value = entry[1];
      const padding = random.pick([" ", "\u00a0", "\u200b", "\u0000", "\ufeff", "\t", "\u202e", "\n"]);
      entries[index] = [
        entry[0],
        typeof value === "string"
          ? random.pick([padding + value, value + padding, value.toUpperCase()])
          : // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any value as text, as a careless client sends it
            String(value),
      ];
    }
  }
  entries = random.chance(0.1) ? random.shuffle(entries) : entries;
  return new JsonEntries(entries);
}
