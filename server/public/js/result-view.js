// The analysis result: the decision (LONG/SHORT badge, risk/reward, horizon, justification), the interactive
// candlestick chart, both chart images, the three reports as sanitised markdown, and how it was reached.
import { drawCandles } from "./candle-chart.js";
import { byId, clear, element, formatDuration, formatNumber } from "./dom.js";
import { renderMarkdown } from "./markdown.js";

const INDICATOR_LABELS = [
  ["rsi", "RSI (14)"],
  ["macd", "MACD"],
  ["macd_signal", "MACD signal"],
  ["macd_histogram", "MACD histogram"],
  ["stochastic_k", "Stochastic %K"],
  ["stochastic_d", "Stochastic %D"],
  ["roc", "ROC (10)"],
  ["williams_r", "Williams %R"],
];

function card(title, className, ...children) {
  return element("section", { className: `card ${className}` }, element("div", { className: "card-head" }, element("h2", {}, title)), element("div", { className: "card-body" }, ...children));
}

function formatWindow(window) {
  const show = (iso) => `${iso.slice(0, 16).replace("T", " ")}`;
  return `${show(window.start)} → ${show(window.end)} UTC`;
}

function decisionCard(result) {
  const decision = result.final_decision;
  const tone = decision.decision === "LONG" ? "long" : "short";
  return element(
    "section",
    { className: `card decision-card ${tone}`, dataset: { decision: decision.decision } },
    element(
      "div",
      { className: "decision-head" },
      element("span", { className: `decision-badge ${tone}`, id: "decision-badge" }, decision.decision),
      element(
        "div",
        { className: "decision-title" },
        element("h2", {}, `${result.asset_name}${result.symbol && result.symbol !== result.asset_name ? ` (${result.symbol})` : ""}`),
        element("p", { className: "muted small" }, `${result.timeframe} bars · ${result.data_length} in the window · ${formatWindow(result.window)}`),
      ),
    ),
    element(
      "dl",
      { className: "decision-facts" },
      element("div", {}, element("dt", {}, "Risk / reward"), element("dd", { id: "risk-reward" }, formatNumber(decision.risk_reward_ratio, 2))),
      element("div", {}, element("dt", {}, "Horizon"), element("dd", { id: "forecast-horizon" }, decision.forecast_horizon)),
    ),
    element("p", { className: "justification", id: "justification" }, decision.justification),
  );
}

function indicatorTable(values) {
  return element(
    "dl",
    { className: "indicator-grid" },
    INDICATOR_LABELS.map(([key, label]) => element("div", {}, element("dt", {}, label), element("dd", {}, formatNumber(values?.[key], 2)))),
  );
}

function chartImage(title, base64, id) {
  return element(
    "figure",
    { className: "chart-figure" },
    element("img", { id, src: `data:image/png;base64,${base64}`, alt: `${title} of the analysis window`, loading: "lazy" }),
    element("figcaption", {}, title),
  );
}

function report(title, text, id) {
  return element("article", { className: "report", id }, element("h3", {}, title), renderMarkdown(text));
}

function footer(result) {
  const models = result.models;
  const total = result.usage?.total ?? { inputTokens: 0, outputTokens: 0 };
  const steps = Object.entries(result.timings_ms ?? {})
    .filter(([step]) => step !== "total")
    .map(([step, ms]) => `${step} ${formatDuration(ms)}`)
    .join(" · ");
  return element(
    "p",
    { className: "muted small run-facts" },
    `Agent ${models.agent.provider}/${models.agent.model} · graph ${models.graph.provider}/${models.graph.model} · `,
    `${(total.inputTokens + total.outputTokens).toLocaleString("en-US")} tokens · total ${formatDuration(result.timings_ms.total)}`,
    steps ? ` (${steps})` : "",
  );
}

export function showResult(result) {
  const container = byId("result");
  clear(container);
  const chart = element("div", { className: "candle-chart", id: "candle-chart", attributes: { role: "img", "aria-label": "Interactive candlestick chart" } });
  const chartStatus = element("p", { className: "muted small" }, "Loading the interactive chart…");
  container.append(
    decisionCard(result),
    card("Price", "chart-card", chart, chartStatus),
    card("Charts the agents read", "images-card", element("div", { className: "chart-images" }, chartImage("Pattern chart", result.pattern_chart, "pattern-chart-image"), chartImage("Trend chart", result.trend_chart, "trend-chart-image"))),
    card(
      "Reports",
      "reports-card",
      element(
        "div",
        { className: "reports" },
        report("Indicators", result.technical_indicators, "indicator-report"),
        report("Patterns", result.pattern_analysis, "pattern-report"),
        report("Trend", result.trend_analysis, "trend-report"),
      ),
    ),
    card("Latest indicator values", "indicators-card", indicatorTable(result.indicator_values), footer(result)),
  );
  container.hidden = false;
  drawCandles(chart, result.candles ?? [], { title: result.asset_name }).then(
    () => chartStatus.remove(),
    (error) => (chartStatus.textContent = `The interactive chart could not be drawn: ${error.message}`),
  );
}

export function hideResult() {
  const container = byId("result");
  container.hidden = true;
  clear(container);
}
