// The data step of an analysis: candles from a plugin's source, a crypto exchange (exchange:BASE/QUOTE, through ccxt)
// or Yahoo (asset or symbol), from CSV text, or as given; then the window.
import { InputError } from "../common/input-error";
import { InternalError } from "../common/quantagent-error";
import { findBuiltInAsset } from "../market/assets";
import { assertBarSpacing } from "../market/bar-spacing";
import type { Candle } from "../market/candle";
import { exchangeLookbackDays, fetchExchangeCandles } from "../market/ccxt-source";
import { parseCsvAsync } from "../market/csv-source";
import { type CandleFetchOptions, resolveDateRange } from "../market/date-range";
import { isExchangeSymbol } from "../market/exchange-symbol";
import { toEpochMs } from "../market/parse-timestamp";
import { windowFetchStart } from "../market/window-fetch-range";
import { fetchYahooCandles } from "../market/yahoo-source";
import type { Plugin } from "../plugins/define-plugin";
import { fetchFromPluginSource } from "../plugins/plugin-parts";
import { MAX_INPUT_BARS, type ParsedAnalyzeRequest } from "./analyze-request";
import type { LoadedCandles } from "./loaded-candles";
import type { ProgressListener } from "./progress-events";
import { loadSampleWindow } from "./sample-data";

/** Bars of a sample window an analysis sees when the caller names no window length: the config's default. */
const DEFAULT_SAMPLE_BARS = 45;

export const MIN_ANALYSIS_BARS = 35;

/** Where the too few bars came from: a fetched date range, or the caller's own data (which has no range to widen). */
export type BarsSource = "range" | "csv" | "candles" | "sample";

/** What to do about too few bars, in the terms of where they came from. */
function moreBarsAdvice(source: BarsSource): string {
  switch (source) {
    case "range":
      return "Choose a longer date range or a shorter timeframe.";
    case "csv":
      return `The CSV file holds only those (up to its end, when one is given): use a file with at least ${MIN_ANALYSIS_BARS} bars of this timeframe.`;
    case "candles":
      return `Pass at least ${MIN_ANALYSIS_BARS} candles (up to the end, when one is given).`;
    case "sample":
      return `Give the analysis a window of at least ${MIN_ANALYSIS_BARS} bars (window_bars).`;
    default: {
      const exhaustive: never = source;
      return exhaustive;
    }
  }
}

export class NotEnoughDataError extends InputError {
  override name = "NotEnoughDataError";
  readonly bars: number;
  constructor(options: { bars: number; source?: BarsSource }) {
    const source = options.source ?? "range";
    super({
      code: "not_enough_data",
      message: `Not enough data: ${options.bars} bars, at least ${MIN_ANALYSIS_BARS} needed. ${moreBarsAdvice(source)}`,
      details: { bars: options.bars, minimum: MIN_ANALYSIS_BARS, source },
    });
    this.bars = options.bars;
  }
}

/** The caller's bars split at `end` (inclusive): before for the window, after for the outcome. */
function splitAtEnd(candles: Candle[], end: unknown): { candles: Candle[]; laterCandles: Candle[] } {
  if (end === undefined) return { candles, laterCandles: [] };
  const endMs = toEpochMs(end);
  if (endMs === undefined)
    throw new InputError({
      message: "Invalid end: use an ISO date such as 2024-01-31T14:30:00Z, or epoch milliseconds.",
    });
  return {
    candles: candles.filter((candle) => candle.time <= endMs),
    laterCandles: candles.filter((candle) => candle.time > endMs),
  };
}

export interface LoadCandlesOptions {
  /**
   * The analysis window's length: a fetched range that holds fewer bars reaches back before its start to fill it
   * (window-fetch-range.ts). Without it the requested range is fetched as it is.
   */
  bars?: number;
  fetch?: typeof fetch;
  timeoutMs: number;
  signal?: AbortSignal;
  now?: () => Date;
  /** Plugins whose data sources are asked before Yahoo for the symbols they match. */
  plugins?: readonly Plugin[];
  pluginTimeoutMs?: number;
}

/**
 * Bars that need no market: the caller's own (candles or CSV text), read and checked at once (sorted, no repeated
 * times, spaced as the timeframe says), or a sample window shipped with the package, cut at `bars`. Undefined for
 * requests whose data must be fetched.
 */
export async function loadLocalCandles(
  request: ParsedAnalyzeRequest,
  options: { bars?: number; signal?: AbortSignal } = {},
): Promise<LoadedCandles | undefined> {
  switch (request.source) {
    case "candles": {
      const name = request.name ?? "Custom data";
      const candles = ascending(request.candles);
      assertBarSpacing(candles, request.timeframe, "the candles");
      return { asset: name, assetName: name, symbol: name, ...splitAtEnd(candles, request.end) };
    }
    case "csv": {
      const name = request.name ?? "Uploaded CSV";
      const candles = await parseCsvAsync(request.csv, { name, maxRows: MAX_INPUT_BARS, signal: options.signal });
      assertBarSpacing(candles, request.timeframe, "the CSV");
      return { asset: name, assetName: name, symbol: name, ...splitAtEnd(candles, request.end) };
    }
    case "sample":
      return loadSampleWindow(request.sample, { bars: options.bars ?? DEFAULT_SAMPLE_BARS, signal: options.signal });
    case "asset":
    case "symbol":
      return undefined;
    default: {
      const exhaustive: never = request;
      return exhaustive;
    }
  }
}

export async function loadCandles(request: ParsedAnalyzeRequest, options: LoadCandlesOptions): Promise<LoadedCandles> {
  if (request.source !== "asset" && request.source !== "symbol") {
    const local = await loadLocalCandles(request, options);
    if (!local) throw new InternalError({ message: `No local data for a ${request.source} request` });
    return local;
  }
  const code = request.source === "asset" ? request.asset : request.symbol;
  const builtIn = request.source === "asset" ? findBuiltInAsset(code) : undefined;
  const range = resolveDateRange(
    { timeframe: request.timeframe, start: request.start, end: request.end },
    { now: options.now?.(), ...lookbackOf(code, request.timeframe) },
  );
  // One fetch from a start early enough to fill the window (window-fetch-range.ts), from a plugin's source, an
  // exchange or Yahoo.
  const start = options.bars === undefined ? range.start : windowFetchStart({ ...range, bars: options.bars });
  const fromPlugin = await fetchFromPluginSource(
    options.plugins ?? [],
    { symbol: code, timeframe: request.timeframe, start, end: range.end },
    { timeoutMs: options.pluginTimeoutMs ?? 60_000, signal: options.signal ?? new AbortController().signal },
  );
  if (fromPlugin)
    return {
      asset: builtIn?.code ?? code,
      assetName: builtIn?.name ?? code,
      symbol: code,
      candles: fromPlugin.candles,
      laterCandles: [],
    };
  const fetchOptions: CandleFetchOptions = {
    timeframe: request.timeframe,
    start,
    end: range.end,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
  };
  if (isExchangeSymbol(code)) {
    const fromExchange = await fetchExchangeCandles({ symbol: code, ...fetchOptions });
    return {
      asset: fromExchange.symbol,
      assetName: fromExchange.symbol,
      symbol: fromExchange.symbol,
      candles: fromExchange.candles,
      laterCandles: [],
    };
  }
  // fetchYahooCandles maps built-in codes to their tickers.
  const fetched = await fetchYahooCandles({ symbol: code, ...fetchOptions, now: options.now?.() });
  return {
    asset: builtIn?.code ?? code,
    assetName: builtIn?.name ?? code,
    symbol: fetched.ticker,
    candles: fetched.candles,
    laterCandles: [],
  };
}

/** An exchange keeps far more history than Yahoo: its symbols may ask for longer ranges (ccxt-source.ts). */
function lookbackOf(code: string, timeframe: ParsedAnalyzeRequest["timeframe"]): { maxDays?: number } {
  return isExchangeSymbol(code) ? { maxDays: exchangeLookbackDays(timeframe) } : {};
}

/**
 * The data step of an analysis, reported as a step: the candles, then the window of the last `bars`.
 * `requestedStart` (ISO) is set when a fetched range held fewer bars than the window and the window reaches back
 * before the requested start to fill it.
 */
export async function loadWindow(
  request: ParsedAnalyzeRequest,
  options: LoadCandlesOptions & { bars: number; onEvent?: ProgressListener },
): Promise<{ loaded: LoadedCandles; window: Candle[]; durationMs: number; requestedStart?: string }> {
  const emit = options.onEvent ?? (() => {});
  // Whatever can be refused without a download is refused before the data step starts: a date range the market
  // source would refuse, the caller's own bars that do not parse, do not fit the timeframe or are too few, a sample
  // window that does not exist. No event has been sent, so a server can still answer them as a plain 400 rather
  // than inside a started event stream.
  const requestedStartMs =
    request.source === "asset" || request.source === "symbol"
      ? resolveDateRange(
          { timeframe: request.timeframe, start: request.start, end: request.end },
          {
            now: options.now?.(),
            ...lookbackOf(request.source === "asset" ? request.asset : request.symbol, request.timeframe),
          },
        ).start.getTime()
      : undefined;
  const local = await loadLocalCandles(request, options);
  const source: BarsSource = request.source === "asset" || request.source === "symbol" ? "range" : request.source;
  if (local) analysisWindow(local.candles, options.bars, source);
  const started = performance.now();
  emit({ type: "step-start", step: "data", at: Date.now() });
  try {
    const loaded = local ?? (await loadCandles(request, options));
    const window = analysisWindow(loaded.candles, options.bars, source);
    const durationMs = performance.now() - started;
    emit({ type: "step-end", step: "data", at: Date.now(), durationMs, usage: { inputTokens: 0, outputTokens: 0 } });
    const filled = requestedStartMs !== undefined && (window[0]?.time ?? requestedStartMs) < requestedStartMs;
    return {
      loaded,
      window,
      durationMs,
      ...(filled ? { requestedStart: new Date(requestedStartMs).toISOString() } : {}),
    };
  } catch (error) {
    emit({
      type: "step-error",
      step: "data",
      at: Date.now(),
      durationMs: performance.now() - started,
      error: (error as Error).message,
    });
    throw error;
  }
}

/**
 * The last `bars` candles; fewer than 35 usable bars is an error. A fetched range was already extended backwards to
 * hold the window, so this error means even the extended range was short (a new listing, a closed market).
 */
export function analysisWindow(candles: readonly Candle[], bars: number, source: BarsSource = "range"): Candle[] {
  if (candles.length < MIN_ANALYSIS_BARS) throw new NotEnoughDataError({ bars: candles.length, source });
  return candles.slice(-bars);
}

function ascending(candles: readonly Candle[]): Candle[] {
  const sorted = [...candles].sort((a, b) => a.time - b.time);
  let previous: Candle | undefined;
  for (const candle of sorted) {
    if (candle.time === previous?.time) {
      throw new InputError({
        message: `Invalid candles: two candles share the time ${new Date(candle.time).toISOString()}`,
      });
    }
    previous = candle;
  }
  return sorted;
}
