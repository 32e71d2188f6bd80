// @ts-check
// The JSON the server answers, as JSDoc types for the page's modules. Generated from the zod schemas in src/wire/
// by scripts/wire-types.ts (`npm run wire:types`); a test fails when this file is stale. Do not edit.

/**
 * GET /api/page-config: what the page knows of the library.
 * @typedef {{
 *   providers: {
 *     id: "openai" | "anthropic" | "qwen" | "demo";
 *     name: string;
 *     key_env_var: string | null;
 *     default_agent_model: string;
 *     default_graph_model: string;
 *   }[];
 *   symbol: {
 *     pattern: string;
 *     max_length: number;
 *   };
 *   bars: {
 *     minimum: number;
 *     pattern_chart: number;
 *   };
 *   csv: {
 *     max_characters: number;
 *   };
 *   steps: {
 *     id: "data" | "charts" | "indicator" | "pattern" | "trend" | "decision";
 *     label: string;
 *     detail: string;
 *   }[];
 *   stages: {
 *     max_lessons: number;
 *     max_rounds: number;
 *     steps: Record<"memory" | "bull" | "bear" | "risk" | "reflection", {
 *         label: string;
 *         detail: string;
 *       }>;
 *   };
 *   indicators: {
 *     key: string;
 *     label: string;
 *   }[];
 *   decisions: string[];
 *   timeframes: {
 *     timeframe: string;
 *     max_days: number;
 *     interval: string;
 *     aggregated: boolean;
 *     bar_seconds: number | null;
 *   }[];
 *   chart_palette: {
 *     up_candle: string;
 *     down_candle: string;
 *     close_support: string;
 *     close_resistance: string;
 *     low_support: string;
 *     high_resistance: string;
 *   };
 * }} PageConfig
 */

/**
 * a provider of the page config.
 * @typedef {PageConfig["providers"][number]} ProviderEntry
 */

/**
 * a pipeline step of the page config.
 * @typedef {PageConfig["steps"][number]} StepEntry
 */

/**
 * the optional stages' limits and labels.
 * @typedef {PageConfig["stages"]} StagesConfig
 */

/**
 * the agents' chart colours.
 * @typedef {PageConfig["chart_palette"]} ChartPalette
 */

/**
 * a timeframe's lookback limit.
 * @typedef {{
 *   timeframe: string;
 *   max_days: number;
 *   interval: string;
 *   aggregated: boolean;
 *   bar_seconds: number | null;
 * }} TimeframeLimit
 */

/**
 * POST /api/analyze: an analysis's result.
 * @typedef {{
 *   id?: string;
 *   journal_error?: {
 *     code: string;
 *     message: string;
 *   };
 *   prompt_version: string;
 *   blind?: boolean;
 *   indicator_mode?: "direct" | "tool-call";
 *   agents?: "team" | "single";
 *   asset: string;
 *   asset_name: string;
 *   symbol: string;
 *   timeframe: string;
 *   data_length: number;
 *   window: {
 *     start: string;
 *     end: string;
 *     requested_start?: string;
 *   };
 *   technical_indicators: string;
 *   pattern_analysis: string;
 *   trend_analysis: string;
 *   analyst_reports: Record<string, string>;
 *   plugins: {
 *     name: string;
 *     version: string;
 *   }[];
 *   stages: {
 *     memory?: {
 *       lessons: number;
 *     };
 *     debate?: {
 *       rounds: number;
 *     };
 *     risk?: {};
 *   };
 *   debate?: {
 *     side: "bull" | "bear";
 *     round: number;
 *     text: string;
 *   }[];
 *   risk?: {
 *     stop_loss: number;
 *     take_profit: number;
 *     size: number;
 *     basis: string;
 *     atr: number;
 *   } | {
 *     stop_loss: null;
 *     take_profit: null;
 *     size: null;
 *     reason: string;
 *     atr: number | null;
 *   };
 *   memory?: {
 *     recalled: {
 *       analysis_id: string;
 *       window_end: string;
 *       decision: "LONG" | "SHORT";
 *       outcome_bar_time: string;
 *       outcome: {
 *         bars: number;
 *         hit: boolean;
 *         return: number;
 *       }[] | null;
 *       text: string;
 *     }[];
 *     lesson?: string;
 *   };
 *   pattern_chart: string;
 *   trend_chart: string;
 *   final_decision: {
 *     forecast_horizon: string;
 *     decision: "LONG" | "SHORT";
 *     justification: string;
 *     risk_reward_ratio: number;
 *     confidence?: number;
 *     votes?: {
 *       LONG: number;
 *       SHORT: number;
 *     };
 *     agreement?: number;
 *   };
 *   indicator_values: Record<string, number | null>;
 *   trendlines: {
 *     close_support: number;
 *     close_resistance: number;
 *     support_slope: number;
 *     resistance_slope: number;
 *     low_support: number;
 *     high_resistance: number;
 *     last_close: number;
 *   };
 *   trendline_equations: {
 *     close_support: {
 *       slope: number;
 *       intercept: number;
 *     };
 *     close_resistance: {
 *       slope: number;
 *       intercept: number;
 *     };
 *     low_support: {
 *       slope: number;
 *       intercept: number;
 *     };
 *     high_resistance: {
 *       slope: number;
 *       intercept: number;
 *     };
 *   };
 *   candles: {
 *     time: number;
 *     open: number;
 *     high: number;
 *     low: number;
 *     close: number;
 *     volume: number;
 *   }[];
 *   timings_ms: Record<string, number>;
 *   usage: {
 *     calls: {
 *       step: string;
 *       role: string;
 *       provider: string;
 *       model: string;
 *       input_tokens: number;
 *       output_tokens: number;
 *       duration_ms: number;
 *     }[];
 *     calls_per_step: Record<string, number>;
 *     total: {
 *       input_tokens: number;
 *       output_tokens: number;
 *     };
 *   };
 *   models: {
 *     agent: {
 *       provider: string;
 *       model: string;
 *       temperature: number;
 *     };
 *     graph: {
 *       provider: string;
 *       model: string;
 *       temperature: number;
 *     };
 *   };
 *   demo?: boolean;
 *   notice?: string;
 *   warnings?: string[];
 *   outcome?: {
 *     bars: 1 | 3;
 *     hit: boolean;
 *     return: number;
 *   }[] | null;
 * }} AnalysisResult
 */

/**
 * the bars a result analysed.
 * @typedef {AnalysisResult["window"]} AnalysisWindow
 */

/**
 * the optional stages that ran.
 * @typedef {AnalysisResult["stages"]} Stages
 */

/**
 * one turn of the debate.
 * @typedef {NonNullable<AnalysisResult["debate"]>[number]} DebateTurn
 */

/**
 * the risk stage's levels.
 * @typedef {NonNullable<AnalysisResult["risk"]>} RiskLevels
 */

/**
 * what the memory stage did.
 * @typedef {NonNullable<AnalysisResult["memory"]>} MemoryUse
 */

/**
 * a lesson memory recalled.
 * @typedef {MemoryUse["recalled"][number]} RecalledLesson
 */

/**
 * one bar.
 * @typedef {AnalysisResult["candles"][number]} Candle
 */

/**
 * the trend chart's lines.
 * @typedef {AnalysisResult["trendline_equations"]} TrendlineEquations
 */

/**
 * one line over bar indexes.
 * @typedef {TrendlineEquations["close_support"]} StraightLine
 */

/**
 * the Decision agent's answer.
 * @typedef {AnalysisResult["final_decision"]} DecisionRecord
 */

/**
 * tokens in and out.
 * @typedef {AnalysisResult["usage"]["total"]} TokenUsage
 */

/**
 * a model role's provider and model.
 * @typedef {AnalysisResult["models"]["agent"]} ModelUse
 */

/**
 * an event of the analysis's progress stream.
 * @typedef {{
 *   type: "step-start";
 *   step: string;
 *   at: number;
 * } | {
 *   type: "step-end";
 *   step: string;
 *   at: number;
 *   duration_ms: number;
 *   usage: {
 *     input_tokens: number;
 *     output_tokens: number;
 *   };
 * } | {
 *   type: "step-error";
 *   step: string;
 *   at: number;
 *   duration_ms: number;
 *   error: string;
 * } | {
 *   type: "chart-rendered";
 *   chart: string;
 *   at: number;
 *   duration_ms: number;
 *   bytes: number;
 * } | {
 *   type: "report-delta";
 *   step: string;
 *   text: string;
 * } | {
 *   type: "analysis-end";
 *   at: number;
 *   duration_ms: number;
 *   decision: string;
 * }} ProgressEvent
 */

/**
 * every error answer.
 * @typedef {{
 *   success: false;
 *   error: string;
 *   code: string;
 *   [key: string]: unknown;
 * }} ErrorBody
 */

/**
 * GET /api/get-api-key-status.
 * @typedef {{
 *   has_key: boolean;
 *   masked_key: string | null;
 *   needs_key: boolean;
 *   key_source: ("config" | "environment") | null;
 *   base_url: string | null;
 *   base_url_source: "config" | "environment" | "default";
 * }} KeyStatus
 */

/**
 * POST /api/validate-api-key.
 * @typedef {{
 *   valid: true;
 *   message: string;
 *   status: "valid";
 * } | {
 *   valid: false;
 *   error: string;
 *   code: string;
 *   status: "invalid" | "unreachable" | "unchecked";
 * }} KeyValidation
 */

/**
 * the provider and model of each role.
 * @typedef {{
 *   agent_llm_model: string;
 *   graph_llm_model: string;
 *   agent_llm_provider: "openai" | "anthropic" | "qwen" | "demo";
 *   graph_llm_provider: "openai" | "anthropic" | "qwen" | "demo";
 * }} ModelSelection
 */

/**
 * GET /api/sample-data.
 * @typedef {{
 *   timeframe: "4h";
 *   window_bars: number;
 *   assets: {
 *     asset: string;
 *     name: string;
 *     windows: number;
 *     dates: {
 *       window: number;
 *       first: string;
 *       last: string;
 *     }[];
 *   }[];
 * }} SampleData
 */

/**
 * GET /api/assets.
 * @typedef {{
 *   assets: {
 *     code: string;
 *     name: string;
 *     ticker: string;
 *     custom: boolean;
 *   }[];
 * }} AssetList
 */

/**
 * an asset of the list.
 * @typedef {AssetList["assets"][number]} AssetEntry
 */

/**
 * a history list entry.
 * @typedef {{
 *   id: string;
 *   created_at: string;
 *   source: string;
 *   asset: string;
 *   symbol: string;
 *   timeframe: string;
 *   window_end: string | null;
 *   bar_count: number;
 *   decision: ("LONG" | "SHORT") | null;
 *   risk_reward_ratio: number | null;
 *   models: {
 *     agent: {
 *       provider: string;
 *       model: string;
 *     };
 *     graph: {
 *       provider: string;
 *       model: string;
 *     };
 *   };
 *   prompt_version: string;
 *   blind: boolean;
 *   cost_usd: number | null;
 *   tokens: {
 *     input: number;
 *     output: number;
 *   };
 *   error: {
 *     code: string;
 *     message: string;
 *   } | null;
 *   status: "done" | "failed" | "cancelled";
 *   outcome: {
 *     bars: 1 | 3;
 *     hit: boolean;
 *     return: number;
 *   }[] | null;
 *   outcome_status: "scored" | "pending" | "no_later_bars" | "none";
 *   demo: boolean;
 * }} AnalysisSummary
 */

/**
 * an outcome, once scored.
 * @typedef {NonNullable<AnalysisSummary["outcome"]>[number]} OutcomeAtHorizon
 */

/**
 * GET /api/analyses.
 * @typedef {{
 *   analyses: {
 *     id: string;
 *     created_at: string;
 *     source: string;
 *     asset: string;
 *     symbol: string;
 *     timeframe: string;
 *     window_end: string | null;
 *     bar_count: number;
 *     decision: ("LONG" | "SHORT") | null;
 *     risk_reward_ratio: number | null;
 *     models: {
 *       agent: {
 *         provider: string;
 *         model: string;
 *       };
 *       graph: {
 *         provider: string;
 *         model: string;
 *       };
 *     };
 *     prompt_version: string;
 *     blind: boolean;
 *     cost_usd: number | null;
 *     tokens: {
 *       input: number;
 *       output: number;
 *     };
 *     error: {
 *       code: string;
 *       message: string;
 *     } | null;
 *     status: "done" | "failed" | "cancelled";
 *     outcome: {
 *       bars: 1 | 3;
 *       hit: boolean;
 *       return: number;
 *     }[] | null;
 *     outcome_status: "scored" | "pending" | "no_later_bars" | "none";
 *     demo: boolean;
 *   }[];
 *   next_cursor: string | null;
 * }} AnalysisPage
 */

/**
 * GET /api/analyses/<id>.
 * @typedef {{
 *   id: string;
 *   journal_error?: {
 *     code: string;
 *     message: string;
 *   };
 *   prompt_version: string;
 *   blind?: boolean;
 *   indicator_mode?: "direct" | "tool-call";
 *   agents?: "team" | "single";
 *   asset: string;
 *   asset_name: string;
 *   symbol: string;
 *   timeframe: string;
 *   data_length: number;
 *   window: {
 *     start: string;
 *     end: string;
 *     requested_start?: string;
 *   };
 *   technical_indicators: string;
 *   pattern_analysis: string;
 *   trend_analysis: string;
 *   analyst_reports: Record<string, string>;
 *   plugins: {
 *     name: string;
 *     version: string;
 *   }[];
 *   stages: {
 *     memory?: {
 *       lessons: number;
 *     };
 *     debate?: {
 *       rounds: number;
 *     };
 *     risk?: {};
 *   };
 *   debate?: {
 *     side: "bull" | "bear";
 *     round: number;
 *     text: string;
 *   }[];
 *   risk?: {
 *     stop_loss: number;
 *     take_profit: number;
 *     size: number;
 *     basis: string;
 *     atr: number;
 *   } | {
 *     stop_loss: null;
 *     take_profit: null;
 *     size: null;
 *     reason: string;
 *     atr: number | null;
 *   };
 *   memory?: {
 *     recalled: {
 *       analysis_id: string;
 *       window_end: string;
 *       decision: "LONG" | "SHORT";
 *       outcome_bar_time: string;
 *       outcome: {
 *         bars: number;
 *         hit: boolean;
 *         return: number;
 *       }[] | null;
 *       text: string;
 *     }[];
 *     lesson?: string;
 *   };
 *   pattern_chart: string;
 *   trend_chart: string;
 *   final_decision: {
 *     forecast_horizon: string;
 *     decision: "LONG" | "SHORT";
 *     justification: string;
 *     risk_reward_ratio: number;
 *     confidence?: number;
 *     votes?: {
 *       LONG: number;
 *       SHORT: number;
 *     };
 *     agreement?: number;
 *   };
 *   indicator_values: Record<string, number | null>;
 *   trendlines: {
 *     close_support: number;
 *     close_resistance: number;
 *     support_slope: number;
 *     resistance_slope: number;
 *     low_support: number;
 *     high_resistance: number;
 *     last_close: number;
 *   };
 *   trendline_equations: {
 *     close_support: {
 *       slope: number;
 *       intercept: number;
 *     };
 *     close_resistance: {
 *       slope: number;
 *       intercept: number;
 *     };
 *     low_support: {
 *       slope: number;
 *       intercept: number;
 *     };
 *     high_resistance: {
 *       slope: number;
 *       intercept: number;
 *     };
 *   };
 *   candles: {
 *     time: number;
 *     open: number;
 *     high: number;
 *     low: number;
 *     close: number;
 *     volume: number;
 *   }[];
 *   timings_ms: Record<string, number>;
 *   usage: {
 *     calls: {
 *       step: string;
 *       role: string;
 *       provider: string;
 *       model: string;
 *       input_tokens: number;
 *       output_tokens: number;
 *       duration_ms: number;
 *     }[];
 *     calls_per_step: Record<string, number>;
 *     total: {
 *       input_tokens: number;
 *       output_tokens: number;
 *     };
 *   };
 *   models: {
 *     agent: {
 *       provider: string;
 *       model: string;
 *       temperature: number;
 *     };
 *     graph: {
 *       provider: string;
 *       model: string;
 *       temperature: number;
 *     };
 *   };
 *   demo?: boolean;
 *   notice?: string;
 *   warnings?: string[];
 *   outcome: {
 *     bars: 1 | 3;
 *     hit: boolean;
 *     return: number;
 *   }[] | null;
 *   created_at: string;
 *   lesson: {
 *     text: string;
 *     created_at: string;
 *     model: string;
 *   } | null;
 * } | {
 *   success: false;
 *   code: string;
 *   error: string;
 *   id: string;
 *   created_at: string;
 *   outcome: {
 *     bars: 1 | 3;
 *     hit: boolean;
 *     return: number;
 *   }[] | null;
 *   lesson: {
 *     text: string;
 *     created_at: string;
 *     model: string;
 *   } | null;
 * }} StoredAnalysis
 */

/**
 * GET /api/analyses/stats.
 * @typedef {{
 *   group_by: "model" | "provider" | "asset" | "timeframe" | "prompt_version";
 *   horizon: 1 | 3;
 *   split?: "cutoff";
 *   groups: {
 *     key: string;
 *     n: number;
 *     scored: number;
 *     hits: number;
 *     accuracy: number | null;
 *     ci_low: number | null;
 *     ci_high: number | null;
 *     split?: {
 *       before: {
 *         n: number;
 *         scored: number;
 *         hits: number;
 *         accuracy: number | null;
 *         ci_low: number | null;
 *         ci_high: number | null;
 *       };
 *       after: {
 *         n: number;
 *         scored: number;
 *         hits: number;
 *         accuracy: number | null;
 *         ci_low: number | null;
 *         ci_high: number | null;
 *       };
 *       unsplit: {
 *         n: number;
 *         scored: number;
 *         hits: number;
 *         accuracy: number | null;
 *         ci_low: number | null;
 *         ci_high: number | null;
 *       };
 *     };
 *     calibration: {
 *       samples: number;
 *       brier: number | null;
 *       ece: number | null;
 *       auc: number | null;
 *       auc_ci_low: number | null;
 *       auc_ci_high: number | null;
 *       informative: boolean;
 *     } | null;
 *     stability: {
 *       analyses: number;
 *       mean_agreement: number;
 *       majority_hits: number;
 *       first_hits: number;
 *       only_majority: number;
 *       only_first: number;
 *       p_value: number;
 *       unanimous: {
 *         scored: number;
 *         hits: number;
 *         accuracy: number | null;
 *       };
 *       split: {
 *         scored: number;
 *         hits: number;
 *         accuracy: number | null;
 *       };
 *     } | null;
 *   }[];
 *   demo_left_out: number;
 * }} AnalysisStats
 */

/**
 * one group of the statistics.
 * @typedef {AnalysisStats["groups"][number]} StatsGroup
 */

/**
 * POST /api/analyses/score-outcomes.
 * @typedef {{
 *   scored: number;
 *   pending: number;
 *   failed: number;
 *   caller_data: number;
 *   lessons?: {
 *     written: number;
 *     failed: number;
 *   };
 * }} ScoreCounts
 */

/**
 * a finished run of GET /api/runs.
 * @typedef {{
 *   state: "finished";
 *   id: string;
 *   created_at: string;
 *   kind: "evaluation" | "backtest" | "probe";
 *   timeframe: string;
 *   settings: Record<string, unknown>;
 *   models: {
 *     agent: {
 *       provider: string;
 *       model: string;
 *     };
 *     graph: {
 *       provider: string;
 *       model: string;
 *     };
 *   } | null;
 *   prompt_version: string;
 *   plugins: {
 *     name: string;
 *     version: string;
 *   }[];
 *   point_count: number;
 *   demo: boolean;
 * }} RunSummary
 */

/**
 * a queued run of GET /api/runs.
 * @typedef {{
 *   state: "queued";
 *   id: string;
 *   created_at: string;
 *   kind: string;
 *   label: string;
 *   point_count: number;
 *   done: number;
 *   failed: number;
 *   running: number;
 *   waiting: number;
 *   reported_at: string | null;
 *   journal_run_id: string | null;
 * }} QueuedRun
 */

/**
 * GET /api/runs.
 * @typedef {{
 *   runs: ({
 *     state: "finished";
 *     id: string;
 *     created_at: string;
 *     kind: "evaluation" | "backtest" | "probe";
 *     timeframe: string;
 *     settings: Record<string, unknown>;
 *     models: {
 *       agent: {
 *         provider: string;
 *         model: string;
 *       };
 *       graph: {
 *         provider: string;
 *         model: string;
 *       };
 *     } | null;
 *     prompt_version: string;
 *     plugins: {
 *       name: string;
 *       version: string;
 *     }[];
 *     point_count: number;
 *     demo: boolean;
 *   } | {
 *     state: "queued";
 *     id: string;
 *     created_at: string;
 *     kind: string;
 *     label: string;
 *     point_count: number;
 *     done: number;
 *     failed: number;
 *     running: number;
 *     waiting: number;
 *     reported_at: string | null;
 *     journal_run_id: string | null;
 *   })[];
 *   next_cursor: string | null;
 * }} RunPage
 */

/**
 * GET /api/runs/<id>.
 * @typedef {{
 *   state: "finished";
 *   id: string;
 *   created_at: string;
 *   kind: "evaluation" | "backtest" | "probe";
 *   timeframe: string;
 *   settings: Record<string, unknown>;
 *   models: {
 *     agent: {
 *       provider: string;
 *       model: string;
 *     };
 *     graph: {
 *       provider: string;
 *       model: string;
 *     };
 *   } | null;
 *   prompt_version: string;
 *   plugins: {
 *     name: string;
 *     version: string;
 *   }[];
 *   point_count: number;
 *   demo: boolean;
 *   report: ({
 *     settings: Record<string, unknown>;
 *     lines: {
 *       name: string;
 *       kind: "model" | "baseline";
 *       trades: number;
 *       total_return: number;
 *       sharpe: number | null;
 *       max_drawdown: number;
 *       hit_rate: number | null;
 *       exposure: number;
 *       equity: {
 *         time: string;
 *         value: number;
 *       }[];
 *     }[];
 *     paired: {
 *       a: string;
 *       b: "always_long";
 *       n: number;
 *       a_hits: number;
 *       b_hits: number;
 *       a_only: number;
 *       b_only: number;
 *       p_value: number;
 *     }[];
 *     significance?: {
 *       line: string;
 *       against: "buy_and_hold" | "always_long";
 *       excess_return: number;
 *       ci_low: number;
 *       ci_high: number;
 *       p_value: number;
 *       sharpe_difference: number | null;
 *       sharpe_ci_low: number | null;
 *       sharpe_ci_high: number | null;
 *       block_bars: number;
 *       resamples: number;
 *     }[];
 *     deflated_sharpe?: {
 *       line: string;
 *       sharpe: number | null;
 *       trials: number;
 *       sharpe_threshold: number;
 *       psr: number | null;
 *       dsr: number | null;
 *     } | null;
 *     verdict?: string[];
 *     mirror?: {
 *       lines: {
 *         name: string;
 *         kind: "model" | "baseline";
 *         trades: number;
 *         total_return: number;
 *         sharpe: number | null;
 *         max_drawdown: number;
 *         hit_rate: number | null;
 *         exposure: number;
 *         equity: {
 *           time: string;
 *           value: number;
 *         }[];
 *       }[];
 *       paired: {
 *         a: string;
 *         b: "always_long";
 *         n: number;
 *         a_hits: number;
 *         b_hits: number;
 *         a_only: number;
 *         b_only: number;
 *         p_value: number;
 *       }[];
 *       errors: number;
 *     } | null;
 *   } | {
 *     settings: Record<string, unknown>;
 *     verdict: string[];
 *     scores: {
 *       pattern: {
 *         scored: true;
 *         overall: {
 *           n: number;
 *           hits: number;
 *           accuracy: number | null;
 *           chance: number;
 *           chance_answer: string | null;
 *           p_value: number;
 *           p_value_below: number;
 *         };
 *         per_shape: {
 *           shape: string;
 *           n: number;
 *           hits: number;
 *           accuracy: number | null;
 *         }[];
 *         confusion: {
 *           rows: string[];
 *           columns: string[];
 *           counts: number[][];
 *         };
 *         false_alarms: {
 *           n: number;
 *           named: number;
 *         };
 *       } | {
 *         scored: false;
 *         reason: string;
 *       };
 *       trend: {
 *         overall: {
 *           n: number;
 *           hits: number;
 *           accuracy: number | null;
 *           chance: number;
 *           chance_answer: string | null;
 *           p_value: number;
 *           p_value_below: number;
 *         };
 *         per_shape: {
 *           shape: string;
 *           n: number;
 *           hits: number;
 *           accuracy: number | null;
 *         }[];
 *       };
 *       directive: {
 *         overall: {
 *           n: number;
 *           hits: number;
 *           accuracy: number | null;
 *           chance: number;
 *           chance_answer: string | null;
 *           p_value: number;
 *           p_value_below: number;
 *         };
 *         per_shape: {
 *           shape: string;
 *           n: number;
 *           hits: number;
 *           accuracy: number | null;
 *         }[];
 *       };
 *     };
 *     demo: boolean;
 *   }) | null;
 * } | {
 *   state: "queued";
 *   id: string;
 *   created_at: string;
 *   kind: string;
 *   label: string;
 *   point_count: number;
 *   done: number;
 *   failed: number;
 *   running: number;
 *   waiting: number;
 *   reported_at: string | null;
 *   journal_run_id: string | null;
 * }} RunAnswer
 */

/**
 * a finished run with its report.
 * @typedef {Extract<RunAnswer, { state: "finished" }>} RunDetail
 */

/**
 * a finished backtest run with its report.
 * @typedef {RunSummary & { report: Extract<NonNullable<RunDetail["report"]>, { lines: unknown }> | null }} BacktestRunDetail
 */

/**
 * a chart-reading probe's scores.
 * @typedef {{
 *   settings: Record<string, unknown>;
 *   verdict: string[];
 *   scores: {
 *     pattern: {
 *       scored: true;
 *       overall: {
 *         n: number;
 *         hits: number;
 *         accuracy: number | null;
 *         chance: number;
 *         chance_answer: string | null;
 *         p_value: number;
 *         p_value_below: number;
 *       };
 *       per_shape: {
 *         shape: string;
 *         n: number;
 *         hits: number;
 *         accuracy: number | null;
 *       }[];
 *       confusion: {
 *         rows: string[];
 *         columns: string[];
 *         counts: number[][];
 *       };
 *       false_alarms: {
 *         n: number;
 *         named: number;
 *       };
 *     } | {
 *       scored: false;
 *       reason: string;
 *     };
 *     trend: {
 *       overall: {
 *         n: number;
 *         hits: number;
 *         accuracy: number | null;
 *         chance: number;
 *         chance_answer: string | null;
 *         p_value: number;
 *         p_value_below: number;
 *       };
 *       per_shape: {
 *         shape: string;
 *         n: number;
 *         hits: number;
 *         accuracy: number | null;
 *       }[];
 *     };
 *     directive: {
 *       overall: {
 *         n: number;
 *         hits: number;
 *         accuracy: number | null;
 *         chance: number;
 *         chance_answer: string | null;
 *         p_value: number;
 *         p_value_below: number;
 *       };
 *       per_shape: {
 *         shape: string;
 *         n: number;
 *         hits: number;
 *         accuracy: number | null;
 *       }[];
 *     };
 *   };
 *   demo: boolean;
 * }} ProbeReport
 */

/**
 * one score of a probe against chance.
 * @typedef {ProbeReport["scores"]["trend"]["overall"]} ProbeScore
 */

/**
 * a finished probe run with its scores.
 * @typedef {RunSummary & { report: ProbeReport | null }} ProbeRunDetail
 */

/**
 * one line of a backtest.
 * @typedef {{
 *   name: string;
 *   kind: "model" | "baseline";
 *   trades: number;
 *   total_return: number;
 *   sharpe: number | null;
 *   max_drawdown: number;
 *   hit_rate: number | null;
 *   exposure: number;
 *   equity: {
 *     time: string;
 *     value: number;
 *   }[];
 * }} EquityLine
 */

/**
 * GET /api/runs/<id>/figures/<figure>.
 * @typedef {{
 *   data: Record<string, unknown>[];
 *   layout: Record<string, unknown>;
 * }} RunFigure
 */

/**
 * GET /api/watchlist.
 * @typedef {{
 *   entries: {
 *     id: string;
 *     created_at: string;
 *     market: string;
 *     market_kind: "symbol" | "asset";
 *     timeframe: string;
 *     stages: {
 *       memory?: {
 *         lessons: number;
 *       };
 *       debate?: {
 *         rounds: number;
 *       };
 *       risk?: {};
 *     };
 *     samples: number;
 *     settle_ms: number;
 *     models: {
 *       agent?: string;
 *       graph?: string;
 *     } | null;
 *     status: "active" | "paused";
 *     paused_reason: string | null;
 *     failures: number;
 *     last_error: string | null;
 *   }[];
 * }} Watchlist
 */

/**
 * a watchlist entry.
 * @typedef {{
 *   id: string;
 *   created_at: string;
 *   market: string;
 *   market_kind: "symbol" | "asset";
 *   timeframe: string;
 *   stages: {
 *     memory?: {
 *       lessons: number;
 *     };
 *     debate?: {
 *       rounds: number;
 *     };
 *     risk?: {};
 *   };
 *   samples: number;
 *   settle_ms: number;
 *   models: {
 *     agent?: string;
 *     graph?: string;
 *   } | null;
 *   status: "active" | "paused";
 *   paused_reason: string | null;
 *   failures: number;
 *   last_error: string | null;
 * }} WatchEntry
 */

/**
 * POST /api/watchlist, .../pause, .../resume.
 * @typedef {{
 *   success: true;
 *   entry: {
 *     id: string;
 *     created_at: string;
 *     market: string;
 *     market_kind: "symbol" | "asset";
 *     timeframe: string;
 *     stages: {
 *       memory?: {
 *         lessons: number;
 *       };
 *       debate?: {
 *         rounds: number;
 *       };
 *       risk?: {};
 *     };
 *     samples: number;
 *     settle_ms: number;
 *     models: {
 *       agent?: string;
 *       graph?: string;
 *     } | null;
 *     status: "active" | "paused";
 *     paused_reason: string | null;
 *     failures: number;
 *     last_error: string | null;
 *   };
 * }} WatchEntryAnswer
 */

/**
 * GET /api/watchlist/<id>/record.
 * @typedef {{
 *   entry: {
 *     id: string;
 *     created_at: string;
 *     market: string;
 *     market_kind: "symbol" | "asset";
 *     timeframe: string;
 *     stages: {
 *       memory?: {
 *         lessons: number;
 *       };
 *       debate?: {
 *         rounds: number;
 *       };
 *       risk?: {};
 *     };
 *     samples: number;
 *     settle_ms: number;
 *     models: {
 *       agent?: string;
 *       graph?: string;
 *     } | null;
 *     status: "active" | "paused";
 *     paused_reason: string | null;
 *     failures: number;
 *     last_error: string | null;
 *   };
 *   model: string;
 *   decisions: {
 *     time: string;
 *     directive: "LONG" | "SHORT";
 *     analysis_id: string | null;
 *   }[];
 *   accuracy: {
 *     scored: number;
 *     hits: number;
 *     rate: number | null;
 *     ci_low: number | null;
 *     ci_high: number | null;
 *   };
 *   backtest: {
 *     settings: {
 *       series: {
 *         name: string;
 *         timeframe: string;
 *         bars: number;
 *         start: string;
 *         end: string;
 *       };
 *       window_bars: number;
 *       horizon: number;
 *       step: number;
 *       cost_bps: number;
 *       seed: number;
 *       bars_per_year: number | null;
 *       models: {
 *         agent: {
 *           provider: string;
 *           model: string;
 *           temperature: number;
 *         };
 *         graph: {
 *           provider: string;
 *           model: string;
 *           temperature: number;
 *         };
 *       } | null;
 *       prompt_version: string | null;
 *       plugins: {
 *         name: string;
 *         version: string;
 *       }[];
 *       stages: {
 *         memory?: {
 *           lessons: number;
 *         };
 *         debate?: {
 *           rounds: number;
 *         };
 *         risk?: {};
 *       };
 *       blind: boolean;
 *       mirror: boolean;
 *     };
 *     lines: {
 *       name: string;
 *       kind: "model" | "baseline";
 *       trades: number;
 *       total_return: number;
 *       sharpe: number | null;
 *       max_drawdown: number;
 *       hit_rate: number | null;
 *       exposure: number;
 *       equity: {
 *         time: string;
 *         value: number;
 *       }[];
 *     }[];
 *     paired: {
 *       a: string;
 *       b: "always_long";
 *       n: number;
 *       a_hits: number;
 *       b_hits: number;
 *       a_only: number;
 *       b_only: number;
 *       p_value: number;
 *     }[];
 *     significance: {
 *       line: string;
 *       against: "buy_and_hold" | "always_long";
 *       excess_return: number;
 *       ci_low: number;
 *       ci_high: number;
 *       p_value: number;
 *       sharpe_difference: number | null;
 *       sharpe_ci_low: number | null;
 *       sharpe_ci_high: number | null;
 *       block_bars: number;
 *       resamples: number;
 *     }[];
 *     deflated_sharpe: {
 *       line: string;
 *       sharpe: number | null;
 *       trials: number;
 *       sharpe_threshold: number;
 *       psr: number | null;
 *       dsr: number | null;
 *     } | null;
 *     verdict: string[];
 *     mirror: {
 *       lines: {
 *         name: string;
 *         kind: "model" | "baseline";
 *         trades: number;
 *         total_return: number;
 *         sharpe: number | null;
 *         max_drawdown: number;
 *         hit_rate: number | null;
 *         exposure: number;
 *         equity: {
 *           time: string;
 *           value: number;
 *         }[];
 *       }[];
 *       paired: {
 *         a: string;
 *         b: "always_long";
 *         n: number;
 *         a_hits: number;
 *         b_hits: number;
 *         a_only: number;
 *         b_only: number;
 *         p_value: number;
 *       }[];
 *       errors: number;
 *     } | null;
 *   } | null;
 * }} ForwardRecord
 */

export {};
