// @ts-check
// Errors in the page, in plain words, each with a pointer to its fix (the server's message says what is wrong; the
// hint here says where to go in this page). Chosen by the error's `code` from the server, never by matching its
// text. Where the server's sentence speaks to library users rather than to someone at the page (a missing key: config
// fields, environment variables; no network: request syntax, the transport's own words), the page says it in plain
// words instead and keeps the server's sentence, with its code, in a folded "Technical details" line.
import { byId, clear, element, scrollIntoView } from "./dom.js";
import { providerName } from "./page-config.js";

/** @typedef {import("./wire-types.js").PageConfig} PageConfig */
/** @typedef {{message?: string, code?: string, provider?: string, details?: unknown}} ShownError */
/** @typedef {{text: string, action?: "settings" | "sample"}} Hint */

/**
 * Where the bars of a not_enough_data error came from ("range", "csv", ...), from the error body's details.
 * @param {ShownError} error
 */
function barsSource(error) {
  const details = /** @type {{source?: unknown} | undefined} */ (error.details);
  return typeof details?.source === "string" ? details.source : "range";
}

/**
 * @param {ShownError} error
 * @param {PageConfig | undefined} config
 * @returns {Hint | undefined}
 */
function hintFor(error, config) {
  const provider = providerName(config, error.provider) || "provider";
  switch (error.code) {
    case "missing_api_key":
      return {
        text: `Open Settings, choose ${provider} as the provider, paste your ${provider} API key and press Save key. Then run again. No key yet? Choose Demo as the provider to try the page with scripted answers.`,
        action: "settings",
      };
    case "provider_auth":
      return {
        text: `Open Settings to paste a valid ${provider} key, then press Save key: it is checked at once.`,
        action: "settings",
      };
    case "provider_quota":
      return { text: `Check your ${provider} plan and billing, or switch provider in Settings.`, action: "settings" };
    case "provider_model_not_found":
      return { text: "Switch provider in Settings, or set a model name your account can use.", action: "settings" };
    case "provider_rate_limit":
      return { text: "Wait a minute, then run again." };
    case "provider_network":
      return {
        text: "Check the connection, then run again. No network? Choose Demo as the provider in Settings: it needs no key and no network.",
        action: "settings",
      };
    case "market_data":
      return {
        text: "Check the connection, then run again. No network? Choose Sample data (windows shipped with the server) or Upload CSV: neither needs market access.",
        action: "sample",
      };
    case "no_data":
      return {
        text: "Choose another asset, or a more recent range: intraday bars only go back weeks to months. Or choose Sample data, which needs no market access.",
        action: "sample",
      };
    case "invalid_sample":
      return { text: "Choose another sample asset or window in the Analysis form." };
    case "server_shutting_down":
      return { text: "Start the server again (npm start), reload this page, then run the analysis again." };
    case "date_range":
      return { text: "Shorten the date range: the pickers show the limit for each timeframe." };
    case "not_enough_data":
      return barsSource(error) === "csv"
        ? {
            text: `Choose a CSV file with at least ${config?.bars.minimum ?? "enough"} bars of the timeframe you pick.`,
          }
        : {
            text: `Pick an earlier start or a shorter timeframe, so the range holds at least ${config?.bars.minimum ?? "enough"} bars.`,
          };
    case "invalid_csv":
      return { text: "Check the file: it needs Datetime (or Date), Open, High, Low and Close columns." };
    case "unauthorized":
      return { text: "Paste the server's access token in the banner at the top." };
    case "forbidden_origin":
    case "forbidden_host":
      return { text: "Open the page from the server's own address (the one it printed when it started)." };
    case "network":
      return { text: "Check that the server is running, then reload the page." };
    default:
      return undefined;
  }
}

/**
 * Where the market data came from, from the error body's details: a crypto exchange names itself, else Yahoo.
 * @param {ShownError} error
 */
function marketSource(error) {
  const details = /** @type {{exchange?: unknown} | undefined} */ (error.details);
  return typeof details?.exchange === "string" && details.exchange !== "" ? details.exchange : "Yahoo Finance";
}

/**
 * The page's own sentence for an error whose server message is not for someone at the page (see the header).
 * @param {ShownError} error
 * @param {PageConfig | undefined} config
 * @returns {string | undefined}
 */
function plainMessageFor(error, config) {
  const provider = providerName(config, error.provider) || "The model provider";
  switch (error.code) {
    case "missing_api_key":
      return `No ${providerName(config, error.provider) || "provider"} API key is set on this server yet.`;
    case "provider_network":
      return `${provider} could not be reached from this server, so the analysis stopped. The server may have no internet connection, a proxy may be in the way, or the provider's address (its base URL) may be wrong.`;
    case "market_data":
      return `The market data could not be fetched: ${marketSource(error)} could not be reached from this server, or did not answer as expected. The server may have no internet connection, or the market data service may be down.`;
    default:
      return undefined;
  }
}

/**
 * The server's sentence and code, for the folded "Technical details" under a plain message.
 * @param {ShownError} error
 */
function technicalDetails(error) {
  return [error.message, error.code ? `(${error.code})` : undefined].filter(Boolean).join(" ");
}

/**
 * The Analyze view's panel by default; another view passes its own panel and a prefix for the ids inside it, so two
 * panels never share an id.
 * @param {{config?: PageConfig, openSettings: (options: {provider?: string}) => void, askForToken: () => void, useSource?: (source: string) => void, panelId?: string, idPrefix?: string}} options
 */
export function createErrorView({
  config,
  openSettings,
  askForToken,
  useSource,
  panelId = "error-panel",
  idPrefix = "error",
}) {
  const panel = byId(panelId);
  let currentConfig = config;
  /** @type {ShownError | undefined} */
  let current;

  return {
    /** @param {PageConfig} loaded the page config, once loaded (errors before that use generic words) */
    setConfig(loaded) {
      currentConfig = loaded;
    },

    /**
     * @param {unknown} error
     * @param {{title?: string}} [options]
     */
    show(error, { title = "Something went wrong" } = {}) {
      const shown = /** @type {ShownError} */ (
        error instanceof Error || (typeof error === "object" && error !== null) ? error : { message: String(error) }
      );
      if (shown.code === "unauthorized") askForToken();
      const hint = hintFor(shown, currentConfig);
      const plain = plainMessageFor(shown, currentConfig);
      clear(panel);
      panel.append(
        element("h2", {}, title),
        element(
          "p",
          { className: "error-message", id: `${idPrefix}-message` },
          plain ?? shown.message ?? String(error),
        ),
      );
      current = shown;
      if (hint) {
        const line = element("p", { className: "error-hint", id: `${idPrefix}-hint` }, hint.text);
        if (hint.action === "sample" && useSource) {
          line.append(
            " ",
            element(
              "button",
              { type: "button", className: "secondary small-button", onclick: () => useSource("sample") },
              "Use Sample data",
            ),
          );
        }
        if (hint.action === "settings") {
          line.append(
            " ",
            element(
              "button",
              {
                type: "button",
                className: "secondary small-button",
                onclick: () => openSettings({ provider: shown.provider }),
              },
              "Open Settings",
            ),
          );
        }
        panel.append(line);
      }
      // The server's own words stay at hand for a report or a search, folded and small (not for a missing key: its
      // message names config fields and environment variables, and the page's sentence says it all).
      if (plain && shown.code !== "missing_api_key" && shown.message) {
        panel.append(
          element(
            "details",
            { className: "error-details", id: `${idPrefix}-details` },
            element("summary", {}, "Technical details"),
            element("p", {}, technicalDetails(shown)),
          ),
        );
      }
      panel.hidden = false;
      // The panel's scroll-margin-top keeps it below the sticky header, so the message itself is in view.
      scrollIntoView(panel, "start");
    },

    hide() {
      panel.hidden = true;
      clear(panel);
      current = undefined;
    },

    /**
     * Hides the panel when what it shows is no longer true (a key saved since the "no key" error, say).
     * @param {(shown: ShownError) => boolean} stale
     */
    hideIf(stale) {
      if (current && !panel.hidden && stale(current)) this.hide();
    },
  };
}
