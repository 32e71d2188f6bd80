// Tiny DOM helpers. Text always goes in through textContent, never innerHTML: model output and server messages are
// shown as text, so nothing they contain can run.

/**
 * element("p", { className: "muted", dataset: { step: "data" } }, "text", child)
 * Props are assigned as properties (className, hidden, src, alt...), `dataset` and `attributes` as attributes.
 */
export function element(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (name === "dataset") Object.assign(node.dataset, value);
    else if (name === "attributes") for (const [key, text] of Object.entries(value)) node.setAttribute(key, String(text));
    else node[name] = value;
  }
  append(node, children);
  return node;
}

export function append(node, children) {
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function clear(node) {
  node.replaceChildren();
  return node;
}

/** Scrolls a node into view, smoothly unless the user asked the system for reduced motion. */
export function scrollIntoView(node, block = "start") {
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  node.scrollIntoView({ behavior: reduced ? "auto" : "smooth", block });
}

export function byId(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`The page has no #${id}`);
  return node;
}

/** Sets a status line's text and tone ("", "ok", "error", "warn", "busy"). */
export function setMessage(node, text, tone = "") {
  node.textContent = text;
  node.dataset.tone = tone;
}

export function formatDuration(ms) {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function formatNumber(value, digits = 2) {
  return typeof value === "number" && Number.isFinite(value) ? value.toLocaleString("en-US", { maximumFractionDigits: digits }) : "–";
}
