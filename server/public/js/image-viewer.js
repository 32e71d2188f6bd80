// @ts-check
// Shows a chart image at its full size in an overlay: on a phone the agents' 1280-pixel charts shrink to a third in
// the page, too small to read. A modal <dialog> gives the keyboard behaviour for free: focus moves into it, Tab stays
// inside, Escape closes it; the Close button does too, and focus then returns to the thumbnail that opened it.
import { element } from "./dom.js";

/** @type {{dialog: HTMLDialogElement, image: HTMLImageElement, title: HTMLElement} | undefined} */
let viewer;

function createViewer() {
  const image = element("img", { className: "image-viewer-image", alt: "" });
  const title = element("h2", { id: "image-viewer-title" });
  const close = element(
    "button",
    { type: "button", className: "secondary small-button", id: "image-viewer-close" },
    "Close",
  );
  const dialog = element(
    "dialog",
    { className: "image-viewer", id: "image-viewer", attributes: { "aria-labelledby": "image-viewer-title" } },
    element("div", { className: "image-viewer-head" }, title, close),
    element("div", { className: "image-viewer-body" }, image),
  );
  close.addEventListener("click", () => dialog.close());
  // A click on the backdrop (the dialog element itself, outside its content) closes it as well.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  document.body.append(dialog);
  return { dialog, image, title };
}

/**
 * @param {{src: string, alt: string, title: string, opener?: HTMLElement}} options
 */
export function openImage({ src, alt, title, opener }) {
  viewer ??= createViewer();
  const { dialog, image } = viewer;
  image.src = src;
  image.alt = alt;
  viewer.title.textContent = title;
  dialog.addEventListener("close", () => opener?.focus(), { once: true });
  dialog.showModal();
}

/**
 * A chart image that opens full size when clicked, tapped, or activated with Enter or Space.
 * @param {{src: string, alt: string, title: string, id?: string}} options
 * @returns {HTMLButtonElement}
 */
export function enlargeableImage({ src, alt, title, id }) {
  const image = element("img", { id, src, alt, loading: "lazy" });
  const button = element(
    "button",
    { type: "button", className: "chart-open", attributes: { "aria-label": `${title}: open full size` } },
    image,
  );
  button.addEventListener("click", () => openImage({ src, alt, title, opener: button }));
  return button;
}
