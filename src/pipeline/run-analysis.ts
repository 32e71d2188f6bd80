// Orchestration of one analysis over a window of candles: Indicator, Pattern and Trend concurrently, then Decision.
// Any step's failure aborts the others and fails the analysis with that step's (classified) error.
import { createAnalysisContext } from "../agents/analysis-context";
import { runDecisionAgent } from "../agents/decision-agent";
import { runIndicatorAgent } from "../agents/indicator-agent";
import type { ModelCallRecord } from "../agents/model-call";
import { runPatternAgent } from "../agents/pattern-agent";
import { runTrendAgent } from "../agents/trend-agent";
import { summariseTrendlines } from "../agents/trend-summary";
import type { ChartRenderer } from "../charts/png-renderer";
import { buildPatternFigure } from "../charts/pattern-figure";
import { buildTrendFigure } from "../charts/trend-figure";
import { fitCandleTrendlines } from "../charts/trendlines";
import type { PlotlyFigure } from "../charts/figure-types";
import type { ChartOptions } from "../charts/chart-style";
import { computeIndicators } from "../indicators";
import { addUsage, zeroUsage, type ChatModel } from "../llm/chat-model";
import type { Candle } from "../market/candle";
import type { Timeframe } from "../market/timeframes";
import type { AnalysisResult, IndicatorSnapshot } from "./analysis-result";
import type { PipelineStep, ProgressListener } from "./progress-events";

export interface RunAnalysisInput {
  asset: string;
  assetName: string;
  symbol: string;
  timeframe: Timeframe;
  /** The analysis window, already cut to its final length. */
  candles: Candle[];
  models: { agent: ChatModel; graph: ChatModel };
  renderer: ChartRenderer;
  signal?: AbortSignal;
  onEvent?: ProgressListener;
  /** "sequential" runs the three analysts one after another (for accounts with tight rate limits, and benchmarks). */
  schedule?: "concurrent" | "sequential";
  /** Time already spent (fetching data), added to the total. */
  timings?: Partial<Record<PipelineStep, number>>;
}

export async function runAnalysis(input: RunAnalysisInput): Promise<AnalysisResult> {
  // A signal that is already aborted fires no "abort" event for the listener below: refuse before any work.
  input.signal?.throwIfAborted();
  const started = performance.now();
  const emit: ProgressListener = input.onEvent ?? (() => {});
  const { candles, models } = input;
  const calls: ModelCallRecord[] = [];
  const timings: Partial<Record<PipelineStep, number>> = { ...input.timings };

  // One controller for the whole analysis: the caller's signal or any step's failure stops every step.
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(input.signal?.reason);
  input.signal?.addEventListener("abort", onOuterAbort, { once: true });
  const signal = controller.signal;

  const context = createAnalysisContext({ assetName: input.assetName, symbol: input.symbol, timeframe: input.timeframe, candles });
  const indicators = computeIndicators(candles);
  const fits = fitCandleTrendlines(candles);
  const lines = summariseTrendlines(candles, fits);
  const chartOptions: ChartOptions = { assetName: input.assetName, timeframe: input.timeframe };

  // Both charts are rendered before any model is called: a chart that cannot be drawn then fails the analysis
  // before anything is paid for. Warm renders take tens of milliseconds, a small price for that.
  const renderChart = (chart: "pattern" | "trend", figure: PlotlyFigure) => {
    const renderStarted = performance.now();
    const png = input.renderer.render(figure, { signal }).then((bytes) => {
      emit({ type: "chart-rendered", chart, at: Date.now(), durationMs: performance.now() - renderStarted, bytes: bytes.length });
      return bytes;
    });
    png.catch(() => {}); // handled where it is awaited; this only keeps an early failure from going unhandled
    return png;
  };
  const patternChart = renderChart("pattern", buildPatternFigure(candles, chartOptions));
  const trendChart = renderChart("trend", buildTrendFigure(candles, { ...chartOptions, trendlines: fits }));

  const step = async <T>(name: PipelineStep, work: () => Promise<T>): Promise<T> => {
    const stepStarted = performance.now();
    const callsBefore = calls.length;
    emit({ type: "step-start", step: name, at: Date.now() });
    try {
      const value = await work();
      const durationMs = performance.now() - stepStarted;
      timings[name] = durationMs;
      const usage = calls.slice(callsBefore).filter((call) => call.step === name).reduce((sum, call) => addUsage(sum, call.usage), zeroUsage);
      emit({ type: "step-end", step: name, at: Date.now(), durationMs, usage });
      return value;
    } catch (error) {
      const durationMs = performance.now() - stepStarted;
      // A step stopped because another failed is not news: only the first failure is reported as the cause.
      if (!signal.aborted) {
        emit({ type: "step-error", step: name, at: Date.now(), durationMs, error: (error as Error).message });
        controller.abort(error);
      }
      throw error;
    }
  };

  try {
    await Promise.all([patternChart, trendChart]);
    const analysts = [
      () => step("indicator", () => runIndicatorAgent({ context, candles, model: models.graph, calls, signal })),
      () => step("pattern", () => runPatternAgent({ context, chart: patternChart, agentModel: models.agent, graphModel: models.graph, calls, signal })),
      () => step("trend", () => runTrendAgent({ context, lines, chart: trendChart, agentModel: models.agent, graphModel: models.graph, calls, signal })),
    ] as const;
    const [indicator, patternReport, trendReport] =
      input.schedule === "sequential"
        ? [await analysts[0](), await analysts[1](), await analysts[2]()]
        : await settleAll([analysts[0](), analysts[1](), analysts[2]()], signal);

    const decision = await step("decision", () =>
      runDecisionAgent({
        context,
        reports: { indicatorReport: indicator.report, patternReport, trendReport },
        model: models.graph,
        calls,
        signal,
      }),
    );
    const [patternPng, trendPng] = await Promise.all([patternChart, trendChart]);
    const totalMs = performance.now() - started + (input.timings?.data ?? 0);
    emit({ type: "analysis-end", at: Date.now(), durationMs: totalMs, decision: decision.decision });

    return {
      asset: input.asset,
      asset_name: input.assetName,
      symbol: input.symbol,
      timeframe: input.timeframe,
      data_length: candles.length,
      window: { start: new Date(candles[0].time).toISOString(), end: new Date(candles[candles.length - 1].time).toISOString() },
      technical_indicators: indicator.report,
      pattern_analysis: patternReport,
      trend_analysis: trendReport,
      pattern_chart: patternPng.toString("base64"),
      trend_chart: trendPng.toString("base64"),
      final_decision: decision,
      indicator_values: snapshot(indicators.latest),
      trendlines: lines,
      candles,
      timings_ms: { ...timings, total: totalMs },
      usage: { calls, total: calls.reduce((sum, call) => addUsage(sum, call.usage), zeroUsage) },
      models: {
        agent: { provider: models.agent.provider, model: models.agent.model, temperature: models.agent.temperature },
        graph: { provider: models.graph.provider, model: models.graph.model, temperature: models.graph.temperature },
      },
    };
  } catch (error) {
    controller.abort(error);
    // The first failure is the analysis's error; a caller's cancellation surfaces as its own reason.
    throw signal.reason instanceof Error ? signal.reason : error;
  } finally {
    input.signal?.removeEventListener("abort", onOuterAbort);
  }
}

/**
 * Like Promise.all, but on the first failure it waits for the other steps to stop (they see the aborted signal)
 * before rejecting, so no model call or render outlives the analysis that started it.
 */
async function settleAll<T extends readonly unknown[]>(
  promises: { [K in keyof T]: Promise<T[K]> },
  signal: AbortSignal,
): Promise<T> {
  const results = await Promise.allSettled(promises);
  const failure = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failure) throw signal.reason instanceof Error ? signal.reason : failure.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

function snapshot(latest: ReturnType<typeof computeIndicators>["latest"]): IndicatorSnapshot {
  return {
    rsi: latest.rsi,
    macd: latest.macd,
    macd_signal: latest.macdSignal,
    macd_histogram: latest.macdHistogram,
    stochastic_k: latest.stochasticK,
    stochastic_d: latest.stochasticD,
    roc: latest.roc,
    williams_r: latest.williamsR,
  };
}
