// The Settings panel: choose the provider (both model roles switch, SPEC 10), paste a key and save it (applied at
// once on the server), validate it with one real provider call, and see each provider's masked key.
import { apiGet, apiPost } from "./api-client.js";
import { byId, clear, element, scrollIntoView, setMessage } from "./dom.js";

export const PROVIDERS = [
  { id: "openai", name: "OpenAI" },
  { id: "anthropic", name: "Anthropic" },
  { id: "qwen", name: "Qwen" },
];

export function providerName(id) {
  return PROVIDERS.find((provider) => provider.id === id)?.name ?? id;
}

export function createSettingsPanel({ onError }) {
  const panel = byId("settings-panel");
  const providerSelect = byId("provider-select");
  const modelsLine = byId("provider-models");
  const keyInput = byId("api-key-input");
  const keyProviderName = byId("key-provider-name");
  const saveButton = byId("save-key-button");
  const validateButton = byId("validate-key-button");
  const message = byId("key-message");
  const statusList = byId("key-status-list");
  const summary = byId("settings-summary");
  const statuses = new Map();

  function showConfig(config) {
    providerSelect.value = config.agent_llm_provider;
    keyProviderName.textContent = providerName(config.agent_llm_provider);
    modelsLine.textContent = `Agent model ${config.agent_llm_model} · graph model ${config.graph_llm_model}`;
  }

  function renderStatuses() {
    clear(statusList);
    for (const provider of PROVIDERS) {
      const status = statuses.get(provider.id);
      const active = provider.id === providerSelect.value;
      statusList.append(
        element(
          "li",
          { className: active ? "active" : "", dataset: { provider: provider.id } },
          element("span", { className: "key-provider" }, provider.name, active ? element("span", { className: "tag" }, "in use") : null),
          status?.has_key
            ? element("code", { className: "key-masked" }, status.masked_key)
            : element("span", { className: "key-missing" }, status ? "no key" : "…"),
        ),
      );
    }
    const current = statuses.get(providerSelect.value);
    summary.textContent = `${providerName(providerSelect.value)} · ${current?.has_key ? current.masked_key : "no key"}`;
    summary.dataset.tone = current?.has_key ? "ok" : "warn";
  }

  async function refreshStatuses() {
    const answers = await Promise.all(
      PROVIDERS.map((provider) => apiGet(`/api/get-api-key-status?provider=${encodeURIComponent(provider.id)}`)),
    );
    PROVIDERS.forEach((provider, index) => statuses.set(provider.id, answers[index]));
    renderStatuses();
  }

  async function refresh() {
    const { config } = await apiGet("/api/get-provider");
    showConfig(config);
    await refreshStatuses();
    // A first visit without a key starts with Settings open; afterwards it stays out of the way.
    panel.open = !statuses.get(providerSelect.value)?.has_key;
  }

  async function guarded(button, work) {
    button.disabled = true;
    try {
      await work();
    } catch (error) {
      setMessage(message, error.message, "error");
      onError?.(error, { inSettings: true });
    } finally {
      button.disabled = false;
    }
  }

  providerSelect.addEventListener("change", () =>
    guarded(providerSelect, async () => {
      const answer = await apiPost("/api/update-provider", { provider: providerSelect.value });
      showConfig(answer.config);
      renderStatuses();
      setMessage(message, answer.message, "ok");
    }),
  );

  byId("key-form").addEventListener("submit", (event) => {
    event.preventDefault();
    return guarded(saveButton, async () => {
      const key = keyInput.value.trim();
      if (key === "") {
        setMessage(message, `Paste your ${providerName(providerSelect.value)} API key first.`, "warn");
        keyInput.focus();
        return;
      }
      const answer = await apiPost("/api/update-api-key", { api_key: key, provider: providerSelect.value });
      keyInput.value = "";
      setMessage(message, answer.message, "ok");
      await refreshStatuses();
    });
  });

  validateButton.addEventListener("click", () =>
    guarded(validateButton, async () => {
      const name = providerName(providerSelect.value);
      setMessage(message, `Checking the ${name} key with one small request…`, "busy");
      const answer = await apiPost("/api/validate-api-key", { provider: providerSelect.value });
      setMessage(message, answer.valid ? answer.message : answer.error, answer.valid ? "ok" : "error");
    }),
  );

  return {
    refresh,
    /** Opens the panel and puts the cursor in the key field: the fix for most key and provider errors. */
    open({ provider } = {}) {
      panel.open = true;
      if (provider && provider !== providerSelect.value) {
        setMessage(message, `The failing provider is ${providerName(provider)}; the key field is for the selected one.`, "warn");
      }
      scrollIntoView(panel, "start");
      keyInput.focus({ preventScroll: true });
    },
  };
}
