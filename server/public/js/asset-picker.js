// The asset dropdown: built-in assets and saved custom symbols in two groups, and the field that adds a symbol
// (checked here for instant feedback, then saved and validated by the server, and selected at once).
import { apiGet, apiPost } from "./api-client.js";
import { byId, clear, element, setMessage } from "./dom.js";

// The server's rule (SPEC 7), repeated so a typo is flagged before a round trip.
const SYMBOL_PATTERN = /^[A-Za-z0-9^=._-]{1,32}$/;
const CHOICE_KEY = "quantagent.asset";

// The last choice is remembered in this browser, so a reload keeps the asset the user was working on.
function rememberedChoice() {
  try {
    return localStorage.getItem(CHOICE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

function remember(code) {
  try {
    localStorage.setItem(CHOICE_KEY, code);
  } catch {
    // Storage may be disabled; the choice then lasts until the reload.
  }
}

export function createAssetPicker({ onError }) {
  const select = byId("asset-select");
  const input = byId("custom-symbol-input");
  const addButton = byId("add-symbol-button");
  const message = byId("symbol-message");

  function render(assets, selected) {
    const previous = selected ?? (select.value || rememberedChoice());
    clear(select);
    const builtIn = element("optgroup", { label: "Built-in" });
    const custom = element("optgroup", { label: "Custom symbols" });
    for (const asset of assets) {
      const label = asset.custom ? asset.code : `${asset.code} · ${asset.name}`;
      (asset.custom ? custom : builtIn).append(element("option", { value: asset.code, title: `Ticker ${asset.ticker}` }, label));
    }
    select.append(builtIn);
    if (custom.children.length > 0) select.append(custom);
    if ([...select.options].some((option) => option.value === previous)) select.value = previous;
    remember(select.value);
  }

  async function refresh(selected) {
    const { assets } = await apiGet("/api/assets");
    render(assets, selected);
  }

  async function add() {
    const symbol = input.value.trim();
    if (symbol === "") {
      setMessage(message, "Type a symbol as Yahoo Finance spells it, e.g. ETH-USD, ^FTSE or 7203.T.", "warn");
      return;
    }
    if (!SYMBOL_PATTERN.test(symbol)) {
      setMessage(message, "A symbol has at most 32 letters, digits or ^ = . - _ (e.g. ETH-USD, NQ=F, ^FTSE).", "error");
      return;
    }
    addButton.disabled = true;
    try {
      const known = [...select.options].some((option) => option.value.toUpperCase() === symbol.toUpperCase());
      const answer = await apiPost("/api/save-custom-asset", { symbol });
      await refresh(answer.symbol);
      input.value = "";
      setMessage(message, known ? `${answer.symbol} is already in the list; selected it.` : `Added ${answer.symbol} and selected it.`, "ok");
    } catch (error) {
      setMessage(message, error.message, "error");
      onError?.(error, { inline: true });
    } finally {
      addButton.disabled = false;
    }
  }

  select.addEventListener("change", () => remember(select.value));
  addButton.addEventListener("click", add);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  });

  return {
    refresh,
    selected: () => select.value,
  };
}
