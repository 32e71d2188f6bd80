// @ts-check
// What the optional stages added to a result, shown only when they ran: the risk levels (or the reason there are
// none), the lessons memory gave the Decision agent and the lesson about this analysis, and the bull/bear debate.
// Lessons are model text shown as text; the debate's arguments as the same sanitised markdown as the reports.
import { asText, element, formatNumber, formatUtcMinute } from "./dom.js";
import { renderMarkdown } from "./markdown.js";

/** @typedef {import("./result-view.js").ShownResult} ShownResult */
/** @typedef {import("./wire-types.js").OutcomeAtHorizon} OutcomeAtHorizon */

/**
 * "memory 3, debate 2, risk"
 * @param {ShownResult["stages"]} stages
 */
export function describeStages(stages) {
  if (!stages) return "";
  return [
    stages.memory ? `memory ${formatNumber(stages.memory.lessons, 0)}` : "",
    stages.debate ? `debate ${formatNumber(stages.debate.rounds, 0)}` : "",
    stages.risk ? "risk" : "",
  ]
    .filter(Boolean)
    .join(", ");
}

/**
 * "+0.40% after 1 bar, -1.20% after 3 bars"
 * @param {(Omit<OutcomeAtHorizon, "bars"> & {bars: number})[] | null | undefined} outcome a summary's, or a recalled lesson's (any bar count)
 */
function outcomeText(outcome) {
  if (!Array.isArray(outcome)) return "outcome not recorded";
  return outcome
    .map((horizon) => {
      const percent = formatNumber(horizon.return * 100, 2);
      return `${horizon.return > 0 ? "+" : ""}${percent}% after ${horizon.bars} bar${horizon.bars === 1 ? "" : "s"}`;
    })
    .join(", ");
}

/**
 * @param {string} term
 * @param {string} value
 * @param {string} id
 */
function fact(term, value, id) {
  return element("div", {}, element("dt", {}, term), element("dd", { id }, value));
}

/** @param {ShownResult} result */
function riskPart(result) {
  const risk = result.risk;
  if (!risk) return null;
  if (risk.stop_loss === null || risk.take_profit === null)
    return element("p", { className: "risk-none", id: "risk-reason" }, `No risk levels: ${asText(risk.reason)}.`);
  return element(
    "dl",
    { className: "decision-facts risk-levels", id: "risk-levels" },
    fact("Stop-loss", formatNumber(risk.stop_loss, 6), "stop-loss"),
    fact("Take-profit", formatNumber(risk.take_profit, 6), "take-profit"),
    fact("Size", `${formatNumber((risk.size ?? 0) * 100, 1)}% of equity`, "position-size"),
    fact("Stop beyond", `${asText(risk.basis)} (ATR ${formatNumber(risk.atr, 6)})`, "risk-basis"),
  );
}

/** @param {ShownResult} result */
function memoryPart(result) {
  const memory = result.memory;
  const stored = result.lesson?.text;
  const written = memory?.lesson ?? stored;
  if (!memory && written === undefined) return null;
  const recalled = memory?.recalled ?? [];
  return element(
    "div",
    { className: "lessons", id: "lessons" },
    memory
      ? element(
          "h3",
          {},
          recalled.length === 0
            ? "No earlier lesson was known by this window's end"
            : "Lessons given to the Decision agent",
        )
      : null,
    recalled.length > 0
      ? element(
          "ul",
          { className: "lesson-list" },
          recalled.map((lesson) =>
            element(
              "li",
              {},
              element(
                "span",
                { className: "muted small" },
                `${asText(lesson.decision)} at ${formatUtcMinute(asText(lesson.window_end))} UTC · ${outcomeText(lesson.outcome)}: `,
              ),
              asText(lesson.text),
            ),
          ),
        )
      : null,
    written === undefined
      ? null
      : element("p", { id: "lesson-written" }, element("strong", {}, "Lesson about this order: "), asText(written)),
  );
}

/** @param {ShownResult} result */
function debatePart(result) {
  const turns = Array.isArray(result.debate) ? result.debate : [];
  if (turns.length === 0) return null;
  return element(
    "div",
    { className: "reports debate", id: "debate" },
    turns.map((turn, index) =>
      element(
        "article",
        { className: `report debate-turn ${turn.side === "bull" ? "bull" : "bear"}`, id: `debate-turn-${index}` },
        element("h3", {}, `${turn.side === "bull" ? "Bull" : "Bear"} researcher, round ${formatNumber(turn.round, 0)}`),
        renderMarkdown(turn.text),
      ),
    ),
  );
}

/**
 * The stages' card, or null when no stage ran (and no lesson was stored).
 * @param {ShownResult} result
 */
export function stagesCard(result) {
  const parts = [riskPart(result), memoryPart(result), debatePart(result)].filter((part) => part !== null);
  if (parts.length === 0) return null;
  const ran = describeStages(result.stages);
  return element(
    "section",
    { className: "card stages-card", id: "stages-card" },
    element(
      "div",
      { className: "card-head" },
      element("h2", {}, "Extra stages"),
      ran ? element("span", { className: "muted small" }, ran) : null,
    ),
    element("div", { className: "card-body" }, ...parts),
  );
}
