// @ts-check
// The Settings panel: choose the provider (both model roles switch), paste a key and save it (applied at once on
// the server, then checked with one real provider call), validate again on demand, point the provider at another
// server (its base URL: Ollama, LM Studio, vLLM, a gateway), and see each provider's masked key with the result of
// its last check: valid, invalid with the provider's words, not checked because the provider could not be reached, or
// could not check. The demo provider needs no key and has no address: its part of the form is a note instead.
import { apiGet, apiPost } from "./api-client.js";
import { createBaseUrlField } from "./base-url-field.js";
import { byId, clear, element, scrollIntoView, setMessage } from "./dom.js";
import { providerName } from "./page-config.js";

/** @typedef {import("./wire-types.js").PageConfig} PageConfig */
/** @typedef {import("./wire-types.js").KeyStatus} KeyStatus */
/** @typedef {import("./wire-types.js").KeyValidation} KeyValidation */
/** @typedef {import("./wire-types.js").ModelSelection} ModelSelection */
/** @typedef {{state: "checking" | "valid" | "invalid" | "unreachable" | "unchecked", detail: string}} Validation */

/** @type {Readonly<Record<Validation["state"], string>>} */
const VALIDATION_TEXT = {
  checking: "checking…",
  valid: "valid",
  invalid: "invalid",
  unreachable: "not checked (provider unreachable)",
  unchecked: "could not check",
};

/**
 * Codes that mean "the provider refused this key"; any other failure of the check says nothing about the key.
 * Servers that send `status` say it themselves; older ones send a code, or (older still) nothing: invalid.
 */
const KEY_REFUSED_CODES = new Set(["provider_auth", "missing_api_key"]);

/**
 * @param {KeyValidation} answer
 * @returns {Validation}
 */
function validationFrom(answer) {
  if (answer.valid) return { state: "valid", detail: answer.message };
  if (answer.status === "invalid" || answer.status === "unreachable" || answer.status === "unchecked")
    return { state: answer.status, detail: answer.error };
  if (answer.code === undefined || KEY_REFUSED_CODES.has(answer.code))
    return { state: "invalid", detail: answer.error };
  return { state: answer.code === "provider_network" ? "unreachable" : "unchecked", detail: answer.error };
}

/**
 * @param {{config: PageConfig, onError?: (error: unknown) => void, onKeyReady?: () => void}} options
 */
export function createSettingsPanel({ config, onError, onKeyReady }) {
  const panel = byId("settings-panel", HTMLDetailsElement);
  const providerSelect = byId("provider-select", HTMLSelectElement);
  const modelsLine = byId("provider-models");
  const keyInput = byId("api-key-input", HTMLInputElement);
  const keyProviderName = byId("key-provider-name");
  const saveButton = byId("save-key-button", HTMLButtonElement);
  const validateButton = byId("validate-key-button", HTMLButtonElement);
  const message = byId("key-message");
  const statusList = byId("key-status-list");
  const summary = byId("settings-summary");
  const keyFields = byId("key-fields");
  const demoNote = byId("demo-note");
  /** @type {Map<string, KeyStatus>} */
  const statuses = new Map();
  /** @type {Map<string, Validation>} */
  const validations = new Map();

  clear(providerSelect);
  for (const provider of config.providers)
    providerSelect.append(element("option", { value: provider.id }, provider.name));
  const envVars = byId("key-env-vars");
  clear(envVars);
  const variables = config.providers.flatMap((provider) => (provider.key_env_var ? [provider.key_env_var] : []));
  variables.forEach((variable, index) => {
    if (index > 0) envVars.append(index === variables.length - 1 ? " or " : ", ");
    envVars.append(element("code", {}, variable));
  });

  /** @param {string} id */
  const nameOf = (id) => providerName(config, id);
  /** @param {string} id */
  const needsKey = (id) => statuses.get(id)?.needs_key !== false && id !== "demo";

  /** The key and address fields for a provider that has them; a note for the demo, which has neither. */
  function showProviderFields() {
    const provider = providerSelect.value;
    const keyless = !needsKey(provider);
    keyFields.hidden = keyless;
    demoNote.hidden = !keyless;
    const envVar = config.providers.find((entry) => entry.id === provider)?.key_env_var;
    baseUrl.show(statuses.get(provider), envVar);
  }

  /** @param {ModelSelection} selection */
  function showConfig(selection) {
    providerSelect.value = selection.agent_llm_provider;
    keyProviderName.textContent = nameOf(selection.agent_llm_provider);
    modelsLine.textContent = `Agent model ${selection.agent_llm_model} · graph model ${selection.graph_llm_model}`;
    agentModelInput.value = selection.agent_llm_model;
    graphModelInput.value = selection.graph_llm_model;
    showProviderFields();
  }

  /** @param {Validation | undefined} validation */
  function validationBadge(validation) {
    if (!validation) return null;
    return element(
      "span",
      { className: "key-validation", dataset: { validation: validation.state } },
      VALIDATION_TEXT[validation.state],
    );
  }

  function renderStatuses() {
    clear(statusList);
    for (const provider of config.providers) {
      const status = statuses.get(provider.id);
      const validation = status?.has_key ? validations.get(provider.id) : undefined;
      const active = provider.id === providerSelect.value;
      // A rejected key is not "in use" in any useful sense: the tag says so instead.
      const tag = active
        ? element(
            "span",
            { className: `tag ${validation?.state === "invalid" ? "short" : ""}` },
            validation?.state === "invalid" ? "key rejected" : "in use",
          )
        : null;
      statusList.append(
        element(
          "li",
          { className: active ? "active" : "", dataset: { provider: provider.id } },
          element(
            "div",
            { className: "key-row" },
            element("span", { className: "key-provider" }, provider.name, tag),
            element(
              "span",
              { className: "key-state" },
              status?.has_key
                ? element("code", { className: "key-masked" }, status.masked_key ?? "")
                : element(
                    "span",
                    { className: "key-missing" },
                    !status ? "…" : status.needs_key === false ? "no key needed" : "no key",
                  ),
              validationBadge(validation),
            ),
          ),
          validation && validation.state !== "valid" && validation.state !== "checking"
            ? element("p", { className: "key-validation-detail" }, validation.detail)
            : null,
        ),
      );
    }
    const current = statuses.get(providerSelect.value);
    const currentCheck = current?.has_key ? validations.get(providerSelect.value) : undefined;
    const keyless = !needsKey(providerSelect.value);
    const keyText = keyless ? "no key needed" : current?.has_key ? current.masked_key : "no key";
    summary.textContent = `${nameOf(providerSelect.value)} · ${keyText}${currentCheck && currentCheck.state !== "checking" ? ` · ${VALIDATION_TEXT[currentCheck.state]}` : ""}`;
    summary.dataset.tone = !keyless && (!current?.has_key || currentCheck?.state === "invalid") ? "warn" : "ok";
    showProviderFields();
  }

  async function refreshStatuses() {
    const answers = await Promise.all(
      config.providers.map((provider) => apiGet(`/api/get-api-key-status?provider=${encodeURIComponent(provider.id)}`)),
    );
    config.providers.forEach((provider, index) => statuses.set(provider.id, answers[index]));
    renderStatuses();
  }

  async function refresh() {
    const { config: selection } = await apiGet("/api/get-provider");
    showConfig(selection);
    await refreshStatuses();
    // A first visit without a key starts with Settings open; afterwards (or on the demo) it stays out of the way.
    panel.open = needsKey(providerSelect.value) && !statuses.get(providerSelect.value)?.has_key;
  }

  /**
   * One real provider call; its answer is shown in the status list and the message line (after `prefix`, what
   * the line said before: "key saved").
   * @param {string} provider
   * @param {{prefix?: string}} [options]
   */
  async function validate(provider, { prefix = "" } = {}) {
    validations.set(provider, { state: "checking", detail: "" });
    renderStatuses();
    setMessage(message, `${prefix}Checking the ${nameOf(provider)} key with one small request…`, "busy");
    /** @type {Validation} */
    let validation;
    try {
      validation = validationFrom(await apiPost("/api/validate-api-key", { provider }));
    } catch (error) {
      validation = { state: "unchecked", detail: error instanceof Error ? error.message : String(error) };
      onError?.(error);
    }
    validations.set(provider, validation);
    renderStatuses();
    // The provider's own words are shown once, under the key's row; this line only says what happened.
    const name = nameOf(provider);
    const outcome = {
      valid: { text: validation.detail, tone: /** @type {const} */ ("ok") },
      invalid: { text: `${name} rejected this key: see why below.`, tone: /** @type {const} */ ("error") },
      unreachable: {
        text: `The ${name} key was not checked: ${name} could not be reached (see below). The key is kept.`,
        tone: /** @type {const} */ ("warn"),
      },
      unchecked: { text: `The ${name} key could not be checked: see why below.`, tone: /** @type {const} */ ("warn") },
      checking: { text: "", tone: /** @type {const} */ ("busy") },
    }[validation.state];
    setMessage(message, `${prefix}${outcome.text}`, outcome.tone);
  }

  /**
   * @param {HTMLButtonElement | HTMLSelectElement} control
   * @param {() => Promise<void>} work
   */
  async function guarded(control, work) {
    control.disabled = true;
    try {
      await work();
    } catch (error) {
      setMessage(message, error instanceof Error ? error.message : String(error), "error");
      onError?.(error);
    } finally {
      control.disabled = false;
    }
  }

  const baseUrl = createBaseUrlField({
    provider: () => providerSelect.value,
    guarded,
    onSaved: async (provider, answer) => {
      if (answer.key_removed) validations.delete(provider); // that key's check is gone with it
      await refreshStatuses();
      setMessage(message, answer.message, answer.key_removed ? "warn" : "ok");
    },
  });

  // A local server's own model names (llava, qwen2.5vl, ...): POST /api/update-models, the provider left as it is.
  const agentModelInput = byId("agent-model-input", HTMLInputElement);
  const graphModelInput = byId("graph-model-input", HTMLInputElement);
  const saveModelsButton = byId("save-models-button", HTMLButtonElement);
  saveModelsButton.addEventListener("click", () =>
    guarded(saveModelsButton, async () => {
      const answer = await apiPost("/api/update-models", {
        agent_model: agentModelInput.value.trim(),
        graph_model: graphModelInput.value.trim(),
      });
      showConfig(answer.config);
      setMessage(message, answer.message, "ok");
    }),
  );

  // Check: what `quantagent doctor` checks, with the server's settings as they stand (POST /api/check-setup).
  const checkButton = byId("check-setup-button", HTMLButtonElement);
  const checkResult = byId("check-setup-result");
  checkButton.addEventListener("click", () =>
    guarded(checkButton, async () => {
      setMessage(message, "Checking: one small request for each thing this setup needs…", "busy");
      const report = await apiPost("/api/check-setup", {});
      clear(checkResult);
      checkResult.append(checkTable(report.rows));
      checkResult.hidden = false;
      setMessage(
        message,
        report.healthy
          ? "Everything this setup needs works."
          : "Something this setup needs does not work: see the rows marked missing or unreachable.",
        report.healthy ? "ok" : "warn",
      );
    }),
  );

  providerSelect.addEventListener("change", () =>
    guarded(providerSelect, async () => {
      const answer = await apiPost("/api/update-provider", { provider: providerSelect.value });
      showConfig(answer.config);
      renderStatuses();
      setMessage(message, answer.message, "ok");
      if (!needsKey(providerSelect.value)) onKeyReady?.();
    }),
  );

  byId("key-form").addEventListener("submit", (event) => {
    event.preventDefault();
    void guarded(saveButton, async () => {
      const provider = providerSelect.value;
      const key = keyInput.value.trim();
      if (key === "") {
        setMessage(message, `Paste your ${nameOf(provider)} API key first.`, "warn");
        keyInput.focus();
        return;
      }
      const saved = await apiPost("/api/update-api-key", { api_key: key, provider });
      keyInput.value = "";
      validations.delete(provider); // the old key's check says nothing about the new one
      await refreshStatuses();
      onKeyReady?.();
      await validate(provider, { prefix: `${saved.message} ` });
    });
  });

  validateButton.addEventListener("click", () => guarded(validateButton, () => validate(providerSelect.value)));

  return {
    refresh,
    /**
     * Opens the panel and puts the cursor in the key field: the fix for most key and provider errors.
     * @param {{provider?: string}} [options]
     */
    open({ provider } = {}) {
      panel.open = true;
      if (provider && provider !== providerSelect.value) {
        setMessage(
          message,
          `The failing provider is ${nameOf(provider)}; the key field is for the selected one.`,
          "warn",
        );
      }
      scrollIntoView(panel, "start");
      keyInput.focus({ preventScroll: true });
    },
  };
}

/** The words of a check's status: the page says them, colour only repeats them. */
const CHECK_STATUS_WORDS = { ok: "ok", missing: "missing", unreachable: "unreachable", skipped: "not needed" };

/**
 * The Check's rows as a table: what was checked (and for which model), its status in words, the time and tokens.
 * @param {{check: string, role?: string, model?: string, status: string, latency_ms: number, tokens: number, detail?: string}[]} rows
 */
function checkTable(rows) {
  const head = element(
    "thead",
    {},
    element("tr", {}, ...["Check", "Status", "Time", "Tokens", "Detail"].map((title) => element("th", {}, title))),
  );
  const body = element(
    "tbody",
    {},
    ...rows.map((row) =>
      element(
        "tr",
        { dataset: { check: row.check, status: row.status } },
        element("td", {}, row.role ? `${row.check} (${row.role}${row.model ? `: ${row.model}` : ""})` : row.check),
        element(
          "td",
          { className: `check-status check-${row.status}` },
          CHECK_STATUS_WORDS[/** @type {keyof typeof CHECK_STATUS_WORDS} */ (row.status)] ?? row.status,
        ),
        element("td", {}, `${Math.round(row.latency_ms)} ms`),
        element("td", {}, String(row.tokens)),
        element("td", { className: "check-detail" }, row.detail ?? ""),
      ),
    ),
  );
  return element("table", { className: "data-table check-table" }, head, body);
}
