// Decision repair, concurrency of the three analysts, and cancellation when one branch fails.
import { describe, expect, it } from "vitest";

import { DecisionError } from "../../src/agents/agent-errors";
import type { ChartRenderer } from "../../src/charts/png-renderer";
import { ChartRenderError } from "../../src/charts/png-renderer";
import { InputError } from "../../src/common/input-error";
import { MissingApiKeyError } from "../../src/config/api-keys";
import { ProviderError } from "../../src/llm/provider-error";
import { DateRangeError } from "../../src/market/date-range";
import { NotEnoughDataError } from "../../src/pipeline/load-candles";
import { createPipeline } from "../../src/pipeline/pipeline";
import type { ProgressEvent } from "../../src/pipeline/progress-events";
import { runAnalysis } from "../../src/pipeline/run-analysis";
import { defaultFakeHandler, fakeDecision, type FakeProviderServer, fakeReply } from "../fakes/fake-provider-server";
import { TEST_KEY, usePipelineHarness } from "../support/pipeline-harness";
import { syntheticCandles } from "../support/synthetic-candles";
import { waitFor } from "../support/wait";

let server: FakeProviderServer;
let renderer: ChartRenderer;
const { dataDir, pipeline } = usePipelineHarness(
  { name: "pipeline-failures", defaults: { max_retries: 0, indicator_mode: "tool-call" }, warmRenderer: true },
  (started) => ({ server, renderer } = started),
);
const candles = syntheticCandles({ count: 60 });

describe("the decision record", () => {
  it("is repaired once when the first answer is malformed", async () => {
    let decisionCalls = 0;
    server.setHandler((request) => {
      if (!request.summary.wantsJson) return defaultFakeHandler(request);
      decisionCalls++;
      return decisionCalls === 1
        ? fakeReply.text('{"decision": "BUY", "risk_reward_ratio": 3')
        : fakeReply.json({ ...fakeDecision, decision: "SHORT" });
    });
    const result = await pipeline().analyze({ candles, timeframe: "4h" });
    expect(result.decision.decision).toBe("SHORT");
    const decisionRequests = server.requests.filter((request) => request.summary.wantsJson);
    expect(decisionRequests).toHaveLength(2);
    expect(decisionRequests[1]!.summary.lastUserText).toMatch(/not a valid decision record/);
    expect(result.usage.calls.filter((call) => call.step === "decision")).toHaveLength(2);
  });

  it("names the validation problem in the repair request", async () => {
    let decisionCalls = 0;
    server.setHandler((request) => {
      if (!request.summary.wantsJson) return defaultFakeHandler(request);
      decisionCalls++;
      return decisionCalls === 1
        ? fakeReply.json({ ...fakeDecision, risk_reward_ratio: 2.5 })
        : fakeReply.json(fakeDecision);
    });
    await pipeline().analyze({ candles, timeframe: "4h" });
    const repair = server.requests.filter((request) => request.summary.wantsJson)[1]!;
    expect(repair.summary.lastUserText).toMatch(/risk_reward_ratio: must be between 1.2 and 1.8/);
  });

  it("fails with the raw text when the repair is malformed too, and never invents a decision", async () => {
    server.setHandler((request) =>
      request.summary.wantsJson ? fakeReply.text("I would go long here, probably.") : defaultFakeHandler(request),
    );
    const error = await pipeline()
      .analyze({ candles, timeframe: "4h" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DecisionError);
    expect((error as DecisionError).message).toMatch(
      /^Decision Error: the model did not return a valid decision record/,
    );
    expect((error as DecisionError).message).toContain("I would go long here, probably.");
    expect((error as DecisionError).rawText).toBe("I would go long here, probably.");
    expect(server.requests.filter((request) => request.summary.wantsJson)).toHaveLength(2);
  });
});

describe("concurrency", () => {
  it("runs Indicator, Pattern and Trend at once: their first calls are all in flight together", async () => {
    // The provider answers nothing until the test opens the gate: if the analysts ran one after another, only the
    // first call would ever arrive. No clock is read: the machine may be as busy as it likes.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    server.setHandler(async (request) => {
      await gate;
      return defaultFakeHandler(request);
    });
    // "tool-call" dispatch (7 calls): two per analyst, then the decision.
    const running = pipeline({ chart_dispatch: "tool-call" }).analyze({ candles, timeframe: "4h" });
    await waitFor(() => server.requests.length >= 3, 60_000, "the three analysts' first calls");
    expect(server.requests).toHaveLength(3);
    open();
    const result = await running;
    expect(server.requests).toHaveLength(7);
    // The Indicator's first call comes first: it starts while the charts are drawn.
    const firstOf = (tool: string) => server.requests.find((request) => request.summary.toolNames.includes(tool))!;
    expect(firstOf("compute_rsi").index).toBe(0);
    expect(result.decision.decision).toBe("LONG");
  });

  it("can run the analysts one after another", async () => {
    server.setHandler((request) => fakeReply.delay(100, defaultFakeHandler(request)));
    await pipeline().analyze({ candles, timeframe: "4h" }, { schedule: "sequential" });
    const times = server.requests.map((request) => request.receivedAt);
    for (let index = 1; index < times.length; index++)
      expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(90);
  });
});

describe("failure in one branch", () => {
  it("fails the analysis with the classified error and stops the other steps", async () => {
    // The Pattern agent's one call (chart_dispatch "direct", the default) is the one that fails: its vision request.
    // Every other call never answers: an analysis that waited for them would never end.
    server.setHandler((request) => {
      if (request.summary.imageCount > 0 && request.summary.lastUserText.includes("classic patterns"))
        return fakeReply.quotaExceeded();
      // The other branches never answer: the analysis can only end by not waiting for them.
      return fakeReply.hang();
    });
    const events: ProgressEvent[] = [];
    const error = await pipeline()
      .analyze({ candles, timeframe: "4h" }, { onEvent: (event) => events.push(event) })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(
      /^Billing Issue: Your OpenAI account has insufficient credits or billing issues\./,
    );
    const errors = events.filter((event) => event.type === "step-error");
    expect(errors).toEqual([expect.objectContaining({ step: "pattern" })]);
    expect(events.some((event) => event.type === "step-start" && event.step === "decision")).toBe(false);
    // The other steps were stopped, not finished.
    expect(events.filter((event) => event.type === "step-end").map((event) => event.step)).toEqual(["data", "charts"]);

    // Nothing new was started after the failure: no second Indicator round, no decision, one call per analyst at
    // most (a call already on its way when the failure came may still arrive).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(server.requests.some((request) => request.summary.wantsJson)).toBe(false);
    expect(server.requests.some((request) => request.summary.trailingToolResults > 0)).toBe(false);
    expect(server.requests.length).toBeLessThanOrEqual(3);
  });

  it("does nothing when the caller's signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("cancelled before it began"));
    const events: ProgressEvent[] = [];
    const error = await pipeline()
      .analyze({ candles, timeframe: "4h" }, { signal: controller.signal, onEvent: (event) => events.push(event) })
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toBe("cancelled before it began");
    expect(events).toEqual([]);
    expect(server.requests).toHaveLength(0);

    // runAnalysis, the public orchestration over a window the caller already has, refuses the same way.
    const models = { agent: pipeline().model("agent"), graph: pipeline().model("graph") };
    const direct = await runAnalysis({
      candles,
      timeframe: "4h",
      asset: "X",
      assetName: "X",
      symbol: "X",
      models,
      renderer,
      signal: controller.signal,
      onEvent: (event) => events.push(event),
    }).catch((caught: unknown) => caught);
    expect((direct as Error).message).toBe("cancelled before it began");
    expect(events).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it("stops when the caller aborts", async () => {
    // The provider never answers: the analysis ends only because the caller's abort stops it.
    server.setHandler(() => fakeReply.hang());
    const controller = new AbortController();
    const running = pipeline()
      .analyze({ candles, timeframe: "4h" }, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    await waitFor(() => server.requests.length > 0, 60_000, "a call at the provider");
    controller.abort(new Error("user pressed stop"));
    expect(((await running) as Error).message).toBe("user pressed stop");
  });
});

describe("before any model call", () => {
  it("reports a missing key before fetching data or calling a provider", async () => {
    const noKey = createPipeline({ openai_base_url: server.openaiBaseUrl, data_dir: dataDir }, { env: {}, renderer });
    await expect(noKey.analyze({ candles, timeframe: "4h" })).rejects.toThrow(MissingApiKeyError);
    await expect(noKey.analyze({ candles, timeframe: "4h" })).rejects.toThrow(/^OpenAI API key not found\./);
    expect(server.requests).toHaveLength(0);
  });

  it("refuses fewer than 35 bars", async () => {
    const error = await pipeline()
      .analyze({ candles: candles.slice(0, 30), timeframe: "4h" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotEnoughDataError);
    expect((error as Error).message).toMatch(/^Not enough data: 30 bars, at least 35 needed/);
    expect(server.requests).toHaveLength(0);
  });

  it("refuses a date range over the timeframe's limit before the data step starts", async () => {
    const events: ProgressEvent[] = [];
    const end = Date.now() - 86_400_000;
    const request = {
      asset: "BTC",
      timeframe: "1m" as const,
      start: new Date(end - 30 * 86_400_000).toISOString(),
      end: new Date(end).toISOString(),
    };
    const error = await pipeline()
      .analyze(request, { onEvent: (event) => events.push(event) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DateRangeError);
    expect((error as Error).message).toMatch(
      /^Date range too long for 1m: 30 days requested, at most 7 days allowed\./,
    );
    expect(events).toEqual([]); // not even the data step's start
    expect(server.requests).toHaveLength(0);
  });

  it("refuses bars that do not fit the timeframe, naming the one that does, before any event or model call", async () => {
    const events: ProgressEvent[] = [];
    const hourly = syntheticCandles({ count: 60, stepMs: 3_600_000 });
    const error = await pipeline()
      .analyze({ candles: hourly, timeframe: "4h" }, { onEvent: (event) => events.push(event) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(
      "The bars of the candles are mostly 1 hour apart, but 4h bars are 4 hours apart. To analyse them, choose the timeframe 1h, which matches them, or supply 4h bars.",
    );
    const csv = [
      "Datetime,Open,High,Low,Close",
      ...hourly.map((bar) => `${new Date(bar.time).toISOString()},${bar.open},${bar.high},${bar.low},${bar.close}`),
    ].join("\n");
    await expect(pipeline().analyze({ csv, timeframe: "1d" })).rejects.toThrow(
      /^The bars of the CSV are mostly 1 hour apart, but 1d bars are 1 day apart/,
    );
    expect(events).toEqual([]);
    expect(server.requests).toHaveLength(0);
    // Nights and weekends are longer gaps: what counts are the gaps at most a bar long.
    const withGaps = syntheticCandles({ count: 240, stepMs: 3_600_000 }).filter((_, index) => index % 24 < 8);
    await expect(pipeline().analyze({ candles: withGaps, timeframe: "1h" })).resolves.toMatchObject({
      timeframe: "1h",
    });
  });

  it("refuses a display name with a line break or control characters before any model call", async () => {
    for (const name of ["BTC\nINFO forged line", "tab\there", "nul\u0000", "bidi\u202eevil"]) {
      await expect(pipeline().analyze({ candles, timeframe: "4h", name })).rejects.toThrow(
        /name: must be one line of plain text/,
      );
    }
    expect(server.requests).toHaveLength(0);
  });

  it("refuses prices that would overflow, and symbols made only of punctuation, before any request", async () => {
    const huge = candles.map((bar, index) => (index === 10 ? { ...bar, high: 1e300, close: 1e300 } : bar));
    await expect(pipeline().analyze({ candles: huge, timeframe: "4h" })).rejects.toThrow(
      /candles\.10\.(high|close): must be at most 1000000000000/,
    );
    for (const symbol of [".", "..", "^", "=", "-_."]) {
      await expect(
        pipeline().analyze({ symbol, timeframe: "4h", start: "2024-01-01", end: "2024-02-01" }),
      ).rejects.toThrow(/at least one letter or digit/);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("sends no call that carries a chart, nor the decision, when a chart cannot be drawn; the Indicator's call in flight is aborted", async () => {
    // Every call hangs: an analysis that waited for the Indicator's call instead of aborting it would never end.
    server.setHandler(() => fakeReply.hang());
    const broken: ChartRenderer = {
      ...renderer,
      render: async () => {
        // Fail once the Indicator's first call has reached the provider: the failure must stop a call in flight.
        await waitFor(() => server.requests.length > 0, 60_000, "the Indicator's first call");
        throw new ChartRenderError({
          reason: "render",
          message: "Chart rendering failed: Plotly could not draw the figure",
        });
      },
    };
    const withBrokenCharts = createPipeline(
      {
        openai_base_url: server.openaiBaseUrl,
        data_dir: dataDir,
        // The Indicator agent's tool loop, which these tests were written for (indicator-mode.test.ts: the default).
        indicator_mode: "tool-call",
        api_key: TEST_KEY,
        max_retries: 0,
      },
      { env: {}, renderer: broken },
    );
    const events: ProgressEvent[] = [];
    let timer: NodeJS.Timeout | undefined;
    const notAborted = new Promise((resolve) => {
      timer = setTimeout(() => resolve(new Error("still waiting for the Indicator's call after 15 s")), 15_000);
    });
    const error = await Promise.race([
      withBrokenCharts
        .analyze({ candles, timeframe: "4h" }, { onEvent: (event) => events.push(event) })
        .catch((caught: unknown) => caught),
      notAborted,
    ]);
    clearTimeout(timer);
    await withBrokenCharts.close();

    expect(error).toBeInstanceOf(ChartRenderError);
    expect((error as Error).message).toMatch(/Plotly could not draw the figure/);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.summary.toolNames).toContain("compute_rsi");
    expect(server.requests[0]!.summary.imageCount).toBe(0);
    expect(events.filter((event) => event.type === "step-error")).toEqual([
      expect.objectContaining({ step: "charts", error: expect.stringMatching(/Plotly could not draw/) }),
    ]);
    const started = events.flatMap((event) => (event.type === "step-start" ? [event.step] : []));
    expect(started).toEqual(["data", "indicator", "charts"]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.requests).toHaveLength(1); // nothing was sent after the failure
  });

  it("starts the Indicator agent while the charts are drawn, and the chart readers once they are", async () => {
    server.setHandler((request) => fakeReply.delay(50, defaultFakeHandler(request)));
    let chartsDrawnAt = 0;
    const slow: ChartRenderer = {
      ...renderer,
      render: async (figure, options) => {
        // Drawn only once the Indicator's first call has arrived: charts drawn before it would wait here in vain.
        await waitFor(() => server.requests.length > 0, 60_000, "the Indicator's call while the charts are drawn");
        const png = await renderer.render(figure, options);
        chartsDrawnAt = Date.now();
        return png;
      },
    };
    const overlapping = createPipeline(
      {
        openai_base_url: server.openaiBaseUrl,
        data_dir: dataDir,
        // The Indicator agent's tool loop, which these tests were written for (indicator-mode.test.ts: the default).
        indicator_mode: "tool-call",
        api_key: TEST_KEY,
        max_retries: 0,
      },
      { env: {}, renderer: slow },
    );
    const events: ProgressEvent[] = [];
    const result = await overlapping.analyze({ candles, timeframe: "4h" }, { onEvent: (event) => events.push(event) });
    await overlapping.close();

    expect(result.decision.decision).toBe("LONG");
    expect(server.requests[0]!.summary.toolNames).toContain("compute_rsi");
    const chartCalls = server.requests.filter((request) => request.summary.imageCount > 0);
    expect(chartCalls).toHaveLength(2);
    for (const call of chartCalls) expect(call.receivedAt).toBeGreaterThanOrEqual(chartsDrawnAt);
    const charts = events.filter((event) => event.type === "step-end" && event.step === "charts");
    expect(charts).toHaveLength(1);
    expect(result.timingsMs.charts).toBeGreaterThan(0);
    const position = (type: "step-start" | "step-end", step: string) =>
      events.findIndex((event) => event.type === type && event.step === step);
    expect(position("step-start", "indicator")).toBeLessThan(position("step-end", "charts"));
    expect(position("step-start", "pattern")).toBeGreaterThan(position("step-end", "charts"));
    expect(position("step-start", "trend")).toBeGreaterThan(position("step-end", "charts"));
  });

  it("draws the charts before any call when the analysts run one after another", async () => {
    server.setHandler((request) => defaultFakeHandler(request));
    const events: ProgressEvent[] = [];
    await pipeline().analyze(
      { candles, timeframe: "4h" },
      { schedule: "sequential", onEvent: (event) => events.push(event) },
    );
    const chartsEnd = events.find((event) => event.type === "step-end" && event.step === "charts");
    expect(chartsEnd?.type).toBe("step-end");
    const drawnAt = chartsEnd?.type === "step-end" ? chartsEnd.at : Infinity;
    expect(server.requests.length).toBeGreaterThan(0);
    for (const request of server.requests) expect(request.receivedAt).toBeGreaterThanOrEqual(drawnAt);
  });

  it("rejects a request with two data sources or none, naming the fields", async () => {
    await expect(pipeline().analyze({ candles, csv: "x", timeframe: "1h" } as never)).rejects.toThrow(
      /only one of asset, symbol, candles, csv, sample \(got candles and csv\)/,
    );
    await expect(pipeline().analyze({ timeframe: "1h" } as never)).rejects.toThrow(
      /give one of asset, symbol, candles, csv/,
    );
    await expect(pipeline().analyze({ candles, timeframe: "2h" as never })).rejects.toThrow(/timeframe/);
  });
});
