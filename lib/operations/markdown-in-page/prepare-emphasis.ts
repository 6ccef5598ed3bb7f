import { all } from "./dom";

const STRONG = /^(STRONG|B)$/;
const EM = /^(EM|I)$/;
/** The kind of emphasis an element writes ("**" or "_"), or "" for none. */
function kindOf(node: Node | null): string {
  if (!node || node.nodeType !== 1) return "";
  return STRONG.test(node.nodeName) ? "strong" : EM.test(node.nodeName) ? "em" : "";
}

/**
 * Emphasis written once where the page wrote it twice: a <strong> inside a <strong> gives up its
 * own marks (Turndown wrote "****TLDR:****", which renders as asterisks), and two runs of the same
 * emphasis side by side, also where the second opens a styled <span>, become one
 * ("**Audience****:**" is "**Audience:**").
 */
export function mergeEmphasis(root: Element): void {
  all(root, "strong, b, em, i").forEach((el) => {
    const kind = kindOf(el);
    for (let up = el.parentElement; up && up !== root; up = up.parentElement)
      if (kindOf(up) === kind) {
        el.replaceWith(...Array.from(el.childNodes));
        return;
      }
  });
  all(root, "strong, b, em, i").forEach((el) => {
    const before = runBefore(el, root);
    if (!el.parentNode || !before || kindOf(before) !== kindOf(el)) return;
    while (el.firstChild) before.appendChild(el.firstChild);
    el.remove();
  });
}

/**
 * The node just before `el` as read, with nothing between: its previous sibling, or where `el`
 * opens an inline wrapper (a <span> a page styles), the wrapper's previous sibling.
 */
function runBefore(el: Element, root: Element): Node | null {
  let node: Element = el;
  while (!node.previousSibling && node.parentElement && node.parentElement !== root) {
    if (node.parentElement.nodeName !== "SPAN") return null;
    node = node.parentElement;
  }
  return node.previousSibling;
}
