// @ts-check
// Model reports as sanitised markdown: a small subset (headings, paragraphs, lists, bold, italics, inline code,
// code blocks, rules) built with createElement and textContent only. Nothing in the text is ever parsed as HTML,
// so "<script>" or "<img onerror=...>" in a report shows up as those characters. Links stay plain text.
import { asText, element } from "./dom.js";

/** @type {readonly ["h3", "h4", "h5", "h6"]} */
const HEADINGS = ["h3", "h4", "h5", "h6"];

/**
 * @param {unknown} text a report; anything but a string is shown as its JSON text
 * @returns {HTMLDivElement}
 */
export function renderMarkdown(text) {
  const container = element("div", { className: "markdown" });
  const lines = asText(text).replace(/\r\n?/g, "\n").split("\n");
  let index = 0;
  while (index < lines.length) {
    const line = lines[index];
    if (line.trim() === "") {
      index++;
    } else if (/^```/.test(line.trim())) {
      const code = [];
      index++;
      while (index < lines.length && !/^```/.test(lines[index].trim())) code.push(lines[index++]);
      index++; // the closing fence, if any
      container.append(element("pre", {}, element("code", {}, code.join("\n"))));
    } else if (/^#{1,6}\s/.test(line)) {
      const level = Math.min((line.match(/^#+/)?.[0].length ?? 1) + 2, 6); // report headings sit below the card's own
      container.append(inline(element(HEADINGS[level - 3]), line.replace(/^#+\s*/, "")));
      index++;
    } else if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      container.append(element("hr"));
      index++;
    } else if (/^\s*([-*+]|\d+[.)])\s+/.test(line)) {
      const ordered = /^\s*\d/.test(line);
      const list = element(ordered ? "ol" : "ul");
      while (index < lines.length && /^\s*([-*+]|\d+[.)])\s+/.test(lines[index])) {
        list.append(inline(element("li"), lines[index].replace(/^\s*([-*+]|\d+[.)])\s+/, "")));
        index++;
      }
      container.append(list);
    } else {
      const paragraph = [];
      while (
        index < lines.length &&
        lines[index].trim() !== "" &&
        !/^(#{1,6}\s|```|\s*([-*+]|\d+[.)])\s+)/.test(lines[index])
      ) {
        paragraph.push(lines[index++].trim());
      }
      container.append(inline(element("p"), paragraph.join(" ")));
    }
  }
  return container;
}

// `code`, **bold**, __bold__, *italic*, _italic_ (in that order of precedence), everything else as text.
const INLINE_PATTERN = /(`[^`]+`|\*\*[^*]+\*\*|__[^_]+__|\*[^*\s][^*]*\*|\b_[^_\s][^_]*_\b)/;

/**
 * @template {HTMLElement} Target
 * @param {Target} node
 * @param {string} text
 * @returns {Target}
 */
function inline(node, text) {
  for (const part of text.split(INLINE_PATTERN)) {
    if (part === "") continue;
    if (/^`[^`]+`$/.test(part)) node.append(element("code", {}, part.slice(1, -1)));
    else if (/^(\*\*|__).+\1$/.test(part)) node.append(inline(element("strong"), part.slice(2, -2)));
    else if (/^([*_]).+\1$/.test(part) && part.length > 2) node.append(inline(element("em"), part.slice(1, -1)));
    else node.append(document.createTextNode(part));
  }
  return node;
}
