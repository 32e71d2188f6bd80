// What no output of the command line may hold: anything a terminal would obey. C0 and C1 controls (the line feed
// alone excepted), DEL, bidi embeddings, overrides and isolates, and the Unicode line and paragraph separators.

// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
export const TERMINAL_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

/** Sequences a hostile model might write: a window title, a clipboard write, clear screen, a bell, a fake prompt. */
export const HOSTILE_TERMINAL_TEXT =
  "\u001b]0;owned window title\u0007\u001b]52;c;cm0gLXJmIH4=\u0007\u001b[2J\u001b[H\u0007" +
  "\u001b[31mred\u001b[0m\rover\u0008\u009b2J\u202eevil\u2066\u001bPq#0\u001b\\";
