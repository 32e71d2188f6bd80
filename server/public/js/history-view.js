// @ts-check
// The History tab: the filters, the list of recorded analyses, accuracy per model, the runs queued for workers, one
// opened analysis, the backtest runs with their equity charts and the chart-reading probe runs with their scores,
// wired together. Nothing is asked of the journal until the tab is first shown; each time it is shown again with the list
// in view (an analysis may have been run since), the list and the accuracy are reloaded from the first page.
import { createAccuracyTable } from "./accuracy-table.js";
import { createBacktestRuns } from "./backtest-runs.js";
import { byId, scrollIntoView, setMessage } from "./dom.js";
import { createErrorView } from "./error-view.js";
import { createHistoryDetail } from "./history-detail.js";
import { createHistoryFilters } from "./history-filters.js";
import { createHistoryList } from "./history-list.js";
import { createProbeRuns } from "./probe-runs.js";
import { createQueuedRuns } from "./queued-runs.js";

/** @typedef {import("./wire-types.js").PageConfig} PageConfig */

/**
 * @param {{config: PageConfig, openSettings: (options: {provider?: string}) => void, askForToken: () => void}} options
 */
export function createHistoryView({ config, openSettings, askForToken }) {
  const listCard = byId("history-list-card");
  const backtestCard = byId("backtest-runs-card");
  const probeCard = byId("probe-runs-card");
  const listStatus = byId("history-status");
  const listErrors = createErrorView({
    config,
    openSettings,
    askForToken,
    panelId: "history-error-panel",
    idPrefix: "history-error",
  });
  const detailErrors = createErrorView({
    config,
    openSettings,
    askForToken,
    panelId: "history-detail-error",
    idPrefix: "history-detail-error",
  });

  const list = createHistoryList({
    onOpen: (id, summary) => {
      listErrors.hide();
      setMessage(listStatus, "");
      listCard.hidden = true;
      backtestCard.hidden = true;
      probeCard.hidden = true;
      void detail.open(id, summary);
    },
    onError: (error) => listErrors.show(error, { title: "The history could not be loaded" }),
  });
  const accuracy = createAccuracyTable({ onScored: () => refresh() });
  const runs = createQueuedRuns({
    onError: (error) => listErrors.show(error, { title: "The queued runs could not be loaded" }),
  });
  const backtests = createBacktestRuns();
  const probes = createProbeRuns();
  const filters = createHistoryFilters({ config, onChange: () => refresh() });
  const detail = createHistoryDetail({
    config,
    errors: detailErrors,
    onClose: (id) => {
      listCard.hidden = false;
      backtestCard.hidden = false;
      probeCard.hidden = false;
      list.focus(id);
    },
    onDeleted: () => {
      setMessage(listStatus, "The analysis was deleted.", "ok");
      void refresh();
      scrollIntoView(listCard, "start");
    },
  });

  /** The list from its first page and the accuracy, for the filters as they are now. */
  function refresh() {
    listErrors.hide();
    const filter = filters.current();
    return Promise.all([list.reload(filter), accuracy.refresh(filter), backtests.reload(), probes.reload()]);
  }

  return {
    /** Called each time the tab is shown. */
    shown() {
      void runs.shown();
      if (!detail.isOpen()) void refresh();
    },
  };
}
