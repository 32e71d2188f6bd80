// Streaming end to end: how soon does a user see words? Against the fake provider with a fixed latency per call
// (before its first chunk) and a fixed pause between chunks, through the real pipeline, server and event stream:
// 1. from the provider writing a call's first text chunk to the `report-delta` carrying it reaching an HTTP client
//    of POST /api/analyze (target: under 50 ms median);
// 2. the first words of a whole analysis: from the request to the first report-delta on the client, beside the time
//    to the full result, which is when a client without streaming sees anything (the baseline of the ratio).
//
// Run: npm run bench:first-words [-- --runs 10 --latency 300 --chunk-delay 20]
import { loadavg } from "node:os";

import { createChartRenderer } from "../src/charts/png-renderer";
import { defaultFakeHandler } from "../test/fakes/fake-default-handler";
import { fakeReply, startFakeProviderServer } from "../test/fakes/fake-provider-server";
import { benchmarkCsv } from "../test/server/analysis-fixtures";
import { startTestServer, TEST_KEY } from "../test/server/test-server";
import { numberArgument } from "./support/arguments";
import { median, percentile } from "./support/statistics";

const runs = numberArgument("runs", 10);
const latencyMs = numberArgument("latency", 300);
const chunkDelayMs = numberArgument("chunk-delay", 20);

interface Run {
  /** Provider's first text chunk written -> first report-delta read by the client. */
  chunkToClientMs: number;
  /** Request sent -> first report-delta read by the client. */
  firstWordsMs: number;
  /** Request sent -> the result event read by the client. */
  resultMs: number;
}

async function main(): Promise<void> {
  const provider = await startFakeProviderServer({ validKeys: [TEST_KEY] });
  provider.setHandler(async (request) =>
    fakeReply.delay(
      latencyMs,
      fakeReply.streamed((await defaultFakeHandler(request)) as Parameters<typeof fakeReply.streamed>[0], {
        chunkDelayMs,
      }),
    ),
  );
  const renderer = createChartRenderer();
  await renderer.render({ data: [], layout: { width: 400, height: 300 } });
  const server = await startTestServer({
    config: { api_key: TEST_KEY, openai_base_url: provider.openaiBaseUrl },
    renderer,
  });
  const csv = benchmarkCsv();

  const once = async (): Promise<Run> => {
    provider.reset();
    provider.setHandler(async (request) =>
      fakeReply.delay(
        latencyMs,
        fakeReply.streamed((await defaultFakeHandler(request)) as Parameters<typeof fakeReply.streamed>[0], {
          chunkDelayMs,
        }),
      ),
    );
    const sent = performance.now();
    const response = await fetch(`${server.url}/api/analyze`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ csv, timeframe: "4h" }),
    });
    if (!response.body) throw new Error("no event stream");
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = "";
    let firstDeltaAt: number | undefined;
    let resultAt: number | undefined;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += value;
      const now = performance.now();
      if (firstDeltaAt === undefined && buffered.includes('"type":"report-delta"')) firstDeltaAt = now;
      if (resultAt === undefined && buffered.includes("event: result")) resultAt = now;
    }
    const firstTextAt = Math.min(
      ...provider.requests.map((request) => request.stream?.firstTextAt ?? Number.POSITIVE_INFINITY),
    );
    if (firstDeltaAt === undefined || resultAt === undefined || !Number.isFinite(firstTextAt))
      throw new Error("the analysis did not stream");
    return {
      chunkToClientMs: firstDeltaAt - firstTextAt,
      firstWordsMs: firstDeltaAt - sent,
      resultMs: resultAt - sent,
    };
  };

  await once(); // warm-up
  const results: Run[] = [];
  for (let run = 0; run < runs; run++) results.push(await once());
  const column = (pick: (run: Run) => number) => results.map(pick);
  const row = (label: string, values: number[]) =>
    console.log(
      `${label.padEnd(48)} median ${median(values).toFixed(1)} ms   p95 ${percentile(values, 95).toFixed(1)} ms`,
    );

  console.log(
    `first words: ${runs} analyses, ${latencyMs} ms before each call's first chunk, ${chunkDelayMs} ms between chunks, load ${loadavg()[0]?.toFixed(1)}`,
  );
  row(
    "provider's first chunk -> client's first delta",
    column((run) => run.chunkToClientMs),
  );
  row(
    "request -> first words (first report-delta)",
    column((run) => run.firstWordsMs),
  );
  row(
    "request -> full result (no streaming: first words)",
    column((run) => run.resultMs),
  );
  console.log(
    `first words come ${(median(column((run) => run.resultMs)) / median(column((run) => run.firstWordsMs))).toFixed(1)}x sooner with streaming (medians)`,
  );

  await server.close();
  await renderer.close();
  await provider.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
