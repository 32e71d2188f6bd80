// Orchestration of one analysis over a window of candles: both charts first, then Indicator, Pattern and Trend
// concurrently, then Decision. Any step's failure aborts the others and fails the analysis with that step's
// (classified) error. Each step records its own model calls, so its usage is its own.
import type { ChartDispatch } from "../agents/chart-agent";
import { runDecisionAgent } from "../agents/decision-agent";
import { runIndicatorAgent } from "../agents/indicator-agent";
import {
  createStepRecorder,
  type ModelCallRecord,
  recordingModel,
  type StepName,
  type StepRecorder,
} from "../agents/model-call";
import { runPatternAgent } from "../agents/pattern-agent";
import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import { runTrendAgent } from "../agents/trend-agent";
import { summariseTrendlines } from "../agents/trend-summary";
import type { PlotlyFigure } from "../charts/figure-types";
import { buildPatternFigure } from "../charts/pattern-figure";
import type { ChartRenderer } from "../charts/png-renderer";
import { buildTrendFigure } from "../charts/trend-figure";
import { fitCandleTrendlines, resistanceLine, supportLine } from "../charts/trendlines";
import { computeIndicators, type LatestIndicatorValues } from "../indicators";
import { addUsage, type ChatModel, zeroUsage } from "../llm/chat-model";
import type { Candle } from "../market/candle";
import type { Timeframe } from "../market/timeframes";
import type { Plugin } from "../plugins/define-plugin";
import { latestPluginValues, pluginIndicatorTools, runPluginAnalyst } from "../plugins/plugin-parts";
import { summarisePlugins } from "../plugins/plugin-set";
import { createAgentView } from "./agent-view";
import type { AnalysisResult, IndicatorSnapshot } from "./analysis-result";
import type { ProgressListener, StepId } from "./progress-events";

export interface RunAnalysisInput {
  asset: string;
  assetName: string;
  symbol: string;
  timeframe: Timeframe;
  /** The analysis window, already cut to its final length. */
  candles: Candle[];
  /** The requested start (ISO), when the window reaches back before it to fill up (load-candles.ts). */
  requestedStart?: string;
  models: { agent: ChatModel; graph: ChatModel };
  renderer: ChartRenderer;
  /** How the chart agents get their image; default "direct". */
  chartDispatch?: ChartDispatch;
  /** Bars the Decision agent's order is for; default 3. */
  horizonBars?: number;
  /** Plugins whose indicators, analysts and (earlier, in the data step) data sources take part. */
  plugins?: readonly Plugin[];
  /** Per call of a plugin's analyst. Default 60 s. */
  pluginTimeoutMs?: number;
  signal?: AbortSignal;
  onEvent?: ProgressListener;
  /** "sequential" runs the three analysts one after another (for accounts with tight rate limits, and benchmarks). */
  schedule?: "concurrent" | "sequential";
  /** Time already spent (fetching data), added to the total. */
  timings?: Partial<Record<StepId, number>>;
  /** Show the agents a blind view of the window (agent-view.ts); default false. */
  blind?: boolean;
}

export async function runAnalysis(input: RunAnalysisInput): Promise<AnalysisResult> {
  // A signal that is already aborted fires no "abort" event for the listener below: refuse before any work.
  input.signal?.throwIfAborted();
  const started = performance.now();
  const emit: ProgressListener = input.onEvent ?? (() => {});
  const { candles, models } = input;
  const dispatch = input.chartDispatch ?? "direct";
  const plugins = input.plugins ?? [];
  const timings: Partial<Record<StepId, number>> = { ...input.timings };
  const recorders: StepRecorder[] = [];

  // One controller for the whole analysis: the caller's signal or any step's failure stops every step.
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(input.signal?.reason);
  input.signal?.addEventListener("abort", onOuterAbort, { once: true });
  const signal = controller.signal;

  // What the agents, charts and plugin analysts are shown (blind or not); the result keeps the window's own prices.
  const view = createAgentView({ ...input, blind: input.blind ?? false });
  const { context } = view;
  const indicators = computeIndicators(candles);
  const fits = view.blind ? fitCandleTrendlines(candles) : view.fits;
  const lines = summariseTrendlines(candles, fits);
  // Plugin indicators are computed here, before anything is rendered or paid for: a faulty one fails at once.
  const pluginIndicatorValues = latestPluginValues(plugins, candles);

  const renderChart = async (chart: "pattern" | "trend", figure: PlotlyFigure): Promise<Buffer> => {
    const renderStarted = performance.now();
    const bytes = await input.renderer.render(figure, { signal });
    emit({
      type: "chart-rendered",
      chart,
      at: Date.now(),
      durationMs: performance.now() - renderStarted,
      bytes: bytes.length,
    });
    return bytes;
  };

  const step = async <T>(name: StepName, work: (recorder: StepRecorder) => Promise<T>): Promise<T> => {
    const stepStarted = performance.now();
    const recorder = createStepRecorder(name, {
      onReportText: (text) => emit({ type: "report-delta", step: name, text }),
    });
    recorders.push(recorder);
    emit({ type: "step-start", step: name, at: Date.now() });
    try {
      const value = await work(recorder);
      const durationMs = performance.now() - stepStarted;
      timings[name] = durationMs;
      emit({ type: "step-end", step: name, at: Date.now(), durationMs, usage: recorder.usage() });
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
    // Both charts are drawn before any model is called: a chart that cannot be drawn then fails the analysis
    // before anything is paid for. Warm renders take tens of milliseconds, a small price for that.
    const [patternPng, trendPng] = await settleAll(
      [
        renderChart("pattern", buildPatternFigure(view.candles, view.chartOptions)),
        renderChart("trend", buildTrendFigure(view.candles, { ...view.chartOptions, trendlines: view.fits })),
      ],
      signal,
    );
    const chartModels = { dispatch, agentModel: models.agent, graphModel: models.graph, signal };
    const extraTools = pluginIndicatorTools(plugins, view.candles);
    const builtIn = [
      () =>
        step("indicator", (recorder) =>
          runIndicatorAgent({ context, candles: view.candles, model: models.graph, recorder, extraTools, signal }),
        ),
      () => step("pattern", (recorder) => runPatternAgent({ ...chartModels, context, chart: patternPng, recorder })),
      () =>
        step("trend", (recorder) =>
          runTrendAgent({ ...chartModels, context, lines: view.lines, chart: trendPng, recorder }),
        ),
    ] as const;
    const pluginAnalysts = plugins.flatMap((plugin) =>
      plugin.analysts.map(
        (analyst) => () =>
          step(analyst.name, async (recorder) => {
            const report = await runPluginAnalyst(
              plugin,
              analyst,
              {
                candles: view.candles,
                timeframe: input.timeframe,
                symbol: view.symbol,
                models: {
                  agent: recordingModel(models.agent, recorder, "agent"),
                  graph: recordingModel(models.graph, recorder, "graph"),
                },
                renderChart: (figure) => input.renderer.render(figure, { signal }),
              },
              { timeoutMs: input.pluginTimeoutMs ?? 60_000, signal },
            );
            const call = recorder.report.beginCall();
            call.finish(report);
            return { name: analyst.name, title: analyst.title, text: recorder.report.text() };
          }),
      ),
    );
    const sequential = async () => {
      const reports = [await builtIn[0](), await builtIn[1](), await builtIn[2]()] as const;
      const extra = [];
      for (const run of pluginAnalysts) extra.push(await run());
      return [...reports, extra] as const;
    };
    const concurrent = async () => {
      const [reports, extra] = await settleAll(
        [
          settleAll([builtIn[0](), builtIn[1](), builtIn[2]()], signal),
          settleAll(
            pluginAnalysts.map((run) => run()),
            signal,
          ),
        ],
        signal,
      );
      return [...reports, extra] as const;
    };
    const [indicator, patternReport, trendReport, analystReports] =
      input.schedule === "sequential" ? await sequential() : await concurrent();

    const decision = await step("decision", (recorder) =>
      runDecisionAgent({
        context,
        reports: { indicatorReport: indicator.report, patternReport, trendReport, analystReports },
        model: models.graph,
        recorder,
        signal,
      }),
    );
    const totalMs = performance.now() - started + (input.timings?.data ?? 0);
    emit({ type: "analysis-end", at: Date.now(), durationMs: totalMs, decision: decision.decision });

    const calls: ModelCallRecord[] = recorders.flatMap((recorder) => recorder.calls());
    const first = candles[0];
    const last = candles[candles.length - 1];
    return {
      promptVersion: PROMPT_VERSION,
      blind: view.blind,
      asset: input.asset,
      assetName: input.assetName,
      symbol: input.symbol,
      timeframe: input.timeframe,
      barCount: candles.length,
      window: {
        start: new Date(first?.time ?? 0).toISOString(),
        end: new Date(last?.time ?? 0).toISOString(),
        ...(input.requestedStart === undefined ? {} : { requestedStart: input.requestedStart }),
      },
      reports: { indicator: indicator.report, pattern: patternReport, trend: trendReport },
      analystReports: Object.fromEntries(analystReports.map((report) => [report.name, report.text])),
      plugins: summarisePlugins(plugins),
      charts: { pattern: patternPng.toString("base64"), trend: trendPng.toString("base64") },
      decision,
      indicatorValues: snapshot(indicators.latest),
      pluginIndicatorValues,
      trendlines: lines,
      trendlineEquations: {
        closeSupport: supportLine(fits.close),
        closeResistance: resistanceLine(fits.close),
        lowSupport: supportLine(fits.highLow),
        highResistance: resistanceLine(fits.highLow),
      },
      candles,
      timingsMs: { ...timings, total: totalMs },
      usage: {
        calls,
        callsPerStep: Object.fromEntries(
          recorders.map((recorder) => [recorder.step, recorder.calls().length]),
        ) as Record<StepName, number>,
        total: calls.reduce((sum, call) => addUsage(sum, call.usage), zeroUsage),
      },
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

function snapshot(latest: LatestIndicatorValues): IndicatorSnapshot {
  return {
    rsi: latest.rsi,
    macd: latest.macd,
    macdSignal: latest.macdSignal,
    macdHistogram: latest.macdHistogram,
    stochasticK: latest.stochasticK,
    stochasticD: latest.stochasticD,
    roc: latest.roc,
    williamsR: latest.williamsR,
  };
}
