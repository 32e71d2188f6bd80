// The model-answer cache: what the key covers (and ignores), hits and misses, no caching of errors, corrupt
// entries, atomic files, identical requests in flight at once. Driven by the in-process FakeChatModel; the end-to-end "second run sends nothing" test
// against the fake provider server is in run-evaluation.test.ts.
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { canonicalJson } from "../../src/common/canonical-json";
import type { ChatModel, ChatRequest, ChatResponse } from "../../src/llm/chat-model";
import { cachedChatModel, type ModelCacheCall, modelCacheEntryPath, modelCacheKey } from "../../src/llm/model-cache";
import { FakeChatModel, textStep, toolCallStep } from "../fakes/fake-chat-model";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "model-cache-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const model = { provider: "openai" as const, model: "gpt-4o", temperature: 0.1 };
const request: ChatRequest = {
  messages: [
    { role: "system", content: "You are a chart reader." },
    {
      role: "user",
      content: [
        { type: "text", text: "Read this chart." },
        { type: "image", mediaType: "image/png", data: "iVBORw0KGgoAAAA" },
      ],
    },
  ],
  tools: [
    {
      name: "compute_rsi",
      description: "RSI",
      parameters: { type: "object", properties: { period: { type: "integer" } } },
    },
  ],
  toolChoice: "auto",
  responseFormat: "text",
};

describe("canonicalJson", () => {
  it("sorts keys at every depth and drops undefined fields", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: undefined }], c: 3 } })).toBe(
      '{"a":{"c":3,"d":[2,{"f":1}]},"b":1}',
    );
    expect(() => canonicalJson({ value: Number.NaN })).toThrow(/no JSON form/);
  });
});

describe("modelCacheKey", () => {
  const key = modelCacheKey(model, request);

  it("is a sha256 hex digest, independent of key order and of the signal", () => {
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const reordered = JSON.parse(JSON.stringify(request)) as ChatRequest;
    reordered.tools = [{ parameters: request.tools![0]!.parameters, description: "RSI", name: "compute_rsi" }];
    expect(modelCacheKey(model, { ...reordered, signal: AbortSignal.timeout(1000) })).toBe(key);
  });

  it("changes with provider, model, temperature, messages, image bytes, tools, tool choice and response format", () => {
    const image = structuredClone(request);
    (image.messages[1]!.content as Array<{ type: string; data?: string }>)[1]!.data = "iVBORw0KGgoAAAB";
    const variants = [
      modelCacheKey({ ...model, provider: "anthropic" }, request),
      modelCacheKey({ ...model, model: "gpt-4o-mini" }, request),
      modelCacheKey({ ...model, temperature: 0.2 }, request),
      modelCacheKey(model, { ...request, messages: [...request.messages, { role: "assistant", content: "ok" }] }),
      modelCacheKey(model, image),
      modelCacheKey(model, { ...request, tools: [] }),
      modelCacheKey(model, { ...request, toolChoice: "required" }),
      modelCacheKey(model, { ...request, responseFormat: "json" }),
      modelCacheKey(model, { ...request, maxOutputTokens: 100 }),
    ];
    expect(new Set([key, ...variants]).size).toBe(variants.length + 1);
  });

  it("changes with the caller's key context (the prompt version), and not with the context's key order", () => {
    const version1 = modelCacheKey(model, request, { promptVersion: "1" });
    const version2 = modelCacheKey(model, request, { promptVersion: "2" });
    expect(new Set([key, version1, version2]).size).toBe(3);
    expect(modelCacheKey(model, request, { promptVersion: "2", plugins: "none" })).toBe(
      modelCacheKey(model, request, { plugins: "none", promptVersion: "2" }),
    );
  });
});

describe("cachedChatModel with a key context", () => {
  it("never answers a request cached under another context (prompt version), and records the context in the entry", async () => {
    const inner = new FakeChatModel({ ...model, steps: [textStep("under version 1"), textStep("under version 2")] });
    const underVersion1 = cachedChatModel(inner, { dir, keyContext: { promptVersion: "1" } });
    const underVersion2 = cachedChatModel(inner, { dir, keyContext: { promptVersion: "2" } });
    expect((await underVersion1.chat(request)).text).toBe("under version 1");
    expect((await underVersion2.chat(request)).text).toBe("under version 2");
    expect(inner.calls).toHaveLength(2);
    expect((await underVersion1.chat(request)).text).toBe("under version 1"); // each context keeps its own answer
    expect(inner.calls).toHaveLength(2);
    const entry = JSON.parse(
      await readFile(modelCacheEntryPath(dir, modelCacheKey(model, request, { promptVersion: "2" })), "utf8"),
    );
    expect(entry.context).toEqual({ promptVersion: "2" });
  });
});

describe("cachedChatModel", () => {
  it("answers a repeated request from disk: the model is called once, the answer is identical", async () => {
    const inner = new FakeChatModel({
      ...model,
      steps: [toolCallStep([{ name: "compute_rsi", arguments: { period: 14 } }])],
    });
    const calls: ModelCacheCall[] = [];
    const cached = cachedChatModel(inner, { dir, onCall: (call) => calls.push(call) });
    expect(cached).toMatchObject(model);
    const first = await cached.chat(request);
    const second = await cached.chat(request);
    expect(inner.calls).toHaveLength(1);
    expect(second).toEqual(first);
    expect(second.toolCalls[0]).toEqual({
      id: "call_0",
      name: "compute_rsi",
      arguments: { period: 14 },
      rawArguments: '{"period":14}',
    });
    expect(calls.map((call) => call.hit)).toEqual([false, true]);
    expect(calls[1]!.usage).toEqual(first.usage);

    // A second decorator over the same folder (a rerun) sees the entry too.
    const rerunModel = new FakeChatModel(model);
    await cachedChatModel(rerunModel, { dir }).chat(request);
    expect(rerunModel.calls).toHaveLength(0);
  });

  it("stores one file per key under a two-digit folder, with no temp files left", async () => {
    const cached = cachedChatModel(new FakeChatModel({ ...model, fallback: textStep("answer") }), { dir });
    await cached.chat(request);
    const key = modelCacheKey(model, request);
    const folder = path.dirname(modelCacheEntryPath(dir, key));
    expect(path.basename(folder)).toBe(key.slice(0, 2));
    expect(await readdir(folder)).toEqual([`${key}.json`]);
  });

  it("does not cache errors", async () => {
    const inner = new FakeChatModel({ ...model, steps: [new Error("boom"), textStep("second try")] });
    const cached = cachedChatModel(inner, { dir });
    await expect(cached.chat(request)).rejects.toThrow("boom");
    expect((await cached.chat(request)).text).toBe("second try");
    expect(inner.calls).toHaveLength(2);
  });

  it("treats a torn or foreign entry as absent and rewrites it", async () => {
    const inner = new FakeChatModel({ ...model, fallback: textStep("fresh") });
    const cached = cachedChatModel(inner, { dir });
    await cached.chat(request);
    const file = modelCacheEntryPath(dir, modelCacheKey(model, request));
    await writeFile(file, '{"format": 1, "key": "');
    expect((await cached.chat(request)).text).toBe("fresh");
    expect(inner.calls).toHaveLength(2);
    expect((await cached.chat(request)).text).toBe("fresh");
    expect(inner.calls).toHaveLength(2);
  });

  it("refresh mode always asks the model and overwrites", async () => {
    const inner = new FakeChatModel({ ...model, steps: [textStep("old"), textStep("new")] });
    await cachedChatModel(inner, { dir }).chat(request);
    expect((await cachedChatModel(inner, { dir, mode: "refresh" }).chat(request)).text).toBe("new");
    expect((await cachedChatModel(new FakeChatModel(model), { dir }).chat(request)).text).toBe("new");
  });

  describe("identical requests at the same time", () => {
    /** A model whose answers the test releases by hand, in call order. */
    function heldModel() {
      const held: Array<{ resolve: (response: ChatResponse) => void; reject: (error: Error) => void }> = [];
      const inner: ChatModel & { calls: number } = {
        ...model,
        calls: 0,
        chat() {
          inner.calls += 1;
          return new Promise<ChatResponse>((resolve, reject) => held.push({ resolve, reject }));
        },
      };
      const answer = (text: string): ChatResponse => ({
        text,
        toolCalls: [],
        usage: { inputTokens: 7, outputTokens: 3 },
        model: model.model,
        finishReason: "stop",
      });
      const waitForCalls = async (count: number) => {
        while (inner.calls < count) await new Promise((resolve) => setTimeout(resolve, 5));
      };
      return { inner, held, answer, waitForCalls };
    }

    it("ask the model once, through any decorator over the same folder, and all get the answer", async () => {
      const { inner, held, answer, waitForCalls } = heldModel();
      const calls: ModelCacheCall[] = [];
      const first = cachedChatModel(inner, { dir, onCall: (call) => calls.push(call) });
      const second = cachedChatModel(inner, { dir, onCall: (call) => calls.push(call) });
      const answers = [first.chat(request), second.chat(request), first.chat(request)];
      await waitForCalls(1);
      await new Promise((resolve) => setTimeout(resolve, 30)); // time for any duplicate to reach the model
      held[0]!.resolve(answer("shared"));
      expect((await Promise.all(answers)).map((response) => response.text)).toEqual(["shared", "shared", "shared"]);
      expect(inner.calls).toBe(1);
      expect(calls.map((call) => call.hit)).toEqual([false, true, true]);
    });

    it("ask for themselves when the first request fails, since errors are not shared", async () => {
      const { inner, held, answer, waitForCalls } = heldModel();
      const cached = cachedChatModel(inner, { dir });
      const leader = cached.chat(request).catch((error: Error) => error);
      await waitForCalls(1);
      const follower = cached.chat(request);
      held[0]!.reject(new Error("rate limited"));
      expect(((await leader) as Error).message).toBe("rate limited");
      await waitForCalls(2);
      held[1]!.resolve(answer("own answer"));
      expect((await follower).text).toBe("own answer");
    });

    it("a waiting request that is cancelled stops waiting; the first one goes on", async () => {
      const { inner, held, answer, waitForCalls } = heldModel();
      const cached = cachedChatModel(inner, { dir });
      const leader = cached.chat(request);
      await waitForCalls(1);
      const controller = new AbortController();
      const follower = cached.chat({ ...request, signal: controller.signal });
      controller.abort(new Error("user stopped"));
      await expect(follower).rejects.toThrow("user stopped");
      held[0]!.resolve(answer("leader's"));
      expect((await leader).text).toBe("leader's");
      expect(inner.calls).toBe(1);
    });
  });

  it("an aborted signal fails before reading or asking", async () => {
    const inner = new FakeChatModel(model);
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    await expect(cachedChatModel(inner, { dir }).chat({ ...request, signal: controller.signal })).rejects.toThrow(
      "stop",
    );
    expect(inner.calls).toHaveLength(0);
  });
});
