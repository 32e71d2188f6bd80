// A step's report as the model writes it: the text of the step's report calls, passed on piece by piece (the
// `report-delta` progress events) and kept, so that the pieces joined are exactly the final report.
//
// Rules that keep the two equal: whitespace at the start and at the end of the report is never passed on (trailing
// whitespace is held back until a word follows it); the texts of successive calls (the Indicator agent's rounds)
// are joined by a blank line; and a call answered without deltas (a cached answer, a model that does not stream) is
// passed on whole when it ends.

export interface ReportCall {
  /** Give this to the request as `onTextDelta`. */
  onTextDelta: (text: string) => void;
  /** Call with the response's text when the call has ended: passes on whatever did not arrive as deltas. */
  finish(fullText: string): void;
}

export interface ReportWriter {
  beginCall(): ReportCall;
  /** Starts a new paragraph before the next text, if any text has been written. */
  separate(): void;
  /** The report so far. */
  text(): string;
}

export function createReportWriter(onText: (text: string) => void = () => {}): ReportWriter {
  let report = "";
  let held = "";
  let pendingSeparator = false;

  const write = (piece: string) => {
    let text = held + piece;
    held = "";
    if (report === "" || pendingSeparator) text = text.trimStart();
    const trailing = /\s*$/.exec(text)?.[0] ?? "";
    held = trailing;
    text = text.slice(0, text.length - trailing.length);
    if (text === "") return;
    if (pendingSeparator && report !== "") text = `\n\n${text}`;
    pendingSeparator = false;
    report += text;
    onText(text);
  };

  return {
    beginCall() {
      let received = "";
      return {
        onTextDelta(text) {
          received += text;
          write(text);
        },
        finish(fullText) {
          // Deltas are a prefix of the final text; a model that sent none (or not all) gets the rest passed on now.
          if (fullText.startsWith(received)) write(fullText.slice(received.length));
        },
      };
    },
    separate() {
      pendingSeparator = true;
      held = "";
    },
    text: () => report,
  };
}
