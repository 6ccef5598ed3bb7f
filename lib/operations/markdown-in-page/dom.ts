/**
 * Small DOM and text helpers the Markdown writer's steps share. Runs in the page (bundled by
 * scripts/build-in-page.mjs); it imports nothing but its siblings and in-page-shared/.
 */

/** The elements under `root` that match `selector`, as an array (a snapshot, in document order). */
export function all<E extends Element = Element>(root: ParentNode, selector: string): E[] {
  return Array.from(root.querySelectorAll<E>(selector));
}

export { norm, words } from "../in-page-shared/text";

/** The text without any space: what two renderings of the same text have in common. */
export function squash(s: string | null | undefined): string {
  return (s || "").replace(/[\s\u00a0]+/g, "");
}

/** The element's class attribute ("" for none, or for no element). */
export function classOf(el: Element | null): string {
  return (el && el.getAttribute && el.getAttribute("class")) || "";
}

/** The element replaced by a `tag` element holding its children (attributes are not kept). */
export function rename(el: Element, tag: string): HTMLElement {
  const copy = el.ownerDocument.createElement(tag);
  while (el.firstChild) copy.appendChild(el.firstChild);
  el.replaceWith(copy);
  return copy;
}

/** An address resolved against the live page's base; "" when it is none. */
export function absolute(url: string): string {
  try {
    return new URL(url.trim(), document.baseURI).href;
  } catch {
    return "";
  }
}
