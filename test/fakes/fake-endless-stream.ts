// A model server that never stops answering (fakeReply.endless): an event stream of text or tool-call arguments, or
// one event line that never ends, or (for a request that does not stream) a JSON body that never ends. It writes as
// fast as the client reads, and stops only when the client closes the connection. For the tests of the answer
// limits (src/llm/answer-limits.ts): without them, such a server once grew a process to 3.4 GB.
import type { ServerResponse } from "node:http";

import type { FakeApi } from "./fake-request";

export type EndlessWhat = "text" | "tool_arguments" | "one_line";

const PIECE = "all work and no play makes a model a dull answer ".repeat(4);

function sse(api: FakeApi, type: string, data: unknown): string {
  return `${api === "anthropic" ? `event: ${type}\n` : ""}data: ${JSON.stringify(data)}\n\n`;
}

/** The events before the endless part, and the event repeated for ever. */
function frames(api: FakeApi, what: EndlessWhat): { start: string; repeated: string } {
  if (what === "one_line") return { start: 'data: {"choices": [{"index": 0, "delta": {"content": "', repeated: PIECE };
  const tool = what === "tool_arguments";
  if (api === "openai") {
    const chunk = (delta: unknown) =>
      sse(api, "chunk", {
        id: "endless",
        object: "chat.completion.chunk",
        created: 1_700_000_000,
        model: "endless",
        choices: [{ index: 0, delta, finish_reason: null }],
      });
    return tool
      ? {
          start: chunk({
            role: "assistant",
            tool_calls: [
              { index: 0, id: "call_endless", type: "function", function: { name: "compute_rsi", arguments: "" } },
            ],
          }),
          repeated: chunk({ tool_calls: [{ index: 0, function: { arguments: PIECE } }] }),
        }
      : { start: chunk({ role: "assistant", content: "" }), repeated: chunk({ content: PIECE }) };
  }
  const message = {
    type: "message_start",
    message: {
      id: "msg_endless",
      type: "message",
      role: "assistant",
      model: "endless",
      content: [],
      stop_reason: null,
      usage: { input_tokens: 1, output_tokens: 0 },
    },
  };
  const block = tool
    ? { type: "tool_use", id: "toolu_endless", name: "compute_rsi", input: {} }
    : { type: "text", text: "" };
  const delta = tool ? { type: "input_json_delta", partial_json: PIECE } : { type: "text_delta", text: PIECE };
  return {
    start:
      sse(api, "message_start", message) +
      sse(api, "content_block_start", { type: "content_block_start", index: 0, content_block: block }),
    repeated: sse(api, "content_block_delta", { type: "content_block_delta", index: 0, delta }),
  };
}

/** Answers 200 and writes until the client goes away; `streamed` false sends a JSON body that never closes. */
export function writeEndlessAnswer(options: {
  api: FakeApi;
  response: ServerResponse;
  what: EndlessWhat;
  streamed: boolean;
}): void {
  const { response } = options;
  const { start, repeated } = options.streamed
    ? frames(options.api, options.what)
    : {
        start: '{"id": "endless", "choices": [{"index": 0, "message": {"role": "assistant", "content": "',
        repeated: PIECE,
      };
  response.writeHead(200, { "content-type": options.streamed ? "text/event-stream" : "application/json" });
  response.write(start);
  const batch = repeated.repeat(Math.max(1, Math.floor(64_000 / repeated.length)));
  let open = true;
  response.once("close", () => (open = false));
  const write = () => {
    while (open && response.write(batch));
    if (open) response.once("drain", write);
  };
  write();
}
