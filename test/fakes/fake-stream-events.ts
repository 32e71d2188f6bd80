// A content reply as server-sent events: OpenAI chat.completion.chunk lines or Anthropic message events, in the
// order and shape the real APIs send them, with text split into word-sized chunks and tool arguments into slices.
import {
  anthropicErrorBody,
  anthropicStopReasons,
  contentOf,
  type FakeContentReply,
  type FakeStreamFault,
  openaiErrorBody,
  openaiFinishReasons,
} from "./fake-replies";
import type { FakeApi, FakeRequest } from "./fake-request";

/** One server-sent event, ready to write, with the model text it carries (for latency measurements). */
export interface FakeStreamFrame {
  data: string;
  text: string;
}

/** Tool arguments go out in slices this long, so every streamed tool call spans several chunks. */
const argumentSliceLength = 8;

/** Word-sized pieces with their leading whitespace, the way tokens arrive; concatenated they give the text back. */
export function textPieces(text: string): string[] {
  if (text === "") return [];
  const pieces = text.match(/\s*\S+/g) ?? [];
  const joined = pieces.join("");
  // Trailing whitespace is not matched by the pattern; it goes out as a last piece.
  return joined.length < text.length ? [...pieces, text.slice(joined.length)] : pieces;
}

function slices(text: string, length: number): string[] {
  const result: string[] = [];
  for (let start = 0; start < text.length; start += length) result.push(text.slice(start, start + length));
  return result;
}

function openaiFrame(value: unknown, text = ""): FakeStreamFrame {
  return { data: `data: ${JSON.stringify(value)}\n\n`, text };
}

function anthropicFrame(value: { type: string; [field: string]: unknown }, text = ""): FakeStreamFrame {
  return { data: `event: ${value.type}\ndata: ${JSON.stringify(value)}\n\n`, text };
}

export function openaiStreamFrames(reply: FakeContentReply, request: FakeRequest): FakeStreamFrame[] {
  const content = contentOf(reply, request, "openai");
  const body = request.body as { stream_options?: { include_usage?: unknown } } | undefined;
  const withUsage = body?.stream_options?.include_usage === true && !reply.stream?.omitUsage;
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({
    id: `chatcmpl-fake-${request.index}`,
    object: "chat.completion.chunk",
    created: Math.floor(request.receivedAt / 1000),
    model: content.model,
    // OpenAI sends `usage: null` on every chunk but the last when usage was asked for.
    ...(withUsage ? { usage: null } : {}),
    choices,
    ...extra,
  });
  const delta = (value: Record<string, unknown>) => [{ index: 0, delta: value, logprobs: null, finish_reason: null }];

  const frames: FakeStreamFrame[] = [
    openaiFrame(chunk(delta({ role: "assistant", content: content.refusal === "" ? "" : null, refusal: null }))),
  ];
  for (const piece of textPieces(content.text)) frames.push(openaiFrame(chunk(delta({ content: piece })), piece));
  for (const piece of textPieces(content.refusal)) frames.push(openaiFrame(chunk(delta({ refusal: piece })), piece));
  content.calls.forEach((call, index) => {
    frames.push(
      openaiFrame(
        chunk(
          delta({
            tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }],
          }),
        ),
      ),
    );
    for (const piece of slices(call.rawArguments, argumentSliceLength)) {
      frames.push(openaiFrame(chunk(delta({ tool_calls: [{ index, function: { arguments: piece } }] }))));
    }
  });
  frames.push(
    openaiFrame(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: openaiFinishReasons[content.finish] }])),
  );
  if (withUsage) {
    const { inputTokens, outputTokens } = content.usage;
    const usage = {
      prompt_tokens: inputTokens,
      completion_tokens: outputTokens,
      total_tokens: inputTokens + outputTokens,
    };
    frames.push(openaiFrame({ ...chunk([]), usage }));
  }
  frames.push({ data: "data: [DONE]\n\n", text: "" });
  return frames;
}

export function anthropicStreamFrames(reply: FakeContentReply, request: FakeRequest): FakeStreamFrame[] {
  const content = contentOf(reply, request, "anthropic");
  const text = content.text + content.refusal;
  const frames: FakeStreamFrame[] = [
    anthropicFrame({
      type: "message_start",
      message: {
        id: `msg_fake_${request.index}`,
        type: "message",
        role: "assistant",
        model: content.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        // The real API reports the prompt here and a running output count; the final count comes in message_delta.
        ...(reply.stream?.omitUsage ? {} : { usage: { input_tokens: content.usage.inputTokens, output_tokens: 1 } }),
      },
    }),
    anthropicFrame({ type: "ping" }),
  ];
  let index = 0;
  if (text !== "") {
    frames.push(anthropicFrame({ type: "content_block_start", index, content_block: { type: "text", text: "" } }));
    for (const piece of textPieces(text)) {
      frames.push(
        anthropicFrame({ type: "content_block_delta", index, delta: { type: "text_delta", text: piece } }, piece),
      );
    }
    frames.push(anthropicFrame({ type: "content_block_stop", index }));
    index += 1;
  }
  for (const call of content.calls) {
    frames.push(
      anthropicFrame({
        type: "content_block_start",
        index,
        content_block: { type: "tool_use", id: call.id, name: call.name, input: {} },
      }),
    );
    // The real API opens with an empty partial_json; arguments given as a string go out as is, valid JSON or not.
    for (const piece of ["", ...slices(call.rawArguments, argumentSliceLength)]) {
      frames.push(
        anthropicFrame({
          type: "content_block_delta",
          index,
          delta: { type: "input_json_delta", partial_json: piece },
        }),
      );
    }
    frames.push(anthropicFrame({ type: "content_block_stop", index }));
    index += 1;
  }
  const usage = reply.stream?.omitUsage ? {} : { usage: { output_tokens: content.usage.outputTokens } };
  frames.push(
    anthropicFrame({
      type: "message_delta",
      delta: { stop_reason: anthropicStopReasons[content.finish], stop_sequence: null },
      ...usage,
    }),
  );
  frames.push(anthropicFrame({ type: "message_stop" }));
  return frames;
}

/** A chunk whose JSON is cut off in the middle. */
export function malformedFrame(api: FakeApi): FakeStreamFrame {
  return api === "openai"
    ? { data: 'data: {"id": "broken", "choices": [{"delta": {"content": "cut\n\n', text: "" }
    : {
        data: 'event: content_block_delta\ndata: {"type": "content_block_delta", "index": 0, "delta": {"type": "text_de\n\n',
        text: "",
      };
}

/** An error reported inside a stream whose status line already said 200. */
export function errorFrame(api: FakeApi, fault: Extract<FakeStreamFault, { kind: "error" }>): FakeStreamFrame {
  if (api === "openai")
    return openaiFrame(openaiErrorBody({ status: fault.status, message: fault.message, type: fault.openaiType }));
  const body = anthropicErrorBody({ status: fault.status, message: fault.message, type: fault.anthropicType }) as {
    type: string;
  };
  return anthropicFrame(body);
}
