// What the fake provider server records for each request, with a provider-neutral summary of the chat body.

export type FakeApi = "openai" | "anthropic";

export interface FakeRequest {
  /** 0-based position among all requests this server has seen since start or reset(). */
  index: number;
  /** Which API the path speaks: OpenAI chat completions, Anthropic messages, or neither (answered 404). */
  api: FakeApi | "unknown";
  method: string;
  /** The path without the query string, e.g. "/compatible-mode/v1/chat/completions". */
  path: string;
  /** Lower-case header names. Holds the auth header: never print a whole request in test output. */
  headers: Record<string, string>;
  /** The key from `Authorization: Bearer <key>` or `x-api-key`. */
  apiKey: string | undefined;
  /** Parsed JSON body; undefined when the body was not JSON. */
  body: unknown;
  rawBody: string;
  /** Date.now() when the body had been read. */
  receivedAt: number;
  /** Date.now() when the whole answer had been written (set then): with receivedAt, the call's time at the provider. */
  answeredAt?: number;
  /** Derived from the body, the same way for both APIs. */
  summary: FakeRequestSummary;
  /** Set when the reply was streamed: how far the stream got. */
  stream?: FakeStreamRecord;
}

export interface FakeStreamRecord {
  /** Server-sent events written so far (fault chunks included). */
  chunksWritten: number;
  /** performance.now() when the first chunk carrying model text was written. */
  firstTextAt?: number;
  /** "fault": the reply's stream fault was applied. */
  outcome: "streaming" | "complete" | "fault";
  /** The client closed the connection before the server ended the response (a cancelled or timed-out request). */
  clientClosed: boolean;
}

export interface FakeRequestSummary {
  model: string | undefined;
  temperature: number | undefined;
  maxTokens: number | undefined;
  /** The system prompt: OpenAI system/developer messages or Anthropic `system`, joined by blank lines. */
  systemText: string;
  /** Text of the last user message (text parts only; tool results excluded). */
  lastUserText: string;
  messageCount: number;
  toolNames: string[];
  /** Each tool's JSON Schema for its arguments, by name. */
  toolSchemas: Record<string, unknown>;
  /** "auto", "required", "none", or a tool name that is forced; undefined when not sent. */
  toolChoice: string | undefined;
  /** Images anywhere in the conversation. */
  imageCount: number;
  /** Tool results at the end of the conversation, i.e. the model is being asked to continue after its tool calls. */
  trailingToolResults: number;
  /** OpenAI response_format json_object/json_schema, or "JSON" mentioned in the system prompt or last user text. */
  wantsJson: boolean;
  /** OpenAI response_format json_object/json_schema was sent (JSON mode itself, not a mention of JSON). */
  jsonMode: boolean;
  /** The body says `stream: true`. */
  stream: boolean;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  return asArray(content)
    .filter((part): part is Json => isObject(part) && part.type === "text" && typeof part.text === "string")
    .map((part) => part.text as string)
    .join("\n");
}

function countImages(content: unknown): number {
  return asArray(content).reduce<number>((count, part) => {
    if (!isObject(part)) return count;
    if (part.type === "image_url" || part.type === "image") return count + 1;
    // Anthropic tool results may carry images of their own.
    if (part.type === "tool_result") return count + countImages(part.content);
    return count;
  }, 0);
}

function toolChoiceName(choice: unknown): string | undefined {
  if (typeof choice === "string") return choice;
  if (!isObject(choice)) return undefined;
  if (isObject(choice.function) && typeof choice.function.name === "string") return choice.function.name;
  if (typeof choice.name === "string") return choice.name;
  if (choice.type === "any") return "required";
  return typeof choice.type === "string" ? choice.type : undefined;
}

type ApiSummary = Omit<FakeRequestSummary, "wantsJson" | "jsonMode" | "stream"> & { jsonFormat: boolean };

function openaiSummary(body: Json): ApiSummary {
  const messages = asArray(body.messages).filter(isObject);
  const system = messages.filter((message) => message.role === "system" || message.role === "developer");
  const users = messages.filter((message) => message.role === "user");
  let trailing = 0;
  for (let index = messages.length - 1; index >= 0 && messages[index]!.role === "tool"; index -= 1) trailing += 1;
  const tools = asArray(body.tools)
    .filter(isObject)
    .map((tool) => (isObject(tool.function) ? tool.function : {}));
  const format = isObject(body.response_format) ? body.response_format.type : undefined;
  return {
    model: typeof body.model === "string" ? body.model : undefined,
    temperature: typeof body.temperature === "number" ? body.temperature : undefined,
    maxTokens: [body.max_completion_tokens, body.max_tokens].find(
      (value): value is number => typeof value === "number",
    ),
    systemText: system.map((message) => textOf(message.content)).join("\n\n"),
    lastUserText: users.length > 0 ? textOf(users[users.length - 1]!.content) : "",
    messageCount: messages.length,
    toolNames: tools.map((tool) => String(tool.name)),
    toolSchemas: Object.fromEntries(tools.map((tool) => [String(tool.name), tool.parameters])),
    toolChoice: toolChoiceName(body.tool_choice),
    imageCount: messages.reduce((count, message) => count + countImages(message.content), 0),
    trailingToolResults: trailing,
    jsonFormat: format === "json_object" || format === "json_schema",
  };
}

function anthropicSummary(body: Json): ApiSummary {
  const messages = asArray(body.messages).filter(isObject);
  const blocksOf = (message: Json): Json[] =>
    typeof message.content === "string"
      ? [{ type: "text", text: message.content }]
      : asArray(message.content).filter(isObject);
  const users = messages.filter((message) => message.role === "user");
  const lastUserMessage = users.at(-1);
  const lastUser = lastUserMessage ? blocksOf(lastUserMessage) : [];
  const last = messages[messages.length - 1];
  const trailing =
    last && last.role === "user" ? blocksOf(last).filter((block) => block.type === "tool_result").length : 0;
  const tools = asArray(body.tools).filter(isObject);
  return {
    model: typeof body.model === "string" ? body.model : undefined,
    temperature: typeof body.temperature === "number" ? body.temperature : undefined,
    maxTokens: typeof body.max_tokens === "number" ? body.max_tokens : undefined,
    systemText: textOf(body.system),
    lastUserText: textOf(lastUser),
    messageCount: messages.length,
    toolNames: tools.map((tool) => String(tool.name)),
    toolSchemas: Object.fromEntries(tools.map((tool) => [String(tool.name), tool.input_schema])),
    toolChoice: toolChoiceName(body.tool_choice),
    imageCount: messages.reduce((count, message) => count + countImages(blocksOf(message)), 0),
    trailingToolResults: trailing,
    jsonFormat: false,
  };
}

export function summarizeRequest(api: FakeApi | "unknown", body: unknown): FakeRequestSummary {
  const object = isObject(body) ? body : {};
  const base = api === "anthropic" ? anthropicSummary(object) : openaiSummary(object);
  const { jsonFormat, ...summary } = base;
  const mentionsJson = /\bjson\b/i.test(summary.systemText) || /\bjson\b/i.test(summary.lastUserText);
  return { ...summary, wantsJson: jsonFormat || mentionsJson, jsonMode: jsonFormat, stream: object.stream === true };
}
