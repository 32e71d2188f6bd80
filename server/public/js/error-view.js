// Errors in the page, in plain words, each with a pointer to its fix (the server's message says what is wrong;
// the hint here says where to go). Chosen by the error's `code` from the server, never by matching its text.
import { byId, clear, element, scrollIntoView } from "./dom.js";
import { providerName } from "./settings-panel.js";

function hintFor(error) {
  const provider = providerName(error.provider ?? "") || "provider";
  switch (error.code) {
    case "missing_api_key":
      return { text: `Open Settings to add your ${provider} key.`, action: "settings" };
    case "provider_auth":
      return { text: `Open Settings to paste a valid ${provider} key, then press Validate.`, action: "settings" };
    case "provider_quota":
      return { text: `Check your ${provider} plan and billing, or switch provider in Settings.`, action: "settings" };
    case "provider_model_not_found":
      return { text: "Switch provider in Settings, or set a model name your account can use.", action: "settings" };
    case "provider_rate_limit":
      return { text: "Wait a minute, then run again." };
    case "provider_network":
      return { text: "Check this server's internet connection, proxy or provider base URL." };
    case "no_data":
      return { text: "Choose another asset, or a more recent range: intraday bars only go back weeks to months." };
    case "date_range":
      return { text: "Shorten the date range: the pickers show the limit for each timeframe." };
    case "not_enough_data":
      return { text: "Pick an earlier start or a shorter timeframe, so the range holds at least 35 bars." };
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

export function createErrorView({ openSettings, askForToken }) {
  const panel = byId("error-panel");

  return {
    show(error, { title = "Something went wrong" } = {}) {
      if (error?.code === "unauthorized") askForToken();
      const hint = hintFor(error);
      clear(panel);
      panel.append(element("h2", {}, title), element("p", { className: "error-message", id: "error-message" }, error?.message ?? String(error)));
      if (hint) {
        const line = element("p", { className: "error-hint", id: "error-hint" }, hint.text);
        if (hint.action === "settings") {
          line.append(" ", element("button", { type: "button", className: "secondary small-button", onclick: () => openSettings({ provider: error.provider }) }, "Open Settings"));
        }
        panel.append(line);
      }
      panel.hidden = false;
      scrollIntoView(panel, "nearest");
    },
    hide() {
      panel.hidden = true;
      clear(panel);
    },
  };
}
