// @ts-check
// Tiny DOM helpers. Text always goes in through text nodes and textContent, never innerHTML: model output and server
// messages are shown as text, so nothing they contain can run.

/** @typedef {Node | string | number | false | null | undefined} Child */

/**
 * element("p", { className: "muted", dataset: { step: "data" } }, "text", child)
 * Props are assigned as properties (className, hidden, src, alt, onclick...); `dataset` and `attributes` as
 * attributes. Children are nodes or text; false, null and undefined are skipped.
 * @template {keyof HTMLElementTagNameMap} Tag
 * @param {Tag} tag
 * @param {Record<string, unknown>} [props]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[Tag]}
 */
export function element(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (name === "dataset") Object.assign(node.dataset, value);
    else if (name === "attributes")
      for (const [key, text] of Object.entries(/** @type {Record<string, unknown>} */ (value)))
        node.setAttribute(key, String(text));
    else if (name === "innerHTML" || name === "outerHTML")
      throw new Error("element() never sets HTML: pass text or nodes");
    else /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (node))[name] = value;
  }
  append(node, children);
  return node;
}

/**
 * @template {Node} Target
 * @param {Target} node
 * @param {(Child | Child[])[]} children
 * @returns {Target}
 */
export function append(node, children) {
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/**
 * @template {Element} Target
 * @param {Target} node
 * @returns {Target}
 */
export function clear(node) {
  node.replaceChildren();
  return node;
}

/**
 * Scrolls a node into view, smoothly unless the user asked the system for reduced motion. The node's CSS
 * `scroll-margin-top` keeps a little room above it.
 * @param {Element} node
 * @param {ScrollLogicalPosition} [block]
 */
export function scrollIntoView(node, block = "start") {
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  node.scrollIntoView({ behavior: reduced ? "auto" : "smooth", block });
}

/**
 * The element with this id, checked to be of the expected kind (an HTMLInputElement for an input...), so a renamed
 * id or a changed tag fails at once with a clear message.
 * @template {HTMLElement} Kind
 * @param {string} id
 * @param {new () => Kind} [kind]
 * @returns {Kind}
 */
export function byId(id, kind) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`The page has no #${id}`);
  if (kind && !(node instanceof kind)) throw new Error(`#${id} is a ${node.tagName}, not a ${kind.name}`);
  return /** @type {Kind} */ (node);
}

/**
 * Sets a status line's text and tone ("", "ok", "error", "warn", "busy").
 * @param {HTMLElement} node
 * @param {string} text
 * @param {"" | "ok" | "error" | "warn" | "busy"} [tone]
 */
export function setMessage(node, text, tone = "") {
  node.textContent = text;
  node.dataset.tone = tone;
}

/**
 * "850 ms", "9.7 s", "2 min 5 s": whole units only, never the raw float the server measured.
 * @param {number} ms
 * @returns {string}
 */
export function formatDuration(ms) {
  if (!Number.isFinite(ms)) return "–";
  if (ms < 999.5) return `${Math.round(ms)} ms`;
  if (ms < 59_950) return `${(ms / 1000).toFixed(1)} s`;
  // Rounded to whole seconds first, so 119.6 s reads "2 min 0 s", not "1 min 60 s".
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/**
 * "2024-01-31 14:30": a time in UTC to the minute, as the charts label bars and the page shows windows.
 * @param {number | string} time milliseconds since the epoch, or an ISO 8601 time
 * @returns {string}
 */
export function formatUtcMinute(time) {
  return new Date(time).toISOString().slice(0, 16).replace("T", " ");
}

/**
 * @param {unknown} value
 * @param {number} [digits]
 * @returns {string}
 */
export function formatNumber(value, digits = 2) {
  return typeof value === "number" && Number.isFinite(value)
    ? value.toLocaleString("en-US", { maximumFractionDigits: digits })
    : "–";
}

/**
 * A value from the network as display text: strings as they are, numbers and booleans spelled out, anything else
 * (an object where text was expected) as JSON, so a malformed field still shows as text and never as markup.
 * @param {unknown} value
 * @returns {string}
 */
export function asText(value) {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
