// @ts-check
// The analysis result: the decision (LONG/SHORT badge, risk/reward, horizon, justification, the window), what the
// optional stages added (stage-views.js), the interactive candlestick chart with the trendlines, both chart images
// (enlargeable), the reports (the three agents' and any plugin analyst's) as sanitised markdown, the indicator
// values, and how it was reached. Shared by the main
// page and /output; parts the result does not carry (the legacy link has no candles) are left out.
import { drawCandles } from "./candle-chart.js";
import { asText, clear, element, formatDuration, formatNumber, formatUtcMinute } from "./dom.js";
import { enlargeableImage } from "./image-viewer.js";
import { renderMarkdown } from "./markdown.js";
import { stagesCard } from "./stage-views.js";

/** @typedef {import("./wire-types.js").AnalysisResult} AnalysisResult */
/** @typedef {import("./wire-types.js").StoredAnalysis} StoredAnalysis */

/**
 * A result as the page shows it: the server's (AnalysisResult), a stored one with its lesson, or one the replaced
 * system's page linked to (legacy-results.js), which may lack the newer fields and carries an answer its model gave
 * that could not be read as {raw}.
 * @typedef {Omit<Partial<AnalysisResult>, "final_decision">
 *   & Pick<AnalysisResult, "asset_name" | "timeframe" | "data_length" | "technical_indicators" | "pattern_analysis" | "trend_analysis">
 *   & {final_decision: Partial<AnalysisResult["final_decision"]> & {raw?: string}}
 *   & Partial<Pick<Extract<StoredAnalysis, {prompt_version: string}>, "lesson">>} ShownResult
 */
/** @typedef {import("./wire-types.js").AnalysisWindow} AnalysisWindow */
/** @typedef {import("./wire-types.js").PageConfig} PageConfig */
/** @typedef {Pick<PageConfig, "indicators" | "chart_palette" | "steps">} ResultViewConfig */

/**
 * @param {string} title
 * @param {string} className
 * @param {...(Node | string | null | undefined)} children
 */
function card(title, className, ...children) {
  return element(
    "section",
    { className: `card ${className}` },
    element("div", { className: "card-head" }, element("h2", {}, title)),
    element("div", { className: "card-body" }, ...children),
  );
}

/**
 * "2024-01-31 14:30" from an ISO time; the text as it is when it is not one.
 * @param {unknown} iso
 */
function showTime(iso) {
  const text = asText(iso);
  return Number.isFinite(Date.parse(text)) ? formatUtcMinute(text) : text;
}

/** @param {AnalysisWindow} window */
function formatWindow(window) {
  return `${showTime(window.start)} → ${showTime(window.end)} UTC`;
}

/**
 * The note for a window that reaches further back than asked: the server moves the start back until the window
 * holds enough bars (markets close at night, at weekends and on holidays).
 * @param {ShownResult} result
 */
function windowNote(result) {
  const window = result.window;
  if (!window?.requested_start) return null;
  const requested = Date.parse(asText(window.requested_start));
  const start = Date.parse(asText(window.start));
  if (Number.isFinite(requested) && Number.isFinite(start) && requested === start) return null;
  if (!Number.isFinite(requested) && asText(window.requested_start) === asText(window.start)) return null;
  return element(
    "p",
    { className: "window-note", id: "window-note" },
    `Requested from ${showTime(window.requested_start)} UTC; the window starts at ${showTime(window.start)} UTC to have enough bars (${formatNumber(result.data_length, 0)}).`,
  );
}

/** @param {ShownResult} result */
function subtitle(result) {
  const parts = [`${asText(result.timeframe)} bars`, `${formatNumber(result.data_length, 0)} in the window`];
  if (result.window) parts.push(formatWindow(result.window));
  return parts.join(" · ");
}

/**
 * The demo provider's label above a demo result: its reports and decision are scripted, not a model's reading.
 * @param {ShownResult} result
 */
function demoBanner(result) {
  if (result.demo !== true) return null;
  const label = asText(result.notice) || "demo: scripted, not a model";
  return element(
    "p",
    { className: "demo-banner", id: "demo-banner" },
    element("strong", {}, label),
    ": the demo provider wrote these reports from fixed sentences and decided by a fixed rule on the indicators. Choose a provider with a key in Settings for a language model's analysis.",
  );
}

/**
 * What the run did otherwise than configured (a reasoning model's temperature left out, JSON mode a server refused, an
 * unknown field of the decision ignored), one sentence a line; nothing when there is nothing to say.
 * @param {ShownResult} result
 */
function warningsNote(result) {
  const warnings = Array.isArray(result.warnings) ? result.warnings.map(asText).filter(Boolean) : [];
  if (warnings.length === 0) return null;
  return element(
    "div",
    { className: "run-warnings", id: "run-warnings", role: "note" },
    element("strong", {}, "Warnings"),
    element("ul", {}, ...warnings.map((warning) => element("li", {}, warning))),
  );
}

/**
 * How the decision went, when the data held bars after the window (a sample window, a CSV with an end): scored at
 * once, as the form promises, not only in the History.
 * @param {ShownResult} result
 */
function outcomeFact(result) {
  const outcome = Array.isArray(result.outcome) ? result.outcome : [];
  if (outcome.length === 0) return null;
  const parts = outcome.map(
    (scored) =>
      `${scored.bars} bar${scored.bars === 1 ? "" : "s"} later: ${scored.hit ? "hit" : "miss"} (${formatNumber(scored.return * 100, 2)}%)`,
  );
  return element(
    "div",
    { title: "The decision against the closes after the window, which the data already held" },
    element("dt", {}, "Outcome"),
    element(
      "dd",
      { id: "outcome", dataset: { hits: outcome.map((scored) => String(scored.hit)).join(",") } },
      parts.join(" · "),
    ),
  );
}

/** @param {ShownResult} result */
function decisionCard(result) {
  const decision = result.final_decision ?? {};
  const verdict = asText(decision.decision);
  const tone = verdict === "LONG" ? "long" : verdict === "SHORT" ? "short" : "unknown";
  const riskReward =
    typeof decision.risk_reward_ratio === "number"
      ? formatNumber(decision.risk_reward_ratio, 2)
      : asText(decision.risk_reward_ratio) || "–";
  const symbol = asText(result.symbol);
  const name = asText(result.asset_name);
  // The old system's page shows an answer it could not read as {raw}: shown here as the justification, as text.
  const justification = decision.justification ?? decision.raw;
  return element(
    "section",
    { className: `card decision-card ${tone}`, dataset: { decision: verdict } },
    element(
      "div",
      { className: "decision-head" },
      element("span", { className: `decision-badge ${tone}`, id: "decision-badge" }, verdict || "–"),
      element(
        "div",
        { className: "decision-title" },
        element("h2", {}, `${name}${symbol && symbol !== name ? ` (${symbol})` : ""}`),
        element("p", { className: "muted small" }, subtitle(result)),
      ),
    ),
    demoBanner(result),
    warningsNote(result),
    windowNote(result),
    element(
      "dl",
      { className: "decision-facts" },
      element("div", {}, element("dt", {}, "Risk / reward"), element("dd", { id: "risk-reward" }, riskReward)),
      element(
        "div",
        {},
        element("dt", {}, "Horizon"),
        element("dd", { id: "forecast-horizon" }, asText(decision.forecast_horizon) || "–"),
      ),
      typeof decision.confidence === "number"
        ? element(
            "div",
            { title: "The model's own probability that the decision is right" },
            element("dt", {}, "Confidence"),
            element("dd", { id: "confidence" }, formatNumber(decision.confidence, 2)),
          )
        : null,
      decision.votes && typeof decision.agreement === "number"
        ? element(
            "div",
            { title: "Answers of the Decision agent's samples: the majority decides" },
            element("dt", {}, "Samples"),
            element(
              "dd",
              { id: "samples" },
              `${decision.votes.LONG} LONG, ${decision.votes.SHORT} SHORT (${Math.round(decision.agreement * 100)}% agree)`,
            ),
          )
        : null,
      outcomeFact(result),
    ),
    element("p", { className: "justification", id: "justification" }, asText(justification)),
  );
}

/**
 * The library's indicators in their order and with their periods, then any extra value a plugin added, by its key.
 * @param {Record<string, number | null>} values
 * @param {ResultViewConfig | undefined} config
 */
function indicatorTable(values, config) {
  const known = config?.indicators ?? [];
  const knownKeys = new Set(known.map((indicator) => indicator.key));
  const rows = [
    ...known.filter((indicator) => indicator.key in values),
    ...Object.keys(values)
      .filter((key) => !knownKeys.has(key))
      .map((key) => ({ key, label: key })),
  ];
  return element(
    "dl",
    { className: "indicator-grid", id: "indicator-values" },
    rows.map(({ key, label }) =>
      element(
        "div",
        { dataset: { indicator: key } },
        element("dt", {}, label),
        element("dd", {}, formatNumber(values[key], 2)),
      ),
    ),
  );
}

/**
 * Base64 text only: anything else in a chart field (the legacy link's sessionStorage is the user's) is skipped.
 * @param {unknown} base64
 */
function isBase64(base64) {
  return typeof base64 === "string" && base64.length > 0 && /^[A-Za-z0-9+/=\s]+$/.test(base64);
}

/**
 * @param {string} title
 * @param {string} base64
 * @param {string} id
 */
function chartImage(title, base64, id) {
  return element(
    "figure",
    { className: "chart-figure" },
    enlargeableImage({
      src: `data:image/png;base64,${base64.replace(/\s/g, "")}`,
      alt: `${title} of the analysis window`,
      title,
      id,
    }),
    element("figcaption", {}, `${title} · tap or click to enlarge`),
  );
}

/**
 * @param {string} title
 * @param {unknown} text
 * @param {string} id
 */
function report(title, text, id) {
  return element("article", { className: "report", id }, element("h3", {}, title), renderMarkdown(text));
}

/** @param {ShownResult} result */
function reports(result) {
  const given = result.analyst_reports;
  const analysts = typeof given === "object" && given !== null && !Array.isArray(given) ? Object.entries(given) : [];
  return element(
    "div",
    { className: "reports" },
    report("Indicators", result.technical_indicators, "indicator-report"),
    report("Patterns", result.pattern_analysis, "pattern-report"),
    report("Trend", result.trend_analysis, "trend-report"),
    // Plugin analysts: titled by their name, their text handled exactly like the agents'.
    analysts.map(([name, text], index) =>
      element(
        "article",
        { className: "report analyst-report", id: `analyst-report-${index}`, dataset: { analyst: name } },
        element("h3", {}, name),
        renderMarkdown(text),
      ),
    ),
  );
}

/**
 * @param {ShownResult} result
 * @param {ResultViewConfig | undefined} config
 */
function footer(result, config) {
  const models = result.models;
  if (!models) return null;
  const total = result.usage?.total;
  // Both spellings: the result's wire names are moving to snake_case; a page must read the server it talks to.
  const tokens = (Number(total?.input_tokens) || 0) + (Number(total?.output_tokens) || 0);
  const timings = result.timings_ms ?? {};
  const label = (/** @type {string} */ step) =>
    config?.steps
      .find((entry) => entry.id === step)
      ?.label.replace(/ agent$/, "")
      .toLowerCase() ?? step;
  const steps = Object.entries(timings)
    .filter(([step, ms]) => step !== "total" && typeof ms === "number")
    .map(([step, ms]) => `${label(step)} ${formatDuration(ms)}`)
    .join(" · ");
  return element(
    "p",
    { className: "muted small run-facts", id: "run-facts" },
    `Agent ${asText(models.agent?.provider)}/${asText(models.agent?.model)} · graph ${asText(models.graph?.provider)}/${asText(models.graph?.model)} · `,
    `${tokens.toLocaleString("en-US")} tokens`,
    typeof timings.total === "number" ? ` · total ${formatDuration(timings.total)}` : "",
    steps ? ` (${steps})` : "",
  );
}

/**
 * Replaces the container's content with the result. The journal id, when the server sends one, is kept on the
 * container (data-analysis-id) for the views that link to the journal. `idPrefix` goes before every id the view
 * gives its parts ("history-decision-badge"), for a second result on the page (History beside Analyze).
 * @param {HTMLElement} container
 * @param {ShownResult} result
 * @param {{config?: ResultViewConfig, idPrefix?: string}} [options]
 */
export function showResult(container, result, { config, idPrefix = "" } = {}) {
  clear(container);
  if (result.id !== undefined && result.id !== null) container.dataset.analysisId = asText(result.id);
  else delete container.dataset.analysisId;
  container.append(decisionCard(result));
  // The optional stages (risk levels, lessons, the debate), only when they ran.
  const stages = stagesCard(result);
  if (stages) container.append(stages);

  const candles = result.candles ?? [];
  if (candles.length > 0 && config) {
    const chart = element("div", {
      className: "candle-chart",
      id: "candle-chart",
      attributes: { role: "img", "aria-label": "Interactive candlestick chart with the trendlines" },
    });
    const chartStatus = element("p", { className: "muted small" }, "Loading the interactive chart…");
    container.append(card("Price", "chart-card", chart, chartStatus));
    drawCandles(chart, result, { palette: config.chart_palette }).then(
      () => chartStatus.remove(),
      (error) =>
        (chartStatus.textContent = `The interactive chart could not be drawn: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  const images = [
    isBase64(result.pattern_chart)
      ? chartImage("Pattern chart", asText(result.pattern_chart), "pattern-chart-image")
      : null,
    isBase64(result.trend_chart) ? chartImage("Trend chart", asText(result.trend_chart), "trend-chart-image") : null,
  ].filter((image) => image !== null);
  if (images.length > 0)
    container.append(
      card("Charts the agents read", "images-card", element("div", { className: "chart-images" }, ...images)),
    );

  // A single agent wrote no reports: its reasoning is the decision's justification.
  if (result.agents !== "single") container.append(card("Reports", "reports-card", reports(result)));
  const values = result.indicator_values;
  if (values && typeof values === "object" && !Array.isArray(values))
    container.append(
      card("Latest indicator values", "indicators-card", indicatorTable(values, config), footer(result, config)),
    );
  else {
    const facts = footer(result, config);
    if (facts) container.append(facts);
  }
  // Before the interactive chart is drawn (drawCandles awaits its library first), so Plotly's own ids are left alone.
  if (idPrefix) for (const node of container.querySelectorAll("[id]")) node.id = `${idPrefix}${node.id}`;
  container.hidden = false;
}

/** @param {HTMLElement} container */
export function hideResult(container) {
  container.hidden = true;
  clear(container);
}
