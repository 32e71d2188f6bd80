// @ts-check
// The header's tabs, Analyze, History and Forward, each showing its own panel. The WAI-ARIA tabs pattern: one tab in the
// Tab order (the selected one), arrow keys, Home and End move between tabs and select them, aria-selected says which
// is shown. The view is kept in the address's hash (#history, #forward), so a reload or a shared link opens the same view.

/** @typedef {"analyze" | "history" | "forward"} ViewName */

/** @type {readonly ViewName[]} */
const VIEWS = ["analyze", "history", "forward"];

/** @param {string} hash */
function viewFromHash(hash) {
  return hash === "#history" ? "history" : hash === "#forward" ? "forward" : "analyze";
}

/**
 * @param {{onShow?: (view: ViewName) => void}} [options] called each time a view is shown (the first included)
 */
export function createViewTabs({ onShow } = {}) {
  const tabs = VIEWS.map((view) => {
    const tab = document.getElementById(`${view}-tab`);
    const panel = document.getElementById(`${view}-view`);
    if (!(tab instanceof HTMLButtonElement) || !panel) throw new Error(`The page has no tab and panel for ${view}`);
    return { view, tab, panel };
  });
  /** @type {ViewName} */
  let current = "analyze";

  /**
   * @param {ViewName} view
   * @param {{focus?: boolean}} [options]
   */
  function select(view, { focus = false } = {}) {
    // Each view opens at its top: the other's scroll position means nothing here.
    if (view !== current) window.scrollTo({ top: 0, behavior: "instant" });
    current = view;
    for (const entry of tabs) {
      const selected = entry.view === view;
      entry.tab.setAttribute("aria-selected", String(selected));
      entry.tab.tabIndex = selected ? 0 : -1;
      entry.panel.hidden = !selected;
      if (selected && focus) entry.tab.focus();
    }
    const hash = view === "analyze" ? "" : `#${view}`;
    if (window.location.hash !== hash)
      window.history.replaceState(null, "", window.location.pathname + window.location.search + hash);
    onShow?.(view);
  }

  for (const [index, { view, tab }] of tabs.entries()) {
    tab.addEventListener("click", () => select(view));
    tab.addEventListener("keydown", (event) => {
      const last = tabs.length - 1;
      const target =
        event.key === "ArrowRight"
          ? index === last
            ? 0
            : index + 1
          : event.key === "ArrowLeft"
            ? index === 0
              ? last
              : index - 1
            : event.key === "Home"
              ? 0
              : event.key === "End"
                ? last
                : undefined;
      if (target === undefined) return;
      event.preventDefault();
      select(tabs[target].view, { focus: true });
    });
  }

  return {
    /** Shows the view the address names (#history, #forward), else Analyze. */
    start() {
      select(viewFromHash(window.location.hash));
    },
    select,
    /** @returns {ViewName} */
    current() {
      return current;
    },
  };
}
