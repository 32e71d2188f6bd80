// @ts-check
// Reads a text/event-stream body (a fetch ReadableStream) into {event, data} messages. EventSource cannot POST, so
// the page reads the stream itself; comment lines (the server's keep-alives) are skipped.

/** @typedef {{event: string, data: string}} StreamMessage */

/**
 * @param {ReadableStream<Uint8Array<ArrayBuffer>>} body
 * @returns {AsyncGenerator<StreamMessage>}
 */
export async function* readEventStream(body) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let boundary;
      while ((boundary = buffer.search(/\r?\n\r?\n/)) !== -1) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary).replace(/^\r?\n\r?\n/, "");
        const message = parseBlock(block);
        if (message) yield message;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * @param {string} block
 * @returns {StreamMessage | undefined}
 */
function parseBlock(block) {
  let event = "message";
  const data = [];
  for (const line of block.split(/\r?\n/)) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }
  return data.length === 0 ? undefined : { event, data: data.join("\n") };
}
