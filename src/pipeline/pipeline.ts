// The pipeline object: created from the config record, it holds the models, the chart renderer and the custom-asset
// store, and is what notebooks and the server call (keys, providers, assets, date ranges, analyze).
//
// Configuration is immutable: `configure(changes)` validates the new record and builds both models from it before
// anything is replaced, then installs record and models together. A change that fails leaves everything as it was.
// The environment is read (keys, base URLs), never written.
import { z } from "zod";

import { PROMPT_VERSION } from "../agents/prompts/prompt-version";
import { type ChartRenderer, createChartRenderer } from "../charts/png-renderer";
import { callerTexts } from "../common/caller-texts";
import { describeError } from "../common/describe-error";
import { InputError } from "../common/input-error";
import { QuantAgentError } from "../common/quantagent-error";
import { createSecretRedactor, type SecretRedactor } from "../common/secret-redactor";
import { type ApiKeyStatus, apiKeyStatus, type Env, MAX_API_KEY_LENGTH } from "../config/api-keys";
import {
  type Config,
  ConfigError,
  type ConfigInput,
  createConfig,
  memoryWhileBlind,
  memoryWithoutJournal,
  PLACEHOLDER_API_KEY,
} from "../config/config-schema";
import { applyProviderSwitch } from "../config/provider-switch";
import {
  isRemoteProvider,
  type ProviderId,
  providerIdSchema,
  providerInfo,
  remoteProviderIds,
} from "../config/providers";
import { resolveRateLimits } from "../config/resolve-rate-limits";
import { normaliseStages } from "../config/stages-schema";
import { type ModelSelection, modelSelection, switchProvider } from "../config/switch-provider";
import { createDatabaseHandle, type DatabaseHandle } from "../journal/database-handle";
import type { JournalSource } from "../journal/journal-entry";
import { closesAfter, scoreOutcome } from "../journal/outcome";
import type { LaterBarsRequest } from "../journal/score-outcomes";
import type { ChatModel } from "../llm/chat-model";
import type { ModelRole } from "../llm/model-settings";
import type { AssetEntry } from "../market/assets";
import type { Candle } from "../market/candle";
import { exchangeLookbackDays } from "../market/ccxt-source";
import { type CustomAssetStore, listAssets } from "../market/custom-asset-store";
import { type DateRangeRequest, type DateRangeValidation, validateDateRange } from "../market/date-range";
import { isExchangeSymbol } from "../market/exchange-symbol";
import { DAY_MS, isTimeframe, maxLookbackDays, timeframeInfo, timeframeSchema } from "../market/timeframes";
import { createChatModel } from "../models/create-chat-model";
import { type ApiKeyValidation, validateApiKey } from "../models/validate-api-key";
import type { Plugin, PluginDefinition } from "../plugins/define-plugin";
import { checkPluginSet, type PluginSummary, summarisePlugins } from "../plugins/plugin-set";
import { rateLimitedChatModel } from "../shared-state/rate-limited-chat-model";
import type { SharedRateLimiter } from "../shared-state/shared-rate-limiter";
import { sharedStateFor } from "../shared-state/shared-state";
import type { AnalysisResult } from "./analysis-result";
import {
  type AnalyzeOptions,
  type AnalyzeRequest,
  analyzeRequestSchema,
  type ParsedAnalyzeRequest,
} from "./analyze-request";
import { entryFromFailure, entryFromResult } from "./journal-recording";
import { loadCandles, loadWindow } from "./load-candles";
import type { LoadedCandles } from "./loaded-candles";
import { createPipelineJournal, databaseUrlOf, passwordOf, type PipelineJournal } from "./pipeline-journal";
import { replayLesson } from "./replay-lesson";
import { runAnalysis } from "./run-analysis";
import { createRunTrace, type RunTrace } from "./run-trace";

export interface PipelineDependencies {
  /** Where keys and base URLs are looked up; default process.env. Read, never written. */
  env?: Env;
  /** The fetch used for market data (a proxy-aware fetch, a recorder); default the global fetch. */
  fetch?: typeof fetch;
  /** A chart renderer to share; by default the pipeline launches its own on first use and closes it in close(). */
  renderer?: ChartRenderer;
  /**
   * The journal's database, to share with other parts of the process (its owner closes it); by default the pipeline
   * opens its own (SQLite in data_dir, or PostgreSQL at database_url) on first use and closes it in close().
   */
  database?: DatabaseHandle;
  /**
   * Custom-asset store; by default the file in config.data_dir, or with a PostgreSQL database the database, where
   * every server and worker on it shares the list.
   */
  assetStore?: CustomAssetStore;
  /**
   * Wraps each model after it is built (a cache, a recorder). With a PostgreSQL database the model it is given is
   * already under the shared rate limit of its provider key (config `rate_limits`).
   */
  wrapChatModel?: (model: ChatModel, role: ModelRole) => ChatModel;
  /** Plugins (definePlugin): extra indicator tools, analysts and data sources. Checked when the pipeline is made. */
  plugins?: readonly (Plugin | PluginDefinition)[];
  now?: () => Date;
}

/** A role's model, or why there is none (no key yet: a pipeline, and the server, can start before a key is set). */
type ModelSlot = { ok: true; model: ChatModel } | { ok: false; missing: Error };

const apiKeyInputSchema = z
  .string({ error: "the API key must be a string" })
  .trim()
  .min(1, { error: "the API key must not be empty", abort: true })
  .max(MAX_API_KEY_LENGTH, { error: `the API key is longer than ${MAX_API_KEY_LENGTH} characters`, abort: true })
  .refine((key) => key !== PLACEHOLDER_API_KEY, 'the API key is the placeholder "sk-"; paste your real key')
  .refine((key) => /^[\x21-\x7e]+$/.test(key), "the API key must not contain spaces or non-ASCII characters");

export class Pipeline {
  readonly #env: Env;
  readonly #dependencies: PipelineDependencies;
  readonly #assetStore: CustomAssetStore;
  readonly #database: DatabaseHandle;
  readonly #rateLimiter: SharedRateLimiter | undefined;
  readonly #plugins: readonly Plugin[];
  readonly #journal: PipelineJournal & { close(): Promise<void> };
  readonly #redactor: SecretRedactor;
  #config: Readonly<Config>;
  #models: Readonly<Record<ModelRole, ModelSlot>>;
  #renderer: ChartRenderer | undefined;

  constructor(config: ConfigInput = {}, dependencies: PipelineDependencies = {}) {
    this.#env = dependencies.env ?? process.env;
    this.#dependencies = dependencies;
    this.#renderer = dependencies.renderer;
    this.#plugins = Object.freeze(checkPluginSet(dependencies.plugins ?? []));
    // The environment's provider switch (QUANTAGENT_PROVIDER) applies to the first record only: updateProvider() wins later.
    const initial = applyProviderSwitch(createConfig(config), this.#env);
    this.#database =
      dependencies.database ??
      createDatabaseHandle({ dataDir: initial.data_dir, databaseUrl: databaseUrlOf(initial, this.#env) });
    const shared = sharedStateFor({ dataDir: initial.data_dir, database: this.#database });
    this.#rateLimiter = shared.rateLimiter;
    this.#assetStore = dependencies.assetStore ?? shared.assetStore;
    const installed = this.#build(initial);
    this.#config = installed.config;
    this.#models = installed.models;
    this.#redactor = createSecretRedactor(() => this.secretValues());
    this.#journal = createPipelineJournal({
      database: this.#database,
      fetchLaterBars: (request) => this.#laterBars(request),
      reflectionModel: () => this.model("graph"),
      redact: (value) => this.#redactor.redactValue(value),
    });
  }

  /** The analysis journal: every analysis this pipeline runs is recorded there (unless the config's journal is false). */
  get journal(): PipelineJournal {
    return this.#journal;
  }

  /** The config record in use (frozen). Change it with configure(). */
  get config(): Readonly<Config> {
    return this.#config;
  }

  /**
   * Installs a new config record: `changes` over the current one, validated, with both models rebuilt from it.
   * Throws ConfigError naming the bad field, and then nothing changes. data_dir is fixed for a pipeline's life.
   */
  configure(changes: ConfigInput): Readonly<Config> {
    const next = createConfig({ ...this.#config, ...changes });
    if (next.data_dir !== this.#config.data_dir) {
      throw new ConfigError({
        message:
          "Invalid configuration: data_dir cannot change once a pipeline is created; create a new pipeline instead",
      });
    }
    const installed = this.#build(next);
    this.#config = installed.config;
    this.#models = installed.models;
    return this.#config;
  }

  /** The plugins taking part in this pipeline's analyses, with their versions. */
  get plugins(): PluginSummary[] {
    return summarisePlugins(this.#plugins);
  }

  /** The model for a role, or the reason there is none (a missing key). */
  model(role: ModelRole): ChatModel {
    const slot = this.#models[role];
    if (!slot.ok) throw slot.missing;
    return slot.model;
  }

  /** Sets the provider's key in the config (not in the environment) and rebuilds both models at once. */
  updateApiKey(key: string, options: { provider?: ProviderId } = {}): ApiKeyStatus {
    const provider = parseProvider(options.provider ?? "openai");
    if (!isRemoteProvider(provider))
      throw new InputError({ message: "The demo provider needs no API key: choose another provider to set one." });
    const parsed = apiKeyInputSchema.safeParse(key);
    if (!parsed.success) throw InputError.fromZod(parsed.error);
    this.configure({ [providerInfo(provider).keyField]: parsed.data });
    return this.apiKeyStatus(provider);
  }

  apiKeyStatus(provider: ProviderId): ApiKeyStatus {
    return apiKeyStatus(this.#config, parseProvider(provider), this.#env);
  }

  /**
   * Every key this pipeline could send (each provider's config field and env var, placeholder excluded) and the
   * journal database's password. For removing them by value from answers, logs and stored records (the server adds
   * its access token).
   */
  secretValues(): string[] {
    const keys = remoteProviderIds.flatMap((provider) => {
      const info = providerInfo(provider);
      return [this.#config[info.keyField], this.#env[info.keyEnvVar]].filter(
        (value): value is string =>
          typeof value === "string" && value.trim() !== "" && value.trim() !== PLACEHOLDER_API_KEY,
      );
    });
    const databasePassword = passwordOf(databaseUrlOf(this.#config, this.#env));
    return databasePassword ? [...keys, databasePassword] : keys;
  }

  /** One cheap real request to the provider; never throws for provider failures. */
  validateApiKey(provider: ProviderId, options: { signal?: AbortSignal } = {}): Promise<ApiKeyValidation> {
    return validateApiKey({
      config: this.#config,
      provider: parseProvider(provider),
      env: this.#env,
      signal: options.signal,
    });
  }

  /** Moves both roles to the provider; model names without its prefix become its defaults. */
  updateProvider(provider: ProviderId): ModelSelection {
    return modelSelection(this.configure(switchProvider(this.#config, parseProvider(provider))));
  }

  modelSelection(): ModelSelection {
    return modelSelection(this.#config);
  }

  /** With `symbol`, an exchange symbol's longer reach (ccxt-source.ts) is the limit; else the timeframe's (Yahoo's). */
  validateDateRange(request: DateRangeRequest & { symbol?: string }): DateRangeValidation {
    const { symbol, ...range } = request;
    const maxDays =
      symbol !== undefined && isExchangeSymbol(symbol) && isTimeframe(range.timeframe)
        ? exchangeLookbackDays(range.timeframe)
        : undefined;
    return validateDateRange(range, { now: this.#dependencies.now?.(), ...(maxDays ? { maxDays } : {}) });
  }

  saveCustomAsset(symbol: string, options: { signal?: AbortSignal } = {}): Promise<{ symbol: string; added: boolean }> {
    return this.#assetStore.save(symbol, options);
  }

  /** `removed: false` when the symbol was not in the list; `symbol` is then the stored spelling. */
  removeCustomAsset(
    symbol: string,
    options: { signal?: AbortSignal } = {},
  ): Promise<{ symbol: string; removed: boolean }> {
    return this.#assetStore.remove(symbol, options);
  }

  listCustomAssets(options: { signal?: AbortSignal } = {}): Promise<string[]> {
    return this.#assetStore.list(options);
  }

  listAssets(options: { signal?: AbortSignal } = {}): Promise<AssetEntry[]> {
    return listAssets(this.#assetStore, options);
  }

  /**
   * The candles an analysis of this request would use, before the window is cut: a fetched range that holds fewer
   * bars than the window reaches back before its start, as analyze() does.
   */
  fetchCandles(request: AnalyzeRequest, options: { signal?: AbortSignal } = {}): Promise<LoadedCandles> {
    return loadCandles(parseAnalyzeRequest(request), {
      ...this.#loadOptions(options.signal),
      bars: this.#config.window_bars,
    });
  }

  /**
   * Runs one analysis and records it in the journal (the result then carries its journal `id`). A run that fails or
   * is cancelled once it has reached the models is recorded too, with its error and what it spent; one that ends
   * before its first model call (no data, an invalid request) spent nothing, is no analysis, and is not recorded.
   * `source` says who asked: default "notebook".
   */
  async analyze(request: AnalyzeRequest, options: AnalyzeOptions = {}): Promise<AnalysisResult> {
    options.signal?.throwIfAborted();
    const parsed = parseAnalyzeRequest(request);
    const config = this.#config;
    const source = options.source ?? "notebook";
    const trace = createRunTrace();
    const recorded = config.journal && options.journal !== false;
    try {
      const { result: unscored, loaded } = await this.#run(parsed, options, trace);
      const result = withOutcome(unscored, loaded);
      if (!recorded) return result;
      return await this.#record(result, loaded, { source, request, memoryScope: options.memoryScope });
    } catch (error) {
      const journalFailure = QuantAgentError.isInstance(error) && error.code.startsWith("journal_");
      if (recorded && trace.callsStarted > 0 && !journalFailure) {
        const entry = entryFromFailure(error, {
          source,
          request,
          config,
          promptVersion: PROMPT_VERSION,
          plugins: this.plugins,
          trace,
          ...(options.signal?.aborted ? { cancelledBy: options.signal.reason ?? "cancelled" } : {}),
          stages: normaliseStages(parsed.stages ?? config.stages),
          env: this.#env,
        });
        // The caller's own text (a CSV's name, a symbol) is kept as sent: see secret-redactor.ts.
        const spare = callerTexts(request);
        await this.#journal.record(this.#redactor.redactValue(entry, { spare })).catch(() => undefined);
      }
      throw error;
    }
  }

  /**
   * Records a finished analysis. A journal that fails here does not fail the analysis: the result is complete and
   * paid for, so it is answered with `journalError` saying why it has no id.
   */
  async #record(
    result: AnalysisResult,
    loaded: LoadedCandles,
    context: { source: JournalSource; request: AnalyzeRequest; memoryScope?: string },
  ): Promise<AnalysisResult> {
    let id: string | undefined;
    try {
      id = (
        await this.#journal.record(
          this.#redactor.redactValue(
            entryFromResult(result, {
              source: context.source,
              request: context.request,
              promptVersion: result.promptVersion,
            }),
            { spare: callerTexts(context.request), binary: new Set([result.charts.pattern, result.charts.trend]) },
          ),
        )
      ).id;
      // The caller's bars after the window (a CSV with `end`): the outcome is known at once, and with memory on
      // so is the lesson about it.
      if (loaded.laterCandles.length > 0) await this.#journal.recordOutcome(id, loaded.laterCandles);
      const lesson = replayLesson(result, id, context.memoryScope);
      // A lesson is model text: a key the model echoed is removed before it is stored, as from every record.
      if (lesson) await this.#journal.saveLesson(this.#redactor.redactValue(lesson));
      return { ...result, id };
    } catch (error) {
      const code = QuantAgentError.isInstance(error) ? error.code : "internal";
      const message = this.#redactor.redact(`The analysis was not recorded in the journal: ${describeError(error)}`);
      return { ...result, ...(id === undefined ? {} : { id }), journalError: { code, message } };
    }
  }

  async #run(
    parsed: ParsedAnalyzeRequest,
    options: AnalyzeOptions,
    trace: RunTrace,
  ): Promise<{ result: AnalysisResult; loaded: LoadedCandles }> {
    const config = this.#config;
    const stages = parsed.stages ?? config.stages;
    if (stages.memory && !config.journal) throw memoryWithoutJournal();
    const blind = parsed.blind ?? config.blind;
    if (stages.memory && blind) throw memoryWhileBlind();
    // Keys are checked before any data is fetched: a missing key should not cost a download first.
    const models = { agent: this.model("agent"), graph: this.model("graph") };
    const { loaded, window, durationMs, requestedStart } = await loadWindow(parsed, {
      ...this.#loadOptions(options.signal),
      bars: config.window_bars,
      onEvent: options.onEvent,
    });
    trace.window = { asset: loaded.asset, symbol: loaded.symbol, candles: window, requestedStart };
    const result = await runAnalysis({
      asset: loaded.asset,
      assetName: loaded.assetName,
      symbol: loaded.symbol,
      timeframe: parsed.timeframe,
      candles: window,
      requestedStart,
      models,
      renderer: this.renderer(),
      chartDispatch: config.chart_dispatch,
      indicatorMode: parsed.indicator_mode ?? config.indicator_mode,
      agents: parsed.agents ?? config.agents,
      horizonBars: config.decision_horizon_bars,
      decisionSamples: parsed.samples ?? config.decision_samples,
      plugins: this.#plugins,
      pluginTimeoutMs: config.plugin_timeout_ms,
      signal: options.signal,
      onEvent: options.onEvent,
      onModelCall: trace,
      schedule: options.schedule,
      timings: { data: durationMs },
      blind,
      stages,
      recallLessons: (query) => this.#journal.recallLessons(query),
      memoryScope: options.memoryScope,
      laterCandles: loaded.laterCandles,
    });
    return { result, loaded };
  }

  /** The bars after an analysis's entry bar, from this pipeline's market data, for scoring its outcome. */
  async #laterBars(request: LaterBarsRequest): Promise<Candle[]> {
    const timeframe = timeframeSchema.parse(request.timeframe);
    const start = new Date(request.after);
    const now = this.#dependencies.now?.() ?? new Date();
    // Enough calendar time for a few bars past nights, weekends and holidays, within the timeframe's lookback.
    const span = Math.min(
      maxLookbackDays(timeframe) * DAY_MS,
      Math.max(14 * DAY_MS, 20 * (timeframeInfo(timeframe).barMs ?? 31 * DAY_MS)),
    );
    const end = new Date(Math.min(now.getTime(), start.getTime() + span));
    // The range as asked, not reaching back to fill a window as fetchCandles() does: only the later bars are wanted.
    const loaded = await loadCandles(
      parseAnalyzeRequest({ symbol: request.symbol, timeframe, start, end }),
      this.#loadOptions(request.signal),
    );
    return loaded.candles;
  }

  /** The chart renderer, launched on first use. */
  renderer(): ChartRenderer {
    this.#renderer ??= createChartRenderer();
    return this.#renderer;
  }

  /** Closes the chart renderer this pipeline launched (a shared one is left to its owner). */
  async close(): Promise<void> {
    if (this.#renderer && this.#renderer !== this.#dependencies.renderer) await this.#renderer.close();
    this.#renderer = undefined;
    await this.#journal.close();
    if (this.#database !== this.#dependencies.database) await this.#database.close();
  }

  /** The config frozen, and both models built from it; a ConfigError (a bad model name) throws before anything changes. */
  #build(config: Config): { config: Readonly<Config>; models: Readonly<Record<ModelRole, ModelSlot>> } {
    const frozen = Object.freeze({ ...config });
    // Read once per record: a RATE_LIMITS the pipeline cannot read is a ConfigError before anything is built.
    const limits = this.#rateLimiter ? resolveRateLimits(frozen, this.#env) : {};
    const build = (role: ModelRole): ModelSlot => {
      try {
        const built = createChatModel({ config: frozen, role, env: this.#env });
        const model = this.#rateLimiter
          ? rateLimitedChatModel(built, { limiter: this.#rateLimiter, limits, config: frozen, env: this.#env })
          : built;
        return { ok: true, model: this.#dependencies.wrapChatModel?.(model, role) ?? model };
      } catch (error) {
        if (error instanceof ConfigError) throw error;
        return { ok: false, missing: error as Error };
      }
    };
    return { config: frozen, models: Object.freeze({ agent: build("agent"), graph: build("graph") }) };
  }

  #loadOptions(signal: AbortSignal | undefined) {
    return {
      fetch: this.#dependencies.fetch,
      timeoutMs: this.#config.market_data_timeout_ms,
      signal,
      now: this.#dependencies.now,
      plugins: this.#plugins,
      pluginTimeoutMs: this.#config.plugin_timeout_ms,
    };
  }
}

/** The result with its outcome when the data held bars after the window (a sample window, a CSV with `end`). */
function withOutcome(result: AnalysisResult, loaded: LoadedCandles): AnalysisResult {
  const last = result.candles[result.candles.length - 1];
  if (loaded.laterCandles.length === 0 || last === undefined) return result;
  const outcome = scoreOutcome({
    directive: result.decision.decision,
    entryClose: last.close,
    laterCloses: closesAfter(new Date(last.time).toISOString(), loaded.laterCandles),
  });
  return outcome === null ? result : { ...result, outcome };
}

export function createPipeline(config: ConfigInput = {}, dependencies: PipelineDependencies = {}): Pipeline {
  return new Pipeline(config, dependencies);
}

function parseProvider(provider: unknown): ProviderId {
  const parsed = providerIdSchema.safeParse(provider);
  if (!parsed.success) throw InputError.fromZod(parsed.error);
  return parsed.data;
}

function parseAnalyzeRequest(request: unknown): ParsedAnalyzeRequest {
  const parsed = analyzeRequestSchema.safeParse(request);
  if (!parsed.success) throw InputError.fromZod(parsed.error, "Invalid analysis request");
  return parsed.data;
}
