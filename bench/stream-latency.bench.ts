// Streaming latency benchmark: how long after the provider writes its first chunk of text does the caller's
// onTextDelta see it? Measured per provider through the real SDK against the fake provider in this process, next
// to a baseline that reads the same stream with a bare fetch (split on blank lines, JSON.parse each event), so the
// adapter's figure can be read as a ratio of the least any client must spend.
//
// Run: npm run bench:stream [-- --runs 300 --warmup 30 --chunk-delay 5]
import { loadavg } from "node:os";

import { createConfig } from "../src/config/config-schema";
import type { ProviderId } from "../src/config/providers";
import { createChatModel } from "../src/models/create-chat-model";
import { type FakeProviderServer, fakeReply, startFakeProviderServer } from "../test/fakes/fake-provider-server";
import { numberArgument } from "./support/arguments";
import { median, percentile } from "./support/statistics";

const runs = numberArgument("runs", 300);
const warmup = numberArgument("warmup", 30);
// Keeps the first text chunk apart from the rest, so each figure is the first chunk's own trip.
const chunkDelayMs = numberArgument("chunk-delay", 5);

const apiKey = "sk-bench-0000000000000000";
const reply = fakeReply.streamed(fakeReply.text("Momentum is clearly bullish."), { chunkDelayMs });
const providers: ProviderId[] = ["openai", "qwen", "anthropic"];

/** The figures are a fraction of a millisecond: three decimals. */
function ms(value: number): string {
  return `${value.toFixed(3)} ms`;
}

/** Milliseconds from the fake writing the first text chunk to `seenAt`. */
function sinceFirstText(server: FakeProviderServer, seenAt: number | undefined): number {
  const writtenAt = server.lastRequest()?.stream?.firstTextAt;
  if (writtenAt === undefined || seenAt === undefined) throw new Error("no text chunk was written or seen");
  return seenAt - writtenAt;
}

async function throughAdapter(server: FakeProviderServer, provider: ProviderId): Promise<number> {
  const config = createConfig({
    agent_llm_provider: provider,
    graph_llm_provider: provider,
    agent_llm_model:
      provider === "anthropic" ? "claude-haiku-4-5-20251001" : provider === "qwen" ? "qwen3-max" : "gpt-4o",
    graph_llm_model:
      provider === "anthropic" ? "claude-haiku-4-5-20251001" : provider === "qwen" ? "qwen3-max" : "gpt-4o",
    api_key: apiKey,
    anthropic_api_key: apiKey,
    qwen_api_key: apiKey,
    openai_base_url: server.openaiBaseUrl,
    anthropic_base_url: server.anthropicBaseUrl,
    qwen_base_url: server.qwenBaseUrl,
    max_retries: 0,
  });
  const model = createChatModel({ config, role: "graph", env: {} });
  let firstDeltaAt: number | undefined;
  server.enqueue(reply);
  await model.chat({
    messages: [{ role: "user", content: "Report." }],
    onTextDelta: () => {
      firstDeltaAt ??= performance.now();
    },
  });
  return sinceFirstText(server, firstDeltaAt);
}

/** The text an event carries, in either API's shape. */
function eventText(data: string): string {
  if (data === "[DONE]") return "";
  const event = JSON.parse(data) as { choices?: Array<{ delta?: { content?: string } }>; delta?: { text?: string } };
  return event.choices?.[0]?.delta?.content ?? event.delta?.text ?? "";
}

async function throughBareFetch(server: FakeProviderServer, provider: ProviderId): Promise<number> {
  const url =
    provider === "anthropic"
      ? `${server.anthropicBaseUrl}/v1/messages`
      : `${provider === "qwen" ? server.qwenBaseUrl : server.openaiBaseUrl}/chat/completions`;
  server.enqueue(reply);
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({
      model: "m",
      max_tokens: 100,
      stream: true,
      messages: [{ role: "user", content: "Report." }],
    }),
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  let firstTextAt: number | undefined;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    buffered += read.value;
    const events = buffered.split("\n\n");
    buffered = events.pop() ?? "";
    for (const event of events) {
      const data =
        event
          .split("\n")
          .find((line) => line.startsWith("data: "))
          ?.slice("data: ".length) ?? "";
      if (firstTextAt === undefined && eventText(data) !== "") firstTextAt = performance.now();
    }
  }
  return sinceFirstText(server, firstTextAt);
}

async function main() {
  const server = await startFakeProviderServer({ validKeys: [apiKey] });
  console.log(
    `Node ${process.version}; ${runs} runs per provider and client after ${warmup} warm-up runs; ${chunkDelayMs} ms between chunks`,
  );
  console.log(
    `Load average at start: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(", ")}`,
  );
  console.log(
    "\n| provider | adapter median | adapter p95 | bare fetch median | bare fetch p95 | ratio of medians | ratio of p95s |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const provider of providers) {
    for (let run = 0; run < warmup; run++) {
      await throughAdapter(server, provider);
      await throughBareFetch(server, provider);
    }
    const adapter: number[] = [];
    const bare: number[] = [];
    // Interleaved, so both clients see the same machine load.
    for (let run = 0; run < runs; run++) {
      adapter.push(await throughAdapter(server, provider));
      bare.push(await throughBareFetch(server, provider));
      server.reset();
    }
    const [adapterMedian, adapterP95, bareMedian, bareP95] = [
      median(adapter),
      percentile(adapter, 0.95),
      median(bare),
      percentile(bare, 0.95),
    ];
    console.log(
      `| ${provider} | ${ms(adapterMedian)} | ${ms(adapterP95)} | ${ms(bareMedian)} | ${ms(bareP95)} | ${(adapterMedian / bareMedian).toFixed(2)}x | ${(adapterP95 / bareP95).toFixed(2)}x |`,
    );
  }
  console.log(
    `Load average at end: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(", ")}`,
  );
  await server.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
