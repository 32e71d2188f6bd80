// Blind mode through the real SDKs against the local fake provider: every request the provider receives (text and
// tool results) and every chart figure before it is rendered is searched for the window's dates, the asset's name
// and ticker, and its original price level, and must hold none of them. The same analysis with blind off is searched
// the same way and must be caught, so the search itself is known to work. Plugin analysts and indicators receive the
// blinded bars.
import { describe, expect, it } from "vitest";
import { z } from "zod";

import type { ChartRenderer, RenderableFigure } from "../../src/charts/png-renderer";
import { ConfigError } from "../../src/config/config-schema";
import type { Candle } from "../../src/market/candle";
import { createPipeline } from "../../src/pipeline/pipeline";
import { definePlugin } from "../../src/plugins/define-plugin";
import type { FakeProviderServer } from "../fakes/fake-provider-server";
import { fakeYahooMarket } from "../support/fake-yahoo-market";
import { TEST_KEY, usePipelineHarness } from "../support/pipeline-harness";
import { syntheticCandles } from "../support/synthetic-candles";

let server: FakeProviderServer;
let renderer: ChartRenderer;
const harness = usePipelineHarness({ name: "pipeline-blind" }, (started) => ({ server, renderer } = started));

const NAME = "Zebra Holdings";
// A price level no blinded number comes near (blinded prices sit around 100), starting on a known date.
const candles = syntheticCandles({ count: 60, price: 48_213.77, start: Date.UTC(2023, 2, 14, 8) });
const window = candles.slice(-45);

/** A renderer that keeps every figure it is asked to draw, then draws it with the shared one. */
function recordingRenderer(figures: RenderableFigure[]): ChartRenderer {
  return {
    render: (figure, options) => {
      figures.push(structuredClone(figure));
      return renderer.render(figure, options);
    },
    start: () => renderer.start(),
    close: async () => {},
    status: () => renderer.status(),
  };
}

/** A request's text with the images' base64 taken out (an image is checked as its figure, before rendering). */
function requestText(rawBody: string): string {
  return rawBody.replace(/[A-Za-z0-9+/=]{200,}/g, "<image>");
}

/** What in `text` gives the window away: dates, names, tickers, epoch times, numbers at the original price level. */
function leaks(text: string, options: { names: string[]; window?: readonly Candle[] }): string[] {
  const found: string[] = [];
  const date =
    /\b(19|20)\d{2}-\d{2}-\d{2}\b|\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}\b|UTC/.exec(text);
  if (date) found.push(`date "${date[0]}"`);
  for (const name of options.names) if (text.includes(name)) found.push(`name "${name}"`);
  const numbers = (text.match(/-?\d+(\.\d+)?(e[+-]?\d+)?/gi) ?? []).map(Number);
  if (numbers.some((value) => Math.abs(value) > 1e9)) found.push("an epoch time");
  if (options.window) {
    const low = Math.min(...options.window.map((bar) => bar.low));
    const high = Math.max(...options.window.map((bar) => bar.high));
    const level = numbers.find((value) => value >= low * 0.8 && value <= high * 1.2);
    if (level !== undefined) found.push(`price level ${level}`);
  }
  return found;
}

describe("a blind analysis", () => {
  it("sends the provider no date, name or original price level, in any request or chart figure", async () => {
    const figures: RenderableFigure[] = [];
    const pluginSaw: { candles: readonly Candle[]; symbol: string }[] = [];
    const indicatorSaw: (readonly Candle[])[] = [];
    const plugin = definePlugin({
      name: "peek",
      indicators: [
        {
          name: "last_close",
          description: "The last close.",
          parameters: z.object({}),
          compute: (bars) => {
            indicatorSaw.push(bars);
            return bars.map((bar) => bar.close);
          },
        },
      ],
      analysts: [
        {
          name: "peeker",
          title: "Peeker report",
          run: async ({ candles: bars, symbol }) => {
            pluginSaw.push({ candles: bars, symbol });
            return `Saw ${bars.length} bars, last close ${bars.at(-1)!.close}.`;
          },
        },
      ],
    });
    const pipeline = createPipeline(
      {
        api_key: TEST_KEY,
        openai_base_url: server.openaiBaseUrl,
        data_dir: harness.dataDir,
        blind: true,
        // The debate's researchers are asked too; risk levels are computed here, not sent.
        stages: { debate: { rounds: 1 }, risk: {} },
      },
      { env: {}, renderer: recordingRenderer(figures), plugins: [plugin] },
    );
    try {
      const result = await pipeline.analyze({ candles, timeframe: "4h", name: NAME });
      expect(result.blind).toBe(true);
      expect(result.debate).toHaveLength(2);
      const researchers = server.requests.filter((request) => / researcher of /.test(request.summary.systemText));
      expect(researchers).toHaveLength(2);
      for (const request of researchers) expect(request.summary.systemText).toContain("chart of an asset.");
      expect(server.requestCount()).toBeGreaterThanOrEqual(6);
      for (const request of server.requests)
        expect(leaks(requestText(request.rawBody), { names: [NAME, "Zebra"], window }), request.path).toEqual([]);
      expect(figures).toHaveLength(2);
      for (const figure of figures)
        expect(leaks(JSON.stringify(figure), { names: [NAME, "Zebra"], window }), "figure").toEqual([]);

      // The indicator prompt holds the bars by number, rescaled so the last close is 100 with every ratio kept.
      const indicator = server.requests.find((request) => request.summary.systemText.includes("indicator analyst"))!;
      const rows = indicator.summary.lastUserText.split("\n").filter((line) => /^\d+,/.test(line));
      expect(rows).toHaveLength(45);
      expect(rows[0]!.startsWith("1,")).toBe(true);
      expect(rows[44]).toMatch(/^45,.*,100$/);
      const sentCloses = rows.map((row) => Number(row.split(",")[4]));
      expect(sentCloses[0]! / sentCloses[44]!).toBeCloseTo(window[0]!.close / window[44]!.close, 5);
      expect(indicator.summary.systemText).toContain("covering an asset on 4h bars");

      // Plugins got the blinded bars and no symbol; the result itself keeps the real window.
      expect(pluginSaw).toHaveLength(1);
      expect(pluginSaw[0]!.symbol).toBe("an asset");
      expect(pluginSaw[0]!.candles.map((bar) => bar.time)).toEqual(Array.from({ length: 45 }, (_, index) => index + 1));
      expect(pluginSaw[0]!.candles.at(-1)!.close).toBe(100);
      expect(indicatorSaw.some((bars) => bars.at(-1)!.close === 100)).toBe(true);
      expect(result.candles).toEqual(window);
      expect(result.trendlines.lastClose).toBe(window.at(-1)!.close);
      expect(result.assetName).toBe(NAME);
    } finally {
      await pipeline.close();
    }
  });

  it("is caught by the same search when blind is off: the name, the dates and the price level all show", async () => {
    const figures: RenderableFigure[] = [];
    const pipeline = createPipeline(
      {
        api_key: TEST_KEY,
        openai_base_url: server.openaiBaseUrl,
        data_dir: harness.dataDir,
        stages: { debate: { rounds: 1 } },
      },
      { env: {}, renderer: recordingRenderer(figures) },
    );
    try {
      const result = await pipeline.analyze({ candles, timeframe: "4h", name: NAME });
      expect(result.blind).toBe(false);
      const researchers = server.requests.filter((request) => / researcher of /.test(request.summary.systemText));
      expect(researchers).toHaveLength(2);
      for (const request of researchers) expect(leaks(request.summary.systemText, { names: [NAME] })).not.toEqual([]);
      const found = server.requests.flatMap((request) =>
        leaks(requestText(request.rawBody), { names: [NAME], window }),
      );
      expect(found.some((leak) => leak.startsWith("date"))).toBe(true);
      expect(found.some((leak) => leak.startsWith("name"))).toBe(true);
      expect(found.some((leak) => leak.startsWith("price level"))).toBe(true);
      expect(leaks(JSON.stringify(figures[0]), { names: [NAME], window })).not.toEqual([]);
    } finally {
      await pipeline.close();
    }
  });

  it("blinds a built-in asset fetched from the market by the request's own blind, over a config without it", async () => {
    const figures: RenderableFigure[] = [];
    const pipeline = createPipeline(
      { api_key: TEST_KEY, openai_base_url: server.openaiBaseUrl, data_dir: harness.dataDir },
      {
        env: {},
        renderer: recordingRenderer(figures),
        fetch: fakeYahooMarket({ symbol: "BTC-USD", market: "crypto" }).fetch,
        now: () => new Date("2024-06-01T00:00:00Z"),
      },
    );
    try {
      const result = await pipeline.analyze({
        asset: "BTC",
        timeframe: "4h",
        start: "2024-05-20T00:00:00Z",
        end: "2024-05-31T00:00:00Z",
        blind: true,
      });
      expect(result).toMatchObject({ blind: true, asset: "BTC", assetName: "Bitcoin", symbol: "BTC-USD" });
      const names = ["Bitcoin", "BTC"];
      for (const request of server.requests) expect(leaks(requestText(request.rawBody), { names })).toEqual([]);
      for (const figure of figures) expect(leaks(JSON.stringify(figure), { names })).toEqual([]);
      // The journal row says it was blind.
      const stored = await pipeline.journal.get(result.id!);
      expect(stored).not.toBeNull();
      expect(stored!.blind).toBe(true);
      const [summary] = (await pipeline.journal.list({ limit: 1 })).analyses;
      expect(summary).toMatchObject({ id: result.id, blind: true });
    } finally {
      await pipeline.close();
    }
  });

  it("refuses the memory stage with blind, in the config or per request, before anything is fetched or sent", async () => {
    expect(() =>
      createPipeline({ api_key: TEST_KEY, blind: true, stages: { memory: { lessons: 3 } } }, { env: {} }),
    ).toThrow(/memory stage cannot run blind: its lessons are written about a named market/);
    const fetched: string[] = [];
    const pipeline = createPipeline(
      {
        api_key: TEST_KEY,
        openai_base_url: server.openaiBaseUrl,
        data_dir: harness.dataDir,
        stages: { memory: { lessons: 3 } },
      },
      {
        env: {},
        renderer,
        fetch: async (url) => {
          fetched.push(url instanceof Request ? url.url : url.toString());
          return new Response("{}", { status: 500 });
        },
      },
    );
    try {
      const error = await pipeline
        .analyze({ asset: "BTC", timeframe: "4h", start: "2024-05-20", end: "2024-05-31", blind: true })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).code).toBe("invalid_config");
      expect(fetched).toEqual([]);
      expect(server.requestCount()).toBe(0);
    } finally {
      await pipeline.close();
    }
  });
});
