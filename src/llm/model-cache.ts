// A ChatModel decorator that keeps every answer, keyed by a hash of everything that was sent, so a rerun of an
// evaluation or a backtest costs nothing and gives the same numbers: on disk, or with a store in the shared
// PostgreSQL database (src/shared-state/database-answer-store.ts), where every worker and server sees it. Plug it in
// with createPipeline's deps.wrapChatModel.
//
// Key: sha256 of the canonical JSON of provider, model, temperature, messages (image parts carry their base64
// bytes, so a different chart is a different key), tools, toolChoice, responseFormat, maxOutputTokens, and the
// caller's key context (the evaluation and the backtest give their prompt version and plugins). The signal is not part of it.
//
// Why the prompt version is in the context although every prompt's text is already in the messages: a version
// covers a whole analysis, not one request. A change to one agent's prompt leaves the other agents' requests byte for
// byte the same, and without the version a run under the new prompts would take those agents' answers from the old
// run: a mix of two versions reported as one. A version also marks changes no request shows (how an answer is read,
// validated or repaired). With it, a run under new prompts is a fresh sample of every agent. Entries live at <dir>/<first two hex digits>/<key>.json and are written atomically
// (temp file, fsync, rename): a crash leaves the old state or the new entry, never a torn file. An entry that does
// not parse is treated as absent and rewritten. Errors are never cached. Identical requests that arrive while the
// first is still being answered (through any decorator over the same folder or store) wait for that answer instead of
// asking the model again; if it fails, each asks for itself.
import { createHash } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";

import { z } from "zod";

import { abortable } from "../common/abortable";
import { writeFileAtomic } from "../common/atomic-write";
import { canonicalJson } from "../common/canonical-json";
import { InputError } from "../common/input-error";
import { parseJsonSafely } from "../common/parse-json-safely";
import type { ChatModel, ChatRequest, ChatResponse, TokenUsage } from "./chat-model";

/** Bumped when the key material or the entry format changes, so old entries are simply not found. */
export const CACHE_FORMAT = 1;

export interface ModelCacheCall {
  hit: boolean;
  key: string;
  provider: ChatModel["provider"];
  model: string;
  usage: TokenUsage;
}

/** Where cached answers are kept: a folder (the default), or the shared database (model-answer-store.ts). */
export interface ModelAnswerStore {
  /** Names the store in the in-flight table: decorators over one store share answers being fetched. */
  readonly id: string;
  read(key: string): Promise<ChatResponse | undefined>;
  /** Keeps the entry; an entry already kept under its key stays as it is. */
  write(entry: ModelCacheEntry): Promise<void>;
}

export interface ModelCacheOptions {
  /** The cache folder; created on first write. Give `dir` or `store`. */
  dir?: string;
  /** Another store for the answers (the shared database). */
  store?: ModelAnswerStore;
  /** Told about every call: whether it was answered from the cache, and its (recorded) token usage. */
  onCall?: (call: ModelCacheCall) => void;
  /**
   * Part of every key: what the run is made of beyond the request (its prompt version, its plugins and their
   * versions). Kept in each entry too, so a reader of the folder can tell which run an answer belongs to.
   */
  keyContext?: unknown;
  /** "read-write" (default) answers from the cache and fills it; "refresh" always asks the model and overwrites. */
  mode?: "read-write" | "refresh";
}

const chatResponseSchema = z.object({
  text: z.string(),
  toolCalls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.unknown(), rawArguments: z.string() })),
  usage: z.object({ inputTokens: z.number().nonnegative(), outputTokens: z.number().nonnegative() }),
  model: z.string(),
  finishReason: z.enum(["stop", "tool_calls", "length", "content_filter", "other"]),
});

export const cacheEntrySchema = z.object({
  format: z.literal(CACHE_FORMAT),
  key: z.string(),
  provider: z.string(),
  model: z.string(),
  /** The key context the answer was cached under (absent in entries written before it was kept). */
  context: z.unknown().optional(),
  createdAt: z.string(),
  response: chatResponseSchema,
});

export type ModelCacheEntry = z.infer<typeof cacheEntrySchema>;

/** The cache key of a request to a model: hex sha256 of its canonical JSON. */
export function modelCacheKey(
  model: Pick<ChatModel, "provider" | "model" | "temperature">,
  request: ChatRequest,
  context?: unknown,
): string {
  const material = {
    format: CACHE_FORMAT,
    // What else the run is made of (its prompt version, its plugins): runs of other prompts, or with and without a
    // plugin, never share an answer, even for a request the change did not touch.
    context,
    provider: model.provider,
    model: model.model,
    temperature: model.temperature,
    messages: request.messages,
    tools: request.tools,
    toolChoice: request.toolChoice,
    responseFormat: request.responseFormat,
    maxOutputTokens: request.maxOutputTokens,
    // Only from the second sample on, so the first sample's key is the one a single request always had.
    ...(request.sample ? { sample: request.sample } : {}),
  };
  return createHash("sha256").update(canonicalJson(material)).digest("hex");
}

export function modelCacheEntryPath(dir: string, key: string): string {
  return path.join(dir, key.slice(0, 2), `${key}.json`);
}

/** The folder store: one JSON file per answer, written atomically; a torn or foreign file is no entry. */
export function folderAnswerStore(dir: string): ModelAnswerStore {
  return {
    id: path.resolve(dir),
    read: (key) => readEntry(modelCacheEntryPath(dir, key), key),
    async write(entry) {
      const file = modelCacheEntryPath(dir, entry.key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFileAtomic(file, `${JSON.stringify(entry)}\n`);
    },
  };
}

/** Answers being fetched right now, by store and key: shared by every decorator in this process. */
const inFlight = new Map<string, Promise<ChatResponse>>();

export function cachedChatModel(model: ChatModel, options: ModelCacheOptions): ChatModel {
  const mode = options.mode ?? "read-write";
  const chosen = options.store ?? (options.dir === undefined ? undefined : folderAnswerStore(options.dir));
  if (!chosen)
    throw new InputError({
      code: "invalid_argument",
      message: "cachedChatModel needs a cache folder (dir) or a store",
    });
  const store: ModelAnswerStore = chosen;
  const report = (call: ModelCacheCall) => options.onCall?.(call);
  const describe = (key: string, hit: boolean, usage: TokenUsage): ModelCacheCall => ({
    hit,
    key,
    provider: model.provider,
    model: model.model,
    usage,
  });

  /** From the store, or from the model (then stored). */
  async function lookupOrAsk(request: ChatRequest, key: string): Promise<ChatResponse> {
    if (mode === "read-write") {
      const cached = await store.read(key);
      if (cached) {
        report(describe(key, true, cached.usage));
        return cached;
      }
    }
    const response = await model.chat(request);
    report(describe(key, false, response.usage));
    await store.write({
      format: CACHE_FORMAT,
      key,
      provider: model.provider,
      model: model.model,
      context: options.keyContext,
      createdAt: new Date().toISOString(),
      response,
    });
    return response;
  }

  return {
    provider: model.provider,
    model: model.model,
    temperature: model.temperature,
    async chat(request: ChatRequest): Promise<ChatResponse> {
      request.signal?.throwIfAborted();
      const key = modelCacheKey(model, request, options.keyContext);
      const slot = `${store.id}\n${key}`;
      const pending = inFlight.get(slot);
      if (pending) {
        try {
          const response = await (request.signal ? abortable(pending, request.signal) : pending);
          report(describe(key, true, response.usage));
          return response;
        } catch (error) {
          if (request.signal?.aborted) throw error;
          // The first asker failed (or was cancelled): errors are not shared, so ask for ourselves.
        }
      }
      const answering = lookupOrAsk(request, key);
      inFlight.set(slot, answering);
      try {
        return await answering;
      } finally {
        if (inFlight.get(slot) === answering) inFlight.delete(slot);
      }
    },
  };
}

async function readEntry(file: string, key: string): Promise<ChatResponse | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const parsed = cacheEntrySchema.safeParse(parseJsonSafely(text)); // a torn entry is no entry
  if (!parsed.success || parsed.data.key !== key) return undefined;
  return parsed.data.response;
}
