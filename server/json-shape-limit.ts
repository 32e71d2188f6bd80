// Bounds the work a JSON body can cause before it is parsed. The body is scanned as its bytes arrive: nesting depth
// and the number of items (array elements and object members) are counted outside strings, and the reading stops at
// the first byte past either limit. So a body of ten million empty candles or a thousand-deep nest of brackets is
// refused after its first few kilobytes, and only a body whose shape fits its route is ever parsed, validated and
// held in memory as objects: the time and memory of everything after this are proportional to the limits, not to
// whatever a client chose to send.
//
// Byte-wise scanning is exact for UTF-8: the structural characters are ASCII, and no byte of a multi-byte character
// is below 0x80. The scan only counts; JSON.parse still decides whether the text is valid.

export interface JsonShapeLimits {
  /** Deepest nesting of arrays and objects; the body's own object is depth 1. */
  maxDepth: number;
  /** Array elements and object members in the whole body, at every depth. */
  maxItems: number;
}

export interface JsonShapeScanner {
  /** Scans the next piece of the body; answers what is wrong as soon as a limit is passed, else undefined. */
  feed(chunk: Uint8Array): string | undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

export function createJsonShapeScanner(limits: JsonShapeLimits): JsonShapeScanner {
  let inString = false;
  let escaped = false;
  let depth = 0;
  // Every comma separates two items, and every container holds at least one once it is not empty: counting commas
  // and containers bounds the items from above, which is what a limit needs.
  let items = 0;
  return {
    feed(chunk) {
      for (let index = 0; index < chunk.length; index += 1) {
        const byte = chunk[index];
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === BACKSLASH) escaped = true;
          else if (byte === QUOTE) inString = false;
          continue;
        }
        if (byte === QUOTE) inString = true;
        else if (byte === COMMA) items += 1;
        else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
          depth += 1;
          items += 1;
          if (depth > limits.maxDepth) return `it nests arrays and objects more than ${limits.maxDepth} deep`;
        } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth -= 1;
        if (items > limits.maxItems) return `it holds more than ${limits.maxItems} items (array elements and fields)`;
      }
      return undefined;
    },
  };
}
