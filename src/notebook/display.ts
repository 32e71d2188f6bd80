// The display interface for notebooks: the part of tslab's `display` the library uses. tslab's `display` and
// `newDisplay()` satisfy it structurally, so the library never imports tslab (and tests pass a recorder).
export interface Display {
  png(bytes: Uint8Array): void;
  html(html: string): void;
  markdown(markdown: string): void;
  text(text: string): void;
}

/** Escapes text for HTML: model output and symbols are shown as text, never interpreted. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * Makes model text safe inside markdown: HTML is escaped (Jupyter would render raw tags) while the markdown
 * itself (headings, lists, bold) still renders.
 */
export function escapeMarkdownHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
