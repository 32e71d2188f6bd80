// @ts-check
// The timeframe selector and the start/end pickers (UTC). They follow the lookback table from the server: the
// start picker's min is end minus the timeframe's limit, a change that would break a rule moves the other end and
// says why, and every range is also checked by the server (POST /api/validate-date-range) with its answer shown.
import { apiPost } from "./api-client.js";
import {
  countDays,
  DAY_MS,
  DEFAULT_RANGE_DAYS,
  enforceRange,
  floorToMinute,
  fromInputValue,
  MINUTE_MS,
  TIMEFRAME_NAMES,
  toInputValue,
} from "./date-limits.js";
import { byId, clear, element, setMessage } from "./dom.js";

/** @typedef {import("./wire-types.js").TimeframeLimit} TimeframeLimit */

/**
 * @param {{limits: TimeframeLimit[], minimumBars: number, initialTimeframe?: string}} options
 */
export function createDateRangePicker({ limits, minimumBars, initialTimeframe = "4h" }) {
  const timeframeSelect = byId("timeframe-select", HTMLSelectElement);
  const startInput = byId("start-input", HTMLInputElement);
  const endInput = byId("end-input", HTMLInputElement);
  const message = byId("range-message");
  const byTimeframe = new Map(limits.map((limit) => [limit.timeframe, limit]));
  let serverCheck = 0;

  clear(timeframeSelect);
  for (const limit of limits) {
    const name = TIMEFRAME_NAMES[limit.timeframe] ?? limit.timeframe;
    timeframeSelect.append(
      element("option", { value: limit.timeframe }, `${limit.timeframe} · ${name} (up to ${limit.max_days} days)`),
    );
  }
  timeframeSelect.value = byTimeframe.has(initialTimeframe) ? initialTimeframe : limits[0].timeframe;

  /** @returns {TimeframeLimit} */
  const limit = () => byTimeframe.get(timeframeSelect.value) ?? limits[0];

  /**
   * "N days selected; 1m bars: at most 7 days." plus a warning when the range cannot hold the minimum of bars.
   * @param {number} startMs
   * @param {number} endMs
   * @param {{withLimit: boolean}} options
   * @returns {{text: string, tone: "" | "warn"}}
   */
  function describe(startMs, endMs, { withLimit }) {
    const { timeframe, max_days: maxDays, bar_seconds: barSeconds } = limit();
    const days = countDays(startMs, endMs);
    const parts = [
      `${days} day${days === 1 ? "" : "s"} selected${withLimit ? `; ${timeframe} bars: at most ${maxDays} days` : ""}.`,
    ];
    // Markets close at night and at weekends, so this is an upper bound; below the minimum the analysis cannot run.
    const barMs = (barSeconds ?? 30 * 86_400) * 1000;
    const bars = Math.floor((endMs - startMs) / barMs);
    if (bars < minimumBars)
      parts.push(
        `That is at most ${bars} bars; an analysis needs ${minimumBars}. Pick an earlier start or a shorter timeframe.`,
      );
    return { text: parts.join(" "), tone: bars < minimumBars ? "warn" : "" };
  }

  /**
   * Re-applies the rules after a change to `changed` and updates the pickers' min/max and the message; after a
   * user's change the server's own check runs too (not on Run: the analysis request is checked anyway).
   * @param {"start" | "end" | "timeframe"} changed
   * @param {{checkServer?: boolean}} [options]
   */
  function enforce(changed, { checkServer = true } = {}) {
    const nowMs = floorToMinute(Date.now());
    const { max_days: maxDays, timeframe } = limit();
    const range = enforceRange({
      startMs: fromInputValue(startInput.value),
      endMs: fromInputValue(endInput.value),
      maxDays,
      timeframe,
      changed,
      nowMs,
    });
    startInput.value = toInputValue(range.startMs);
    endInput.value = toInputValue(range.endMs);
    startInput.min = toInputValue(range.endMs - maxDays * DAY_MS);
    startInput.max = toInputValue(range.endMs - MINUTE_MS);
    endInput.max = toInputValue(nowMs);
    const summary = describe(range.startMs, range.endMs, { withLimit: range.notes.length === 0 });
    if (range.notes.length > 0) {
      setMessage(message, `${range.notes.join(" ")} ${summary.text}`, "warn");
    } else {
      setMessage(message, summary.text, summary.tone);
    }
    if (checkServer) void checkOnServer(range);
    return range;
  }

  /** @param {{startMs: number, endMs: number}} range */
  async function checkOnServer(range) {
    const check = ++serverCheck;
    try {
      const answer = await apiPost("/api/validate-date-range", {
        timeframe: timeframeSelect.value,
        start: new Date(range.startMs).toISOString(),
        end: new Date(range.endMs).toISOString(),
      });
      if (check !== serverCheck || answer.valid) return;
      setMessage(message, answer.error, "error");
    } catch (error) {
      if (check === serverCheck) setMessage(message, error instanceof Error ? error.message : String(error), "error");
    }
  }

  timeframeSelect.addEventListener("change", () => enforce("timeframe"));
  startInput.addEventListener("change", () => enforce("start"));
  endInput.addEventListener("change", () => enforce("end"));

  // A first range that suits the default timeframe: the last N days up to now.
  const nowMs = floorToMinute(Date.now());
  endInput.value = toInputValue(nowMs);
  startInput.value = toInputValue(
    nowMs - Math.min(DEFAULT_RANGE_DAYS[timeframeSelect.value] ?? 30, limit().max_days) * DAY_MS,
  );
  enforce("timeframe");

  return {
    timeframe: () => timeframeSelect.value,
    /** The current range, re-checked; ISO strings in UTC. */
    range() {
      const range = enforce("timeframe", { checkServer: false });
      return { start: new Date(range.startMs).toISOString(), end: new Date(range.endMs).toISOString() };
    },
    /**
     * Fixes the timeframe (sample windows come in one) or, with undefined, gives the choice back as it was.
     * @param {string | undefined} timeframe
     */
    lockTimeframe(timeframe) {
      if (timeframe === undefined) {
        if (!timeframeSelect.disabled) return;
        timeframeSelect.disabled = false;
        timeframeSelect.value = timeframeSelect.dataset.chosen ?? timeframeSelect.value;
        enforce("timeframe", { checkServer: false });
        return;
      }
      if (!timeframeSelect.disabled) timeframeSelect.dataset.chosen = timeframeSelect.value;
      if (byTimeframe.has(timeframe)) timeframeSelect.value = timeframe;
      timeframeSelect.disabled = true;
    },
    /** @param {boolean} enabled */
    setDatesEnabled(enabled) {
      startInput.disabled = !enabled;
      endInput.disabled = !enabled;
      byId("date-range").hidden = !enabled;
      message.hidden = !enabled;
    },
  };
}
