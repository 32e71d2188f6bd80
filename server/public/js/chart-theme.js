// @ts-check
// The interactive chart's text and grid colours, taken from the page's CSS custom properties (--chart-text,
// --chart-grid), so the light and dark themes are defined once, in styles.css. Candle and trendline colours are
// not here: they are the agents' palette and the same in both themes.

const DARK_SCHEME = "(prefers-color-scheme: dark)";

/** @returns {{text: string, grid: string}} */
export function chartTheme() {
  const style = getComputedStyle(document.documentElement);
  return {
    text: style.getPropertyValue("--chart-text").trim() || "#334155",
    grid: style.getPropertyValue("--chart-grid").trim() || "#e2e8f0",
  };
}

/**
 * Calls `update` whenever the system switches between light and dark, for as long as `owner` is in the page.
 * @param {Element} owner
 * @param {() => void} update
 */
export function onThemeChange(owner, update) {
  const query = window.matchMedia(DARK_SCHEME);
  const listener = () => {
    if (owner.isConnected) update();
    else query.removeEventListener("change", listener);
  };
  query.addEventListener("change", listener);
}
