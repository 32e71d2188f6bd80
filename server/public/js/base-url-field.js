// @ts-check
// A provider's base URL in Settings, beside its key: where its requests go now (set here, from its environment
// variable, or its own address), a field to point it at a local OpenAI-compatible server or a gateway, and a button
// back to the default. Saving goes through POST /api/update-base-url: no key set before a change is sent to the new
// address (the server removes a saved one and holds back the environment's), and its answer says so.
import { apiPost } from "./api-client.js";
import { byId } from "./dom.js";

/** @typedef {import("./wire-types.js").KeyStatus} KeyStatus */
/** @typedef {{message: string, key_removed: boolean}} BaseUrlAnswer */

/**
 * Where a provider's requests go, in words: "Requests go to http://localhost:11434/v1 (set here)."
 * @param {KeyStatus | undefined} status
 * @param {string | null | undefined} envVar
 */
export function describeBaseUrl(status, envVar) {
  if (!status || status.base_url_source === undefined) return "";
  const where = status.base_url ?? "the provider's own address";
  if (status.base_url_source === "config")
    return status.has_key || status.needs_key === false
      ? `Requests go to ${where} (set here).`
      : `Requests go to ${where} (set here): no key set before this address is sent there; save the key for it above.`;
  if (status.base_url_source === "environment") return `Requests go to ${where} (from ${envVar ?? "the environment"}).`;
  return `Requests go to ${where} (the default).`;
}

/**
 * @param {{provider: () => string, guarded: (control: HTMLButtonElement, work: () => Promise<void>) => Promise<void>, onSaved: (provider: string, answer: BaseUrlAnswer) => Promise<void>}} options
 */
export function createBaseUrlField({ provider, guarded, onSaved }) {
  const input = byId("base-url-input", HTMLInputElement);
  const status = byId("base-url-status");
  const saveButton = byId("save-base-url-button", HTMLButtonElement);
  const resetButton = byId("reset-base-url-button", HTMLButtonElement);

  /**
   * @param {HTMLButtonElement} button
   * @param {string} baseUrl "" for the default
   */
  function save(button, baseUrl) {
    return guarded(button, async () => {
      const id = provider();
      const answer = /** @type {BaseUrlAnswer} */ (
        await apiPost("/api/update-base-url", { provider: id, base_url: baseUrl })
      );
      await onSaved(id, answer);
    });
  }
  saveButton.addEventListener("click", () => void save(saveButton, input.value.trim()));
  resetButton.addEventListener("click", () => void save(resetButton, ""));

  return {
    /**
     * Shows a provider's address; the field holds it only when it was set here.
     * @param {KeyStatus | undefined} keyStatus
     * @param {string | null | undefined} envVar
     */
    show(keyStatus, envVar) {
      status.textContent = describeBaseUrl(keyStatus, envVar);
      input.value = keyStatus?.base_url_source === "config" ? (keyStatus.base_url ?? "") : "";
    },
  };
}
