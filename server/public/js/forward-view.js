// @ts-check
// The Forward tab: the watchlist analysed at every bar close (server/forward-watch.ts), an entry's status and why it is
// paused, a form to add a symbol or an asset at a timeframe, a row's pause, resume and remove buttons, and the live
// record of the entry a row opens: its decisions, their accuracy with its 95% interval, and the decisions played after
// costs beside buy-and-hold and the baselines (the backtest's lines), with the paired test against always-LONG. The
// server keeps the list; it analyses nothing itself. Nothing is asked until the tab is first shown.
import { asText, byId, clear, element, setMessage } from "./dom.js";
import {
  addWatchEntry,
  getForwardRecord,
  listWatchlist,
  removeWatchEntry,
  setWatchEntryStatus,
} from "./forward-api.js";
import { percent, ratioText, signedPercent } from "./history-format.js";

/** @typedef {import("./wire-types.js").PageConfig} PageConfig */
/** @typedef {import("./wire-types.js").WatchEntry} WatchEntry */
/** @typedef {import("./wire-types.js").ForwardRecord} ForwardRecord */

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : asText(error));

/**
 * @param {string} label the column's name, shown beside the value when the table is laid out as cards (phones)
 * @param {...(Node | string)} children
 */
function cell(label, ...children) {
  return element("td", { dataset: { label } }, ...children);
}

/** @param {WatchEntry} entry */
function statusText(entry) {
  return entry.status === "paused" ? `paused: ${asText(entry.paused_reason ?? "")}` : "active";
}

/** @param {ForwardRecord} record */
function recordFacts(record) {
  const { accuracy } = record;
  const interval =
    accuracy.ci_low === null || accuracy.ci_high === null
      ? "–"
      : `${percent(accuracy.ci_low)} to ${percent(accuracy.ci_high)}`;
  /** @type {[string, string][]} */
  const facts = [
    ["Model", asText(record.model)],
    ["Decisions", String(record.decisions.length)],
    ["Scored", String(accuracy.scored)],
    ["Hits", String(accuracy.hits)],
    ["Accuracy", percent(accuracy.rate)],
    ["95% interval", interval],
  ];
  const paired = record.backtest?.paired.find((test) => test.a === record.model);
  if (paired) facts.push(["p against always-LONG", paired.p_value.toFixed(3)]);
  return facts.flatMap(([name, value]) => [element("dt", {}, name), element("dd", { dataset: { fact: name } }, value)]);
}

/** @param {PageConfig} config */
export function createForwardView(config) {
  const form = byId("forward-add", HTMLFormElement);
  const market = byId("forward-market", HTMLInputElement);
  const kind = byId("forward-kind", HTMLSelectElement);
  const timeframe = byId("forward-timeframe", HTMLSelectElement);
  const graphModel = byId("forward-graph-model", HTMLInputElement);
  const addStatus = byId("forward-add-status");
  const status = byId("forward-status");
  const table = byId("forward-table", HTMLTableElement);
  const rows = byId("forward-rows", HTMLTableSectionElement);
  const empty = byId("forward-empty");
  const recordCard = byId("forward-record");
  const recordTitle = byId("forward-record-title");
  const recordStatus = byId("forward-record-status");
  const facts = byId("forward-record-facts");
  const lines = byId("forward-lines-rows", HTMLTableSectionElement);
  const verdict = byId("forward-verdict");
  timeframe.append(...config.timeframes.map((limit) => element("option", { value: limit.timeframe }, limit.timeframe)));
  /** @type {string | undefined} */
  let opened;

  /**
   * @param {string} text
   * @param {() => Promise<unknown>} action
   */
  function button(text, action) {
    const node = element("button", { type: "button", className: "secondary small-button" }, text);
    node.addEventListener("click", (event) => {
      event.stopPropagation();
      void run(action);
    });
    return node;
  }

  /** @param {() => Promise<unknown>} action */
  async function run(action) {
    try {
      await action();
      await reload();
    } catch (error) {
      setMessage(status, messageOf(error), "error");
    }
  }

  /** @param {WatchEntry} entry */
  function row(entry) {
    const id = asText(entry.id);
    const tr = element(
      "tr",
      { className: "history-row", tabIndex: 0, dataset: { id, status: asText(entry.status) } },
      cell("Market", element("span", { className: "history-asset" }, asText(entry.market))),
      cell("Timeframe", asText(entry.timeframe)),
      cell("Model", entry.models?.graph ? asText(entry.models.graph) : "the watcher's"),
      cell("Status", statusText(entry)),
      cell(
        "Actions",
        entry.status === "paused"
          ? button("Resume", () => setWatchEntryStatus(id, "resume"))
          : button("Pause", () => setWatchEntryStatus(id, "pause")),
        button("Remove", async () => {
          await removeWatchEntry(id);
          if (opened === id) recordCard.hidden = true;
        }),
      ),
    );
    tr.addEventListener("click", () => void open(id, entry));
    tr.addEventListener("keydown", (event) => {
      if (event.target !== tr || (event.key !== "Enter" && event.key !== " ")) return;
      event.preventDefault();
      void open(id, entry);
    });
    return tr;
  }

  /**
   * @param {string} id
   * @param {WatchEntry} entry
   */
  async function open(id, entry) {
    opened = id;
    for (const candidate of rows.rows) candidate.toggleAttribute("aria-current", candidate.dataset.id === id);
    recordTitle.textContent = `${asText(entry.market)}, ${asText(entry.timeframe)}`;
    recordCard.hidden = false;
    setMessage(recordStatus, "Reading the record…", "busy");
    try {
      const record = await getForwardRecord(id);
      if (opened !== id) return;
      clear(facts).append(...recordFacts(record));
      const backtest = record.backtest;
      clear(lines).append(
        ...(backtest?.lines ?? []).map((line) =>
          element(
            "tr",
            { dataset: { line: asText(line.name), kind: asText(line.kind) } },
            element("th", { scope: "row" }, asText(line.name)),
            element("td", {}, asText(line.trades)),
            element("td", {}, signedPercent(line.total_return)),
            element("td", {}, ratioText(line.sharpe)),
            element("td", {}, percent(line.max_drawdown, 2)),
            element("td", {}, percent(line.hit_rate, 1)),
          ),
        ),
      );
      clear(verdict).append(...(backtest?.verdict ?? []).map((text) => element("p", {}, text)));
      setMessage(
        recordStatus,
        backtest ? "" : "No decision has been followed by a bar yet: the record starts at the next bar close.",
      );
    } catch (error) {
      if (opened === id) setMessage(recordStatus, `The record could not be read: ${messageOf(error)}`, "error");
    }
  }

  async function reload() {
    table.setAttribute("aria-busy", "true");
    try {
      const { entries } = await listWatchlist();
      clear(rows).append(...entries.map(row));
      table.hidden = entries.length === 0;
      empty.hidden = entries.length > 0;
      setMessage(status, "");
    } catch (error) {
      setMessage(status, `The watchlist could not be loaded: ${messageOf(error)}`, "error");
    } finally {
      table.removeAttribute("aria-busy");
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = market.value.trim();
    if (!text) {
      setMessage(addStatus, "Give a symbol (ETH-USD, binance:BTC/USDT) or an asset code (BTC).", "error");
      return;
    }
    setMessage(addStatus, "Adding…", "busy");
    const picked = kind.value === "asset" ? { asset: text } : { symbol: text };
    // The entry's own graph model, at the watcher's provider; none: the watcher's.
    const model = graphModel.value.trim();
    void addWatchEntry({ ...picked, timeframe: timeframe.value, ...(model ? { models: { graph: model } } : {}) }).then(
      async ({ entry }) => {
        market.value = "";
        graphModel.value = "";
        const own = entry.models?.graph ? ` with ${asText(entry.models.graph)}` : "";
        setMessage(addStatus, `Watching ${asText(entry.market)} ${asText(entry.timeframe)}${own}.`, "ok");
        await reload();
      },
      (error) => setMessage(addStatus, messageOf(error), "error"),
    );
  });

  return {
    /** Called each time the tab is shown: the list as it is now (an entry may have paused meanwhile). */
    shown() {
      void reload();
    },
  };
}
