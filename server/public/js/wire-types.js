// @ts-check
// The JSON shapes the page reads from the server's API (snake_case, as sent), as JSDoc types for `tsc` to check the
// page against. Nothing runs here. Fields marked optional are ones an older server, the legacy /output link or a
// newer server may leave out; the page shows what is there and skips what is not.

/**
 * GET /api/page-config: the library's own rules and labels.
 * @typedef {object} PageConfig
 * @property {ProviderEntry[]} providers
 * @property {{pattern: string, max_length: number}} symbol
 * @property {{minimum: number, pattern_chart: number}} bars
 * @property {{max_characters: number}} csv
 * @property {StepEntry[]} steps
 * @property {StagesConfig} [stages] absent from a server without the optional stages
 * @property {{key: string, label: string}[]} indicators
 * @property {string[]} decisions
 * @property {TimeframeLimit[]} timeframes
 * @property {ChartPalette} chart_palette
 */

/**
 * @typedef {object} ProviderEntry
 * @property {string} id
 * @property {string} name
 * @property {string | null} key_env_var null for the demo provider
 * @property {string} default_agent_model
 * @property {string} default_graph_model
 */

/** @typedef {{id: string, label: string, detail: string}} StepEntry */

/**
 * The optional stages' limits and the labels of their steps (a debate turn's step id is its side and round: "bull-1").
 * @typedef {object} StagesConfig
 * @property {number} max_lessons
 * @property {number} max_rounds
 * @property {Record<"memory" | "bull" | "bear" | "risk" | "reflection", {label: string, detail: string}>} steps
 */

/**
 * The optional stages of a request, and of a result ({} when none ran).
 * @typedef {{memory?: {lessons: number}, debate?: {rounds: number}, risk?: {}}} Stages
 */

/** @typedef {{side: string, round: number, text: string}} DebateTurn */

/**
 * The risk step's levels, or null levels with the reason the window gives none.
 * @typedef {{stop_loss: number | null, take_profit: number | null, size: number | null, basis?: string, atr?: number | null, reason?: string}} RiskLevels
 */

/**
 * @typedef {object} RecalledLesson
 * @property {string} analysis_id
 * @property {string} window_end
 * @property {string} decision
 * @property {string} outcome_bar_time
 * @property {OutcomeAtHorizon[] | null} outcome
 * @property {string} text
 */

/** @typedef {{recalled: RecalledLesson[], lesson?: string}} MemoryUse */

/**
 * @typedef {object} TimeframeLimit
 * @property {string} timeframe
 * @property {number} max_days
 * @property {string} interval
 * @property {boolean} aggregated
 * @property {number | null} bar_seconds
 */

/**
 * @typedef {object} ChartPalette
 * @property {string} up_candle
 * @property {string} down_candle
 * @property {string} close_support
 * @property {string} close_resistance
 * @property {string} low_support
 * @property {string} high_resistance
 */

/** @typedef {{time: number, open: number, high: number, low: number, close: number, volume?: number}} Candle */

/** @typedef {{slope: number, intercept: number}} StraightLine */

/**
 * @typedef {object} TrendlineEquations
 * @property {StraightLine} close_support
 * @property {StraightLine} close_resistance
 * @property {StraightLine} low_support
 * @property {StraightLine} high_resistance
 */

/**
 * The Decision agent's record. The legacy /output link may carry `{raw}` instead when the old system could not read
 * its model's answer.
 * @typedef {object} DecisionRecord
 * @property {string} [decision]
 * @property {number | string} [risk_reward_ratio]
 * @property {string} [forecast_horizon]
 * @property {string} [justification]
 * @property {string} [raw]
 * @property {number} [confidence]
 * @property {{LONG: number, SHORT: number}} [votes]
 * @property {number} [agreement]
 */

/** @typedef {{input_tokens: number, output_tokens: number}} TokenUsage */

/** @typedef {{provider: string, model: string, temperature?: number}} ModelUse */

/**
 * @typedef {object} AnalysisWindow
 * @property {string} start ISO time of the first bar analysed
 * @property {string} end ISO time of the last bar analysed
 * @property {string} [requested_start] the start the request asked for, when the window had to reach further back
 */

/**
 * POST /api/analyze's result (and the legacy /output link's subset of it).
 * @typedef {object} AnalysisResult
 * @property {string | number} [id] the analysis journal's id
 * @property {string} [asset]
 * @property {string} asset_name
 * @property {string} [symbol]
 * @property {string} timeframe
 * @property {number} data_length
 * @property {AnalysisWindow} [window]
 * @property {string} technical_indicators
 * @property {string} pattern_analysis
 * @property {string} trend_analysis
 * @property {Record<string, string>} [analyst_reports] plugin analysts' reports by name
 * @property {Stages} [stages] the optional stages that ran
 * @property {DebateTurn[]} [debate]
 * @property {RiskLevels} [risk]
 * @property {MemoryUse} [memory]
 * @property {{text: string, created_at?: string, model?: string} | null} [lesson] a stored analysis's lesson
 * @property {string} [pattern_chart] base64 PNG
 * @property {string} [trend_chart] base64 PNG
 * @property {DecisionRecord} final_decision
 * @property {Record<string, number | null>} [indicator_values]
 * @property {TrendlineEquations} [trendline_equations]
 * @property {Candle[]} [candles]
 * @property {Record<string, number>} [timings_ms]
 * @property {{total?: TokenUsage}} [usage]
 * @property {{agent: ModelUse, graph: ModelUse}} [models]
 * @property {boolean} [demo] made by the demo provider: scripted, not a model
 * @property {string} [notice] "demo: scripted, not a model" on demo results
 */

/** @typedef {"data" | "indicator" | "pattern" | "trend" | "decision"} KnownStep */

/**
 * The events of the analysis's `progress` stream. `step` is a string: a newer server (plugins) may add steps.
 * @typedef {{type: "step-start", step: string, at?: number}
 *   | {type: "step-end", step: string, duration_ms: number, usage?: TokenUsage}
 *   | {type: "step-error", step: string, duration_ms: number, error?: string}
 *   | {type: "chart-rendered", chart: string, duration_ms: number}
 *   | {type: "report-delta", step: string, text: string}
 *   | {type: "analysis-end", duration_ms: number, decision?: string}
 * } ProgressEvent
 */

/**
 * Every error answer: a plain sentence and a stable code (plus `provider` for key and provider errors).
 * @typedef {object} ErrorBody
 * @property {false} [success]
 * @property {string} error
 * @property {string} code
 * @property {string} [provider]
 * @property {number} [status]
 */

/**
 * GET /api/get-api-key-status. The fields after masked_key come from newer servers.
 * @typedef {object} KeyStatus
 * @property {boolean} has_key
 * @property {string | null} masked_key
 * @property {boolean} [needs_key] false for the demo provider
 * @property {"config" | "environment" | null} [key_source] null when there is no key
 * @property {string | null} [base_url] where the provider's requests go; null for its own address
 * @property {"config" | "environment" | "default"} [base_url_source]
 */

/**
 * POST /api/validate-api-key. `status` and `code` come from newer servers: "unreachable" means the key was not checked.
 * @typedef {{valid: true, message: string, status?: "valid"}
 *   | {valid: false, error: string, code?: string, status?: "invalid" | "unreachable" | "unchecked"}} KeyValidation
 */

/**
 * GET /api/sample-data: the shipped benchmark windows an analysis can use with no market access.
 * @typedef {object} SampleData
 * @property {string} timeframe
 * @property {number} window_bars
 * @property {{asset: string, name: string, windows: number}[]} assets
 */

/** @typedef {{code: string, name: string, ticker: string, custom: boolean}} AssetEntry */

/**
 * @typedef {object} ModelSelection
 * @property {string} agent_llm_provider
 * @property {string} agent_llm_model
 * @property {string} graph_llm_provider
 * @property {string} graph_llm_model
 */

/**
 * How a directive did k bars after the window: `return` is a fraction of the entry close, signed by the directive
 * (positive when it was right).
 * @typedef {{bars: number, hit: boolean, return: number}} OutcomeAtHorizon
 */

/**
 * One entry of GET /api/analyses. `decision` is null and `error` set for a failed run; `outcome` is null until both
 * horizons (1 and 3 bars) are known, and stays null for failed runs.
 * @typedef {object} AnalysisSummary
 * @property {string} id
 * @property {string} created_at ISO time the analysis was recorded
 * @property {string} source page, api, notebook, cli or evaluation
 * @property {string} asset
 * @property {string} symbol
 * @property {string} timeframe
 * @property {string | null} window_end
 * @property {number} bar_count
 * @property {string | null} decision
 * @property {number | null} risk_reward_ratio
 * @property {{agent: ModelUse, graph: ModelUse}} models
 * @property {string} prompt_version
 * @property {number | null} cost_usd
 * @property {{input: number, output: number}} tokens
 * @property {{code: string, message: string} | null} error
 * @property {"done" | "failed" | "cancelled"} [status] from newer servers
 * @property {OutcomeAtHorizon[] | null} outcome
 * @property {"scored" | "pending" | "no_later_bars" | "none"} [outcome_status] from newer servers
 * @property {boolean} [demo] made by the demo provider (never counted in accuracy)
 */

/** @typedef {{analyses: AnalysisSummary[], next_cursor: string | null}} AnalysisPage */

/**
 * A run queued for workers (an entry of GET /api/runs with state "queued"): its points done, failed, running and
 * waiting.
 * @typedef {object} QueuedRun
 * @property {"queued"} state
 * @property {string} id
 * @property {string} kind
 * @property {string} created_at
 * @property {string} label
 * @property {number} point_count
 * @property {number} done
 * @property {number} failed
 * @property {number} running
 * @property {number} waiting
 * @property {string | null} reported_at
 * @property {string | null} journal_run_id
 */

/** @typedef {{id: string, created_at: string, outcome: OutcomeAtHorizon[] | null}} JournalFields */

/**
 * GET /api/analyses/<id>: the result as POST /api/analyze answered it, or a failed run's error body, plus the
 * journal's own fields.
 * @typedef {(AnalysisResult & JournalFields & {success?: true}) | (ErrorBody & JournalFields & {success: false})} StoredAnalysis
 */

/**
 * One group of GET /api/analyses/stats: accuracy and its Wilson 95% interval are null while nothing is scored.
 * @typedef {object} StatsGroup
 * @property {string} key
 * @property {number} n analyses recorded in the group (failed and unscored ones included)
 * @property {number} scored
 * @property {number} hits
 * @property {number | null} accuracy
 * @property {number | null} ci_low
 * @property {number | null} ci_high
 */

/** @typedef {{group_by: string, horizon: number, groups: StatsGroup[]}} AnalysisStats */

/**
 * POST /api/analyses/score-outcomes: analyses scored now, still waiting for later bars, whose bars could not be
 * fetched, and of the caller's own data (a CSV: no market to fetch from).
 * @typedef {{scored: number, pending: number, failed: number, caller_data: number}} ScoreCounts
 */

/**
 * A finished entry of GET /api/runs: an evaluation, a backtest or a chart-reading probe run. `models` is null for a
 * baselines-only run.
 * @typedef {object} RunSummary
 * @property {"finished"} state
 * @property {string} id
 * @property {string} created_at
 * @property {"evaluation" | "backtest" | "probe"} kind
 * @property {string} timeframe
 * @property {Record<string, unknown>} settings
 * @property {{agent: ModelUse, graph: ModelUse} | null} models
 * @property {string} prompt_version
 * @property {{name: string, version: string}[]} plugins
 * @property {number} point_count
 * @property {boolean} [demo] made with the demo provider (never counted in accuracy), from newer servers
 */

/** GET /api/runs: finished and queued runs in one list, newest first. */
/** @typedef {{runs: (RunSummary | QueuedRun)[], next_cursor: string | null}} RunPage */

/**
 * One line of a backtest: returns and drawdowns are fractions; `equity` one point per bar from the first decision.
 * @typedef {object} EquityLine
 * @property {string} name the graph model's name, buy_and_hold, or a baseline's id
 * @property {"model" | "baseline"} kind
 * @property {number} trades
 * @property {number} total_return
 * @property {number | null} sharpe
 * @property {number} max_drawdown
 * @property {number | null} hit_rate
 * @property {number} exposure
 * @property {{time: string, value: number}[]} equity
 */

/**
 * One of a chart-reading probe's scores against its chance rate (the best constant answer on the same series).
 * @typedef {object} ProbeScore
 * @property {number} n series scored
 * @property {number} hits
 * @property {number | null} accuracy
 * @property {number} chance
 * @property {string | null} chance_answer
 * @property {number} p_value exact binomial P(X >= hits): better than chance
 * @property {number} p_value_below exact binomial P(X <= hits): worse than chance
 */

/**
 * A chart-reading probe's report as the journal keeps it: the verdict in words and the three scores.
 * @typedef {object} ProbeReport
 * @property {Record<string, unknown>} settings
 * @property {string[]} verdict
 * @property {{pattern: ({scored: true, overall: ProbeScore} | {scored: false, reason: string}), trend: {overall: ProbeScore}, directive: {overall: ProbeScore}}} scores
 * @property {boolean} demo
 */

/**
 * A backtest's report as the journal keeps it: its lines and paired tests.
 * @typedef {{settings: Record<string, unknown>, lines: EquityLine[], paired: object[]}} BacktestReport
 */

/**
 * GET /api/runs/<id>: the run and, for a backtest, its report.
 * @typedef {RunSummary & {report: BacktestReport | null}} RunDetail
 */

/**
 * GET /api/runs/<id> for a chart-reading probe: the run and its scores.
 * @typedef {RunSummary & {report: ProbeReport | null}} ProbeRunDetail
 */

export {};
