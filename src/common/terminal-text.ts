// Text a terminal shows as text, and nothing it would obey. A model's report, a journal entry, a file name or a
// provider's error can hold escape sequences: set the window title, clear the screen, move the cursor over earlier
// lines, write the clipboard (OSC 52), ring the bell, or reorder what a line seems to say (bidi overrides). Every byte
// the command line writes passes through plainText (cli/run-cli.ts), and so does the text the evaluation's progress
// bar shows, so none of them reaches the terminal, and output that is piped to a file or a program holds no control
// character at all: line feeds only.
//
// Whole sequences are removed, not only their ESC, so a title or a clipboard payload is not left behind as text.

const ESCAPE_SEQUENCES = new RegExp(
  [
    // CSI (ESC [ or the 8-bit CSI): parameters, intermediates, a final byte.
    String.raw`(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?`,
    // OSC (ESC ] or 8-bit): a payload up to BEL, ST (ESC \ or 8-bit ST), or the end of the text.
    String.raw`(?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?`,
    // DCS, SOS, PM, APC: a payload up to ST.
    String.raw`(?:\x1b[PX^_]|[\x90\x98\x9e\x9f])[^\x1b\x9c]*(?:\x1b\\|\x9c)?`,
    // Any other escape: ESC, intermediates, one final character (or a lone ESC at the end).
    String.raw`\x1b[ -/]*[^\n]?`,
  ].join("|"),
  "g",
);

/** C0 and C1 controls and DEL, but the line feed and the tab (handled apart). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Bidirectional embeddings, overrides and isolates: they can make a line read as something else. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` with every escape sequence, control character and bidi control removed; carriage returns and Unicode line
 * separators become line feeds, and tabs become spaces. Only "\n" is left of the controls.
 */
export function plainText(text: string): string {
  return text
    .replace(ESCAPE_SEQUENCES, "")
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replace(/\t/g, " ")
    .replace(CONTROL_CHARACTERS, "")
    .replace(BIDI_CONTROLS, "");
}
