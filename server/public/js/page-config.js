// @ts-check
// The library's rules and labels as the server serves them (GET /api/page-config): providers, the symbol rule, bar
// counts, the CSV limit, steps, indicators, timeframes and the chart palette. Loaded once at start and handed to
// every part of the page, so none of them repeats a rule the server enforces.
import { apiGet } from "./api-client.js";

/** @typedef {import("./wire-types.js").PageConfig} PageConfig */

/** @returns {Promise<PageConfig>} */
export function loadPageConfig() {
  return apiGet("/api/page-config");
}

/**
 * A provider's display name ("OpenAI"), or the id itself for one the config does not list.
 * @param {PageConfig | undefined} config
 * @param {string | undefined} id
 * @returns {string}
 */
export function providerName(config, id) {
  if (!id) return "";
  return config?.providers.find((provider) => provider.id === id)?.name ?? id;
}

/**
 * The symbol rule as a regular expression (the server sends its source; compiled here without flags, as there).
 * @param {PageConfig} config
 * @returns {RegExp}
 */
export function symbolPattern(config) {
  return new RegExp(config.symbol.pattern);
}
