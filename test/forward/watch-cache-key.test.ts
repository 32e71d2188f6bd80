// The forward test's answer cache is keyed by each model as recorded, its address included: a decision cached for the
// provider's own gpt-4o is never handed to a "gpt-4o" served at another base URL (another model in all but name),
// while the same model at the same address reuses it. Three journals hold the same entry (one journal copied before
// any analysis, so the entry's id, and with it the rest of the key, is the same) and share one cache folder.
import { cp } from "node:fs/promises";
import path from "node:path";

import { describe, expect, it } from "vitest";

import type { ChartRenderer } from "../../src/charts/png-renderer";
import { startWatch } from "../../src/forward/start-watch";
import type { WatchEvent } from "../../src/forward/watch-event";
import { createPipeline } from "../../src/pipeline/pipeline";
import { candlesFromCloses, wavyCloses } from "../evaluation/synthetic-candles";
import type { FakeProviderServer } from "../fakes/fake-provider-server";
import { useMomentumFixture } from "../support/momentum-fixture";
import { asProvidersOwnGpt4o } from "./providers-own-model";

let server: FakeProviderServer;
let renderer: ChartRenderer;
let scratch: string;
const { key } = useMomentumFixture("watch-cache-key", (started) => ({ server, renderer, scratch } = started));

// 47 bars of 4h: decisions at bars 44 to 46.
const candles = candlesFromCloses(wavyCloses(47, 5));

/** A watch of the journal in `dataDir` on the replayed series; its decision events and the requests it made. */
async function watchIn(dataDir: string, own: boolean) {
  const pipeline = createPipeline(
    {
      api_key: key,
      openai_base_url: server.openaiBaseUrl,
      graph_llm_model: "gpt-4o",
      agent_llm_model: "gpt-4o",
      max_retries: 0,
      data_dir: dataDir,
      journal: true,
    },
    { env: {}, renderer, ...(own ? { wrapChatModel: asProvidersOwnGpt4o } : {}) },
  );
  const before = server.requestCount();
  const events: WatchEvent[] = [];
  try {
    await startWatch({
      pipeline,
      mode: { kind: "replay", candles, timeframe: "4h", speed: 1e9 },
      cacheDir: path.join(scratch, "shared-cache"),
      onEvent: (event) => events.push(event),
    }).done;
  } finally {
    await pipeline.close();
  }
  const decisions = events.flatMap((event) => (event.type === "decision" ? [event] : []));
  return { decisions, requests: server.requestCount() - before };
}

describe("the forward test's answer cache", () => {
  it("keys a model by its address: the provider's own answers are not reused for a model of that name elsewhere", async () => {
    const original = path.join(scratch, "original");
    const pipeline = createPipeline({ data_dir: original, journal: true }, { env: {} });
    await (await pipeline.journal.open()).watchlist.add({ symbol: "BTC-USD", timeframe: "4h" });
    await pipeline.close();
    for (const copy of ["foreign", "own-again"]) await cp(original, path.join(scratch, copy), { recursive: true });

    const own = await watchIn(original, true);
    expect(own.decisions.map((event) => event.cached)).toEqual([false, false, false]);
    expect(own.requests).toBeGreaterThan(0);

    // The same entry, bars and name, but the model at the fake's address as itself: asked afresh, nothing reused.
    const foreign = await watchIn(path.join(scratch, "foreign"), false);
    expect(foreign.decisions.map((event) => event.cached)).toEqual([false, false, false]);
    expect(foreign.requests).toBe(own.requests);

    // The control: the provider's own model again reuses every decision, without a request.
    const again = await watchIn(path.join(scratch, "own-again"), true);
    expect(again.decisions.map((event) => event.cached)).toEqual([true, true, true]);
    expect(again.requests).toBe(0);
  }, 300_000);
});
