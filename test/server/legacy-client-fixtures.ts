// What the replaced system's web page (its templates/demo_new.html) sends and reads, written out for contract tests.
// The request bodies are the ones its scripts build, field for field; the read fields are the ones its scripts and
// its output page (templates/output.html) take from each answer. Dates are relative to the clock, as a user's are.

const DAY = 86_400_000;

/** YYYY-MM-DD of a UTC instant, as the page's date inputs give it. */
export function dateInput(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** runAnalysis(): the body it posts to /api/analyze (its dataSource is always 'live'). */
export function legacyAnalyzeBody(options: {
  asset: string;
  timeframe: string;
  days: number;
  useCurrentTime?: boolean;
}) {
  const now = Date.now();
  return {
    data_source: "live",
    asset: options.asset,
    timeframe: options.timeframe,
    start_date: dateInput(now - options.days * DAY),
    start_time: "00:00",
    end_date: dateInput(now - DAY),
    end_time: "23:59",
    use_current_time: options.useCurrentTime ?? false,
    redirect_to_output: true,
  };
}

/** updateProvider(): {provider}; reads data.success, else data.error. */
export const legacyUpdateProviderBody = (provider: string) => ({ provider });

/** updateApiKey(): {api_key, provider}; reads data.success, else data.error. */
export const legacyUpdateApiKeyBody = (apiKey: string, provider: string) => ({ api_key: apiKey, provider });

/** The custom-asset form and its best-effort save: {symbol}; reads resp.success. */
export const legacySaveCustomAssetBody = (symbol: string) => ({ symbol });

/** The fields each answer is read for by the old page's scripts. */
export const LEGACY_READS = {
  analyze: ["redirect", "full_results"],
  analyzeError: ["error"],
  updateProvider: ["success"],
  updateApiKey: ["success"],
  saveCustomAsset: ["success"],
  apiKeyStatus: ["has_key", "masked_key"],
  customAssets: ["custom_assets"],
} as const;

/** What the old output page reads from the `results` JSON of its link (charts: from sessionStorage). */
export const OUTPUT_PAGE_READS = [
  "data_length",
  "timeframe",
  "asset_name",
  "final_decision",
  "technical_indicators",
  "pattern_analysis",
  "trend_analysis",
  "pattern_chart",
  "trend_chart",
] as const;
export const OUTPUT_PAGE_DECISION_READS = [
  "decision",
  "forecast_horizon",
  "risk_reward_ratio",
  "justification",
] as const;
