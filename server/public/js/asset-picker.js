// @ts-check
// The asset dropdown: built-in assets and saved custom symbols in two groups; the field that adds a symbol (checked
// here against the server's own rule for instant feedback, then saved by the server and selected at once); and a
// remove button per custom symbol.
import { apiDelete, apiGet, apiPost } from "./api-client.js";
import { byId, clear, element, setMessage } from "./dom.js";
import { symbolPattern } from "./page-config.js";

/** @typedef {import("./wire-types.js").AssetEntry} AssetEntry */
/** @typedef {import("./wire-types.js").PageConfig} PageConfig */

const CHOICE_KEY = "quantagent.asset";

/** @returns {string | undefined} the last choice, remembered so a reload keeps the asset the user was working on */
function rememberedChoice() {
  try {
    return localStorage.getItem(CHOICE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** @param {string} code */
function remember(code) {
  try {
    localStorage.setItem(CHOICE_KEY, code);
  } catch {
    // Storage may be disabled; the choice then lasts until the reload.
  }
}

/**
 * The punctuation the symbol rule accepts, found by asking the rule itself, so the hint cannot drift from it.
 * @param {RegExp} pattern
 * @returns {string[]}
 */
function allowedSigns(pattern) {
  const printable = Array.from({ length: 0x7e - 0x21 + 1 }, (_, offset) => String.fromCharCode(0x21 + offset));
  return printable.filter((sign) => !/[A-Za-z0-9]/.test(sign) && pattern.test(`A${sign}`));
}

/**
 * @param {{config: PageConfig, onError?: (error: unknown) => void}} options
 */
export function createAssetPicker({ config, onError }) {
  const select = byId("asset-select", HTMLSelectElement);
  const input = byId("custom-symbol-input", HTMLInputElement);
  const addButton = byId("add-symbol-button", HTMLButtonElement);
  const message = byId("symbol-message");
  const customList = byId("custom-asset-list", HTMLUListElement);
  const pattern = symbolPattern(config);
  const ruleText = `A symbol has at most ${config.symbol.max_length} letters, digits or ${allowedSigns(pattern).join(" ")} (e.g. ETH-USD, NQ=F, ^FTSE).`;
  input.maxLength = config.symbol.max_length;
  /** @type {AssetEntry[]} */
  let assets = [];

  /** @param {string} [selected] */
  function render(selected) {
    const previous = selected ?? (select.value || rememberedChoice());
    clear(select);
    clear(customList);
    const builtIn = element("optgroup", { label: "Built-in" });
    const custom = element("optgroup", { label: "Custom symbols" });
    for (const asset of assets) {
      const label = asset.custom ? asset.code : `${asset.code} · ${asset.name}`;
      (asset.custom ? custom : builtIn).append(
        element("option", { value: asset.code, title: `Ticker ${asset.ticker}` }, label),
      );
      if (asset.custom) customList.append(removableSymbol(asset.code));
    }
    select.append(builtIn);
    if (custom.children.length > 0) select.append(custom);
    customList.hidden = custom.children.length === 0;
    if ([...select.options].some((option) => option.value === previous)) select.value = previous ?? "";
    remember(select.value);
  }

  /** @param {string} symbol */
  function removableSymbol(symbol) {
    return element(
      "li",
      { dataset: { symbol } },
      element("span", { className: "custom-symbol" }, symbol),
      element(
        "button",
        {
          type: "button",
          className: "secondary small-button",
          attributes: { "aria-label": `Remove ${symbol}` },
          onclick: () => remove(symbol),
        },
        "Remove",
      ),
    );
  }

  /** @param {string} [selected] */
  async function refresh(selected) {
    ({ assets } = await apiGet("/api/assets"));
    render(selected);
  }

  async function add() {
    const symbol = input.value.trim();
    if (symbol === "") {
      setMessage(message, "Type a symbol as Yahoo Finance spells it, e.g. ETH-USD, ^FTSE or 7203.T.", "warn");
      return;
    }
    if (!pattern.test(symbol)) {
      setMessage(message, ruleText, "error");
      return;
    }
    addButton.disabled = true;
    try {
      const known = [...select.options].some((option) => option.value.toUpperCase() === symbol.toUpperCase());
      const answer = await apiPost("/api/save-custom-asset", { symbol });
      await refresh(answer.symbol);
      input.value = "";
      setMessage(
        message,
        known ? `${answer.symbol} is already in the list; selected it.` : `Added ${answer.symbol} and selected it.`,
        "ok",
      );
    } catch (error) {
      setMessage(message, error instanceof Error ? error.message : String(error), "error");
      onError?.(error);
    } finally {
      addButton.disabled = false;
    }
  }

  /** @param {string} symbol */
  async function remove(symbol) {
    const button = customList.querySelector(`li[data-symbol="${CSS.escape(symbol)}"] button`);
    if (button instanceof HTMLButtonElement) button.disabled = true;
    try {
      // A path segment: ^ = . - _ are safe, but the symbol is encoded anyway so no future rule can break the path.
      await apiDelete(`/api/custom-assets/${encodeURIComponent(symbol)}`);
      // The server answers only once the file is written: the list can change at once, without another request.
      assets = assets.filter((asset) => !(asset.custom && asset.code === symbol));
      render(select.value === symbol ? assets[0]?.code : undefined);
      setMessage(message, `Removed ${symbol}.`, "ok");
    } catch (error) {
      if (button instanceof HTMLButtonElement) button.disabled = false;
      setMessage(message, error instanceof Error ? error.message : String(error), "error");
      onError?.(error);
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
    /** @returns {string} */
    selected: () => select.value,
  };
}
