// Reads a whole text/event-stream body into events the way the SSE format defines lines: only CR, LF and CRLF end
// a line. A regex with `.` or a multiline `$` would also stop at U+2028/U+2029, which JSON.stringify leaves raw
// inside strings, and model text or quoted input can hold them.
export interface StreamedEvent {
  event: string;
  /** The `data` lines joined, parsed as JSON. */
  data: any;
}

export function parseEventStreamText(text: string): StreamedEvent[] {
  const events: StreamedEvent[] = [];
  for (const block of text.split(/\r\n\r\n|\n\n|\r\r/)) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split(/\r\n|\r|\n/)) {
      if (line === "" || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") event = value;
      else if (field === "data") data.push(value);
    }
    if (data.length > 0) events.push({ event, data: JSON.parse(data.join("\n")) });
  }
  return events;
}
