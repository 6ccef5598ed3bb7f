import { linkDensity } from "./density";
import { norm } from "./text";

/**
 * A clone of root without the elements the browser does not render (computed style, not only
 * inline style): hidden menus, modals and templated widgets are boilerplate. The live tree and its
 * clone have the same shape: a hidden element's place among the live tree's elements (document
 * order, what a walk counts) is its copy's place among the clone's, so only the live tree is
 * walked, and the clone is only reached for the copies that go.
 */
export function visibleClone<T extends Node>(root: T): T {
  const hidden: number[] = [];
  const live = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
  let a = live.nextNode() as Element | null;
  let at = 0; // a's place among root's elements
  while (a) {
    // Head and scripts are never rendered but carry metadata (Readability reads JSON-LD);
    // display:contents has no box of its own yet shows its children; closed <details> hold content.
    if (
      a.checkVisibility &&
      !/^(HEAD|SCRIPT|STYLE|TEMPLATE|NOSCRIPT|META|LINK|TITLE|BR|WBR|SOURCE|TRACK)$/.test(a.nodeName) &&
      !a.checkVisibility({ visibilityProperty: true }) &&
      !a.closest("head, details") &&
      getComputedStyle(a).display !== "contents" &&
      !isCollapsedProse(a)
    ) {
      hidden.push(at);
      // Skip the hidden subtree: its elements are counted, not walked.
      at += a.getElementsByTagName("*").length + 1;
      a = nextOutside(live, a) as Element | null;
    } else {
      at++;
      a = live.nextNode() as Element | null;
    }
  }
  const copy = root.cloneNode(true) as T;
  if (hidden.length) {
    const copies = (copy as unknown as Element).getElementsByTagName("*");
    const drop: Element[] = [];
    // Increasing places: the live collection walks forward from the last one it was asked for.
    for (let i = 0; i < hidden.length; i++) drop.push(copies[hidden[i]!]!);
    for (let i = 0; i < drop.length; i++) drop[i]!.remove();
  }
  return copy;
}

/**
 * A collapsed section (an accordion's panel, a "read more" box, a tab) holds content the page
 * shows on a click: kept where it is prose and not a dialog, a menu or a banner. As the walk
 * runs, that keeps the panel element but not its paragraphs (each is hidden too, and holds no
 * <p> of its own). Keeping the panel's subtree whole was measured (session 19, docs/benchmarks.md):
 * FAQ answers came in (+0.04 to +0.17 on six pages) but so did the hidden copies responsive
 * builders (Framer, Webflow) keep for other screen sizes and hidden template text (two pages
 * -0.49), net -0.001 on the tuning half. Keeping it whole only where its markup names a
 * disclosure (accordion, collapse, FAQ, tab pane, aria-controls) changed 4 pages, net -0.11
 * (session 20): product pages' hidden tabs are not their content either.
 */
const NOT_CONTENT =
  /(^|[\s_-])(modal|popup|pop-up|overlay|dialog|drawer|offcanvas|off-canvas|menu|submenu|dropdown|nav|navbar|navigation|search|login|signin|signup|subscribe|newsletter|cookie|consent|gdpr|banner|tooltip|mobile|sr-only|visually-hidden)([\s_-]|$)/i;

function isCollapsedProse(el: Element): boolean {
  if (
    /^(NAV|HEADER|FOOTER|ASIDE|DIALOG|FORM|svg)$/.test(el.nodeName) ||
    el.closest("nav, header, footer, aside, dialog, [role=dialog], [role=menu], [aria-modal]")
  )
    return false;
  if (
    NOT_CONTENT.test(
      (el.getAttribute("class") || "") + " " + (el.id || "") + " " + (el.getAttribute("role") || ""),
    )
  )
    return false;
  const ps = el.getElementsByTagName("p");
  if (ps.length < 2) return false;
  let len = 0;
  for (let i = 0; i < ps.length && len < 300; i++) len += norm(ps[i]!.textContent).length;
  return len >= 300 && linkDensity(el, norm(el.textContent).length) < 0.3;
}

function nextOutside(walker: TreeWalker, node: Node): Node | null {
  walker.currentNode = node;
  let n = walker.nextSibling();
  while (!n) {
    const p = walker.parentNode();
    if (!p) return null;
    walker.currentNode = p;
    n = walker.nextSibling();
  }
  return n;
}
