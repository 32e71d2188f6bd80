// Removing secrets by their value: every key in use and the server's access token, wherever they turn up (a provider
// that echoes the key in its error, an exception that quotes a header, a log line). Matching by value works for keys
// of any shape (no "sk-" needed) and also catches a piece of a key: a provider that cuts off the prefix, or a message
// that shows the middle of it. The pattern rules of redact-secrets.ts stay as a second net for keys not in use here.
//
// What the caller itself sent is never removed (`spare`): a run of text that is part of the caller's own input
// (a field name, a symbol, a CSV name, echoed back) is shown as it is. Removing it would answer differently when the
// caller's text happens to be a piece of a secret, and that difference is an oracle: guessing field names and watching
// which come back as [redacted] reads a key piece by piece. Sparing it tells the caller nothing it did not send; a
// secret in the server's own text is still removed, even around or next to the caller's.
import { mapJsonStrings } from "./map-json-strings";
import { redactSecrets } from "./redact-secrets";

/** Every run of this many characters of a secret counts as the secret. Shorter secrets are matched whole. */
export const SECRET_PIECE_LENGTH = 12;
/** Values shorter than this are not treated as secrets: they would match ordinary words. */
export const MIN_SECRET_LENGTH = 8;

const REPLACEMENT = "[redacted]";

export interface RedactOptions {
  /**
   * Texts the caller sent (caller-texts.ts): a secret-looking run that lies within one of them is the caller's own
   * and is left as it is.
   */
  spare?: readonly string[];
  /**
   * Strings of a value (redactValue) that this process made itself from binary data (a rendered chart's base64):
   * left as they are, never scanned. They hold no one's words, so a run of them that equals a piece of a key is
   * chance, and replacing it would break the image; scanning them (200 KB for an analysis's two charts) is also most
   * of a redaction's time.
   */
  binary?: ReadonlySet<string>;
}

export interface SecretRedactor {
  /** The text with every secret, and every piece of one, replaced; then the pattern rules. */
  redact: (text: string, options?: RedactOptions) => string;
  /**
   * A copy of a value with every string JSON would write of it redacted (the same object when nothing changed):
   * class instances too, read as JSON.stringify reads them (map-json-strings.ts).
   */
  redactValue<T>(value: T, options?: RedactOptions): T;
}

interface PieceIndex {
  /** Pieces grouped by length (12, and the lengths of shorter secrets). */
  byLength: Map<number, Set<string>>;
  /**
   * The first two characters of every piece: a cheap test at each position before any substring is built. Pairs of
   * ASCII characters (keys are ASCII) are looked up in a table, a tenth of the cost of a set lookup on the long
   * answers that pass here (a result with its two charts is 200 KB of base64); other pairs are in the set.
   */
  asciiStarts: Uint8Array;
  starts: Set<number>;
}

const ASCII = 128;

/** `secrets` is asked on every call, so keys changed in Settings are covered at once. */
export function createSecretRedactor(secrets: () => Iterable<string | undefined>): SecretRedactor {
  let cachedSignature = "";
  let cachedIndex: PieceIndex = { byLength: new Map(), asciiStarts: new Uint8Array(ASCII * ASCII), starts: new Set() };

  const currentIndex = (): PieceIndex => {
    const values = [
      ...new Set(
        [...secrets()].filter(
          (value): value is string => typeof value === "string" && value.length >= MIN_SECRET_LENGTH,
        ),
      ),
    ];
    const signature = values.join("\u0000");
    if (signature !== cachedSignature) {
      cachedSignature = signature;
      cachedIndex = indexPieces(values);
    }
    return cachedIndex;
  };

  const redact = (text: string, options: RedactOptions = {}): string =>
    redactSecrets(removePieces(text, currentIndex(), options.spare ?? []));

  const redactValue = <T>(value: T, options: RedactOptions = {}): T => {
    const index = currentIndex();
    const spare = options.spare ?? [];
    const binary = options.binary;
    return mapJsonStrings(value, (text) =>
      binary?.has(text) ? text : redactSecrets(removePieces(text, index, spare)),
    );
  };

  return { redact, redactValue };
}

function indexPieces(values: readonly string[]): PieceIndex {
  const byLength = new Map<number, Set<string>>();
  const asciiStarts = new Uint8Array(ASCII * ASCII);
  const starts = new Set<number>();
  const add = (piece: string) => {
    let set = byLength.get(piece.length);
    if (!set) byLength.set(piece.length, (set = new Set()));
    set.add(piece);
    const first = piece.charCodeAt(0);
    const second = piece.charCodeAt(1);
    if (first < ASCII && second < ASCII) asciiStarts[first * ASCII + second] = 1;
    else starts.add(first * 65_536 + second);
  };
  for (const value of values) {
    if (value.length <= SECRET_PIECE_LENGTH) add(value);
    else
      for (let start = 0; start + SECRET_PIECE_LENGTH <= value.length; start++)
        add(value.slice(start, start + SECRET_PIECE_LENGTH));
  }
  return { byLength, asciiStarts, starts };
}

/**
 * Marks every place a piece occurs, merges overlapping marks, and replaces each merged run once, unless the whole
 * run is part of a text in `spare` (the caller's own). The whole merged run is what is compared: a key in the
 * server's text that merely starts with what the caller sent is still removed whole.
 */
function removePieces(text: string, index: PieceIndex, spare: readonly string[]): string {
  if (index.byLength.size === 0 || text.length < MIN_SECRET_LENGTH) return text;
  const ranges: Array<[number, number]> = [];
  const lengths = [...index.byLength.keys()];
  for (let position = 0; position + 1 < text.length; position++) {
    const first = text.charCodeAt(position);
    const second = text.charCodeAt(position + 1);
    const candidate =
      first < ASCII && second < ASCII
        ? index.asciiStarts[first * ASCII + second] === 1
        : index.starts.has(first * 65_536 + second);
    if (!candidate) continue;
    for (const length of lengths) {
      if (position + length > text.length) continue;
      if (index.byLength.get(length)?.has(text.slice(position, position + length))) {
        const last = ranges[ranges.length - 1];
        if (last && position <= last[1]) last[1] = Math.max(last[1], position + length);
        else ranges.push([position, position + length]);
      }
    }
  }
  const removed =
    spare.length === 0
      ? ranges
      : ranges.filter(([start, end]) => {
          const run = text.slice(start, end);
          return !spare.some((callerText) => callerText.includes(run));
        });
  if (removed.length === 0) return text;
  let result = "";
  let cursor = 0;
  for (const [start, end] of removed) {
    result += text.slice(cursor, start) + REPLACEMENT;
    cursor = end;
  }
  return result + text.slice(cursor);
}

/** One-off redaction with a fixed list of secrets (a provider adapter's own key). */
export function redactKnownSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  return createSecretRedactor(() => secrets).redact(text);
}
