// Orchestration of one analysis over a window of candles, in three stages:
// 1. checks and content, before anything is spent: indicators, trendlines, plugin indicators and tools, both figures;
// 2. the analysts: the Indicator agent reads numbers, not pictures, so it starts first and the "charts" step draws
//    both charts while its calls run; Pattern, Trend and any plugin analysts start when the charts are drawn. A chart
//    that cannot be drawn aborts the Indicator's call in flight, so a broken renderer costs at most that one call, and
//    no call that carries a chart is ever sent. (schedule "sequential" draws the charts first, then runs one analyst
//    at a time);
// 3. the Decision agent reads their reports.
// Any step's failure aborts the others and fails the analysis with that step's (classified) error (analysis-steps.ts).
// The optional stages (src/stages/run-stages.ts) run between 2 and 3 (memory's recall, the bull/bear debate) and after
// 3 (risk levels, memory's reflection in a replay), each through `steps.agent`.
import type { ChartDispatch } from "../agents/chart-agent";
import { runDecisionAgent } from "../agents/decision-agent";
import { runIndicatorAgent, windowReadings } from "../agents/indicator-agent";
import { type ModelCallListener, recordingModel } from "../agents/model-call";
import { runPatternAgent } from "../agents/pattern-agent";
import { singleAgentSystemPrompt, singleAgentUserContent } from "../agents/prompts/single-agent-prompt";
import { runTrendAgent } from "../agents/trend-agent";
import { summariseTrendlines } from "../agents/trend-summary";
import type { ChartRenderer } from "../charts/png-renderer";
import { fitCandleTrendlines } from "../charts/trendlines";
import { InputError } from "../common/input-error";
import type { AgentsMode, IndicatorMode } from "../config/config-schema";
import { normaliseStages, type Stages } from "../config/stages-schema";
import { computeIndicators } from "../indicators/compute-indicators";
import type { ChatModel } from "../llm/chat-model";
import type { Candle } from "../market/candle";
import type { Plugin } from "../plugins/define-plugin";
import { latestPluginValues, pluginIndicatorTools, runPluginAnalyst } from "../plugins/plugin-parts";
import { summarisePlugins } from "../plugins/plugin-set";
import { type RecallLessons, runStagesAfterDecision, runStagesBeforeDecision } from "../stages/run-stages";
import { createAgentView } from "./agent-view";
import { buildAnalysisFigures, drawAnalysisCharts, type DrawnCharts } from "./analysis-charts";
import type { AnalysisResult } from "./analysis-result";
import { createAnalysisSteps, settleAll } from "./analysis-steps";
import { type AnalysisWindow, assembleResult } from "./assemble-result";
import type { ProgressListener, StepId } from "./progress-events";

export interface RunAnalysisInput extends AnalysisWindow {
  models: { agent: ChatModel; graph: ChatModel };
  renderer: ChartRenderer;
  /** How the chart agents get their image; default "direct". */
  chartDispatch?: ChartDispatch;
  /** How the Indicator agent gets its numbers; default "direct" (computed in code, one call, no tools). */
  indicatorMode?: IndicatorMode;
  /** Who decides: the four agents ("team", the default) or one vision call ("single"). */
  agents?: AgentsMode;
  /** Bars the Decision agent's order is for; default 3. */
  horizonBars?: number;
  /** Answers asked of the Decision agent at once (the majority decides); default 1. */
  decisionSamples?: number;
  /** Plugins whose indicators, analysts and (earlier, in the data step) data sources take part. */
  plugins?: readonly Plugin[];
  /** Per call of a plugin's analyst. Default 60 s. */
  pluginTimeoutMs?: number;
  signal?: AbortSignal;
  onEvent?: ProgressListener;
  /** Hears of each model call as it starts and ends (what a failed or cancelled run spent). */
  onModelCall?: ModelCallListener;
  /** "sequential" runs the three analysts one after another (for accounts with tight rate limits, and benchmarks). */
  schedule?: "concurrent" | "sequential";
  /** Time already spent (fetching data), added to the total. */
  timings?: Partial<Record<StepId, number>>;
  /** The optional stages (memory, debate, risk); default none. */
  stages?: Stages;
  /** Memory: reads the lessons known at the window's end (the pipeline answers from its journal). */
  recallLessons?: RecallLessons;
  /** The caller's bars after the window (a replay of history): with memory on, the outcome is reflected on at once. */
  laterCandles?: readonly Candle[];
  /** Memory: the market whose lessons are recalled; default `symbol`. */
  memoryScope?: string;
  /** Show the agents a blind view of the window (agent-view.ts); default false. */
  blind?: boolean;
}

interface AnalystReport {
  name: string;
  title: string;
  text: string;
}

export async function runAnalysis(input: RunAnalysisInput): Promise<AnalysisResult> {
  // A signal that is already aborted fires no "abort" event for the listener below: refuse before any work.
  input.signal?.throwIfAborted();
  const started = performance.now();
  const emit: ProgressListener = input.onEvent ?? (() => {});
  const { candles, models, renderer } = input;
  const plugins = input.plugins ?? [];

  // One controller for the whole analysis: the caller's signal or any step's failure stops every step.
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(input.signal?.reason);
  input.signal?.addEventListener("abort", onOuterAbort, { once: true });
  const steps = createAnalysisSteps({ controller, emit, timings: input.timings, calls: input.onModelCall });
  const signal = steps.signal;

  // 1. Everything that can fail without a browser or a model fails here, before the first call.
  // What the agents, charts and plugin analysts are shown (blind or not); the result keeps the window's own prices.
  const view = createAgentView({ ...input, blind: input.blind ?? false });
  const { context } = view;
  const indicators = computeIndicators(candles);
  const indicatorMode = input.indicatorMode ?? "direct";
  const agents = input.agents ?? "team";
  if (agents === "single") assertSingleAgentFits(input.stages ?? {}, plugins);
  const fits = view.blind ? fitCandleTrendlines(candles) : view.fits;
  const lines = summariseTrendlines(candles, fits);
  const pluginIndicatorValues = latestPluginValues(plugins, candles);
  const extraTools = pluginIndicatorTools(plugins, view.candles);
  const figures = buildAnalysisFigures(view.candles, view.chartOptions, view.fits);

  // 2. The analysts, each a step.
  const drawCharts = () => steps.run("charts", () => drawAnalysisCharts(figures, { renderer, signal, emit }));
  const indicatorAgent = () =>
    steps.agent("indicator", (recorder) =>
      runIndicatorAgent({
        context,
        candles: view.candles,
        model: models.graph,
        recorder,
        extraTools,
        mode: indicatorMode,
        signal,
      }),
    );
  const chartModels = {
    dispatch: input.chartDispatch ?? "direct",
    agentModel: models.agent,
    graphModel: models.graph,
    signal,
  };
  const patternAgent = (charts: DrawnCharts) =>
    steps.agent("pattern", (recorder) => runPatternAgent({ ...chartModels, context, chart: charts.pattern, recorder }));
  const trendAgent = (charts: DrawnCharts) =>
    steps.agent("trend", (recorder) =>
      runTrendAgent({ ...chartModels, context, lines: view.lines, chart: charts.trend, recorder }),
    );
  const pluginAnalysts = plugins.flatMap((plugin) =>
    plugin.analysts.map(
      (analyst) => () =>
        steps.agent(analyst.name, async (recorder): Promise<AnalystReport> => {
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
              renderChart: (figure) => renderer.render(figure, { signal }),
            },
            { timeoutMs: input.pluginTimeoutMs ?? 60_000, signal },
          );
          recorder.report.beginCall().finish(report);
          return { name: analyst.name, title: analyst.title, text: recorder.report.text() };
        }),
    ),
  );

  const together = async () => {
    // The Indicator's first call goes out before the charts step starts: sending it is a few milliseconds of this
    // thread's time that drawing (the browser's screenshots come back on this thread too) would otherwise hold up.
    const indicator = indicatorAgent();
    const charts = drawCharts();
    const afterCharts = charts.then((drawn) =>
      settleAll(
        [
          settleAll([patternAgent(drawn), trendAgent(drawn)], signal),
          settleAll(
            pluginAnalysts.map((run) => run()),
            signal,
          ),
        ],
        signal,
      ),
    );
    const [indicatorReport, [[pattern, trend], extra], drawn] = await settleAll(
      [indicator, afterCharts, charts],
      signal,
    );
    return { drawn, indicator: indicatorReport, pattern, trend, extra };
  };
  const inTurn = async () => {
    const drawn = await drawCharts();
    const indicator = await indicatorAgent();
    const pattern = await patternAgent(drawn);
    const trend = await trendAgent(drawn);
    const extra: AnalystReport[] = [];
    for (const run of pluginAnalysts) extra.push(await run());
    return { drawn, indicator, pattern, trend, extra };
  };

  // One vision call decides: the charts are drawn, and no analyst writes a report.
  const alone = async () => ({
    drawn: await drawCharts(),
    indicator: { report: "" },
    pattern: "",
    trend: "",
    extra: [] as AnalystReport[],
  });

  try {
    const analysts =
      agents === "single" ? await alone() : input.schedule === "sequential" ? await inTurn() : await together();

    const reports = {
      indicatorReport: analysts.indicator.report,
      patternReport: analysts.pattern,
      trendReport: analysts.trend,
      analystReports: analysts.extra,
    };
    const stages = normaliseStages(input.stages ?? {});
    const stageRun = { stages, step: steps.agent, context, symbol: input.symbol, candles, model: models.graph, signal };
    const before = await runStagesBeforeDecision({
      ...stageRun,
      reports,
      recallLessons: input.recallLessons,
      memoryScope: input.memoryScope,
    });

    // 3. The decision.
    const decision = await steps.agent("decision", (recorder) =>
      runDecisionAgent({
        context,
        reports,
        extras: before.extras,
        model: models.graph,
        recorder,
        signal,
        samples: input.decisionSamples,
        ...(agents === "single"
          ? {
              prompt: {
                system: singleAgentSystemPrompt(context),
                user: singleAgentUserContent(context, {
                  readings: windowReadings(view.candles, extraTools),
                  lines: view.lines,
                  charts: analysts.drawn,
                }),
              },
            }
          : {}),
      }),
    );
    const after = await runStagesAfterDecision({
      ...stageRun,
      decision,
      trendlines: lines,
      reports: { indicator: analysts.indicator.report, pattern: analysts.pattern, trend: analysts.trend },
      assetName: input.assetName,
      laterCandles: input.laterCandles,
    });
    const totalMs = performance.now() - started + (input.timings?.data ?? 0);
    emit({ type: "analysis-end", at: Date.now(), durationMs: totalMs, decision: decision.decision });

    return assembleResult({
      blind: view.blind,
      indicatorMode,
      agents,
      asset: input.asset,
      assetName: input.assetName,
      symbol: input.symbol,
      timeframe: input.timeframe,
      candles,
      requestedStart: input.requestedStart,
      reports: { indicator: analysts.indicator.report, pattern: analysts.pattern, trend: analysts.trend },
      analystReports: analysts.extra,
      plugins: summarisePlugins(plugins),
      stages,
      ...(before.debate ? { debate: before.debate } : {}),
      ...(after.risk ? { risk: after.risk } : {}),
      ...(before.recalled
        ? { memory: { recalled: before.recalled, ...(after.lesson === undefined ? {} : { lesson: after.lesson }) } }
        : {}),
      charts: analysts.drawn,
      decision,
      indicatorValues: indicators.latest,
      pluginIndicatorValues,
      trendlines: lines,
      fits,
      timings: steps.timings,
      totalMs,
      recorders: steps.recorders,
      models,
    });
  } catch (error) {
    controller.abort(error);
    // The first failure is the analysis's error; a caller's cancellation surfaces as its own reason.
    throw signal.reason instanceof Error ? signal.reason : error;
  } finally {
    input.signal?.removeEventListener("abort", onOuterAbort);
  }
}

/**
 * What a single agent cannot take part in, refused before anything runs: memory and debate feed the Decision agent
 * beside the analysts' reports, and a plugin's analyst writes one more report; a single call has neither.
 */
function assertSingleAgentFits(stages: Stages, plugins: readonly Plugin[]): void {
  const needsTeam = [
    ...(stages.memory ? ["memory"] : []),
    ...(stages.debate ? ["debate"] : []),
    ...plugins.flatMap((plugin) => plugin.analysts.map((analyst) => `the plugin analyst ${analyst.name}`)),
  ];
  if (needsTeam.length > 0)
    throw new InputError({
      message: `agents "single" makes one model call, without the team's reports that ${needsTeam.join(", ")} ${needsTeam.length > 1 ? "need" : "needs"}: use agents "team", or leave ${needsTeam.length > 1 ? "them" : "it"} out`,
      details: { field: "agents" },
    });
}
