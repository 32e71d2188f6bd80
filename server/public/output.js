// @ts-check
// The entry module of /output: shows the result an older client put in the address (and its charts from
// sessionStorage) with the main page's result view. The page config (indicator labels, palette) is used when the
// server gives it; without it (a server behind a token this tab has not been given) the result still shows.
import { adoptTokenFromUrl } from "./js/api-client.js";
import { byId, element } from "./js/dom.js";
import { readLegacyResults } from "./js/legacy-results.js";
import { loadPageConfig } from "./js/page-config.js";
import { showResult } from "./js/result-view.js";

async function start() {
  adoptTokenFromUrl();
  const reading = readLegacyResults(window.location, sessionStorage);
  if ("problem" in reading) {
    const panel = byId("error-panel");
    panel.append(
      element("h2", {}, "No result to show"),
      element("p", { className: "error-message", id: "error-message" }, reading.problem),
    );
    panel.hidden = false;
  } else {
    const config = await loadPageConfig().catch(() => undefined);
    showResult(byId("result"), reading.result, { config });
  }
  document.body.dataset.ready = "true";
}

start();
