import { linkDensity } from "./density";
import { jsonLdNodes } from "./json-ld";
import { isShopPage } from "./page-kind";
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
  // The page's rendered text, lower-cased: read once, and only when a hidden panel asks.
  let shown: string | null = null;
  const rendered = () => (shown ??= norm(document.body ? document.body.innerText : "").toLowerCase());
  while (a) {
    // Head and scripts are never rendered but carry metadata (Readability reads JSON-LD);
    // display:contents has no box of its own yet shows its children; closed <details> hold content.
    if (
      a.checkVisibility &&
      !/^(HEAD|SCRIPT|STYLE|TEMPLATE|NOSCRIPT|META|LINK|TITLE|BR|WBR|SOURCE|TRACK)$/.test(a.nodeName) &&
      !a.checkVisibility({ visibilityProperty: true }) &&
      !a.closest("head, details") &&
      getComputedStyle(a).display !== "contents"
    ) {
      const prose = isProsePanel(a);
      if ((prose && isUnseenPanel(a, rendered)) || isUnseenDisclosure(a, rendered)) {
        // Kept whole, its paragraphs too (they are hidden as well).
        at += a.getElementsByTagName("*").length + 1;
        a = nextOutside(live, a) as Element | null;
        continue;
      }
      if (prose && isCollapsedProse(a)) {
        at++;
        a = live.nextNode() as Element | null;
        continue;
      }
      hidden.push(at);
      // Skip the hidden subtree: its elements are counted, not walked.
      at += a.getElementsByTagName("*").length + 1;
      a = nextOutside(live, a) as Element | null;
    } else if (a.hasAttribute("style") && isPushedOffPage(a)) {
      hidden.push(at);
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

/** An inline offset of thousands of pixels to the left or the top: how a page hides text from readers. */
const FAR_OFFSET = /(^|[;\s])(left|top|margin-left|margin-top|text-indent)\s*:\s*-\d{4,}(\.\d+)?px/i;

/**
 * An element its inline style pushes off the page, left of it or above it where no scrolling
 * reaches (`position:absolute; left:-9999px`): a hacked site's hidden links, text meant for search
 * engines only. Rendered, so checkVisibility passes it; never seen.
 */
function isPushedOffPage(el: Element): boolean {
  if (!FAR_OFFSET.test(el.getAttribute("style") || "")) return false;
  const r = el.getBoundingClientRect();
  return r.right + window.scrollX <= 0 || r.bottom + window.scrollY <= 0;
}

const NOT_CONTENT =
  /(^|[\s_-])(modal|popup|pop-up|overlay|dialog|drawer|offcanvas|off-canvas|menu|submenu|dropdown|nav|navbar|navigation|search|login|signin|signup|subscribe|newsletter|cookie|consent|gdpr|banner|tooltip|mobile|sr-only|visually-hidden)([\s_-]|$)/i;

/**
 * A panel's blocks of prose: paragraphs, and list items (an accordion's answer is often a list:
 * the studies under a health topic's heading, the steps of a procedure). A menu's items are
 * links, which isProsePanel's link density keeps out.
 */
const PROSE_BLOCKS = "p, li";

/** The prose a hidden panel must hold to count as one; an FAQ's answer needs less. */
const PANEL_MIN_PROSE = 300;
const ANSWER_MIN_PROSE = 80;

/** A panel right after a question ("What is the event planning process?"): an FAQ's answer. */
function answersQuestion(el: Element): boolean {
  const prev = el.previousElementSibling;
  const q = prev ? norm(prev.textContent) : "";
  return q.length <= 200 && /\?$/.test(q);
}

/**
 * Hidden prose that is not a dialog, a menu or a banner: blocks with PANEL_MIN_PROSE characters of
 * text (ANSWER_MIN_PROSE under a question), few links.
 */
function isProsePanel(el: Element): boolean {
  if (isPageChrome(el)) return false;
  const ps = el.querySelectorAll(PROSE_BLOCKS);
  let len = 0;
  for (let i = 0; i < ps.length && len < PANEL_MIN_PROSE; i++) len += norm(ps[i]!.textContent).length;
  if (len < PANEL_MIN_PROSE && (len < ANSWER_MIN_PROSE || !answersQuestion(el))) return false;
  return linkDensity(el, norm(el.textContent).length) < 0.3;
}

/** A menu, a dialog, a banner, or inside one: never the page's text, shown or hidden. */
function isPageChrome(el: Element): boolean {
  return (
    /^(NAV|HEADER|FOOTER|ASIDE|DIALOG|FORM|svg)$/.test(el.nodeName) ||
    !!el.closest("nav, header, footer, aside, dialog, [role=dialog], [role=menu], [aria-modal]") ||
    NOT_CONTENT.test(
      (el.getAttribute("class") || "") + " " + (el.id || "") + " " + (el.getAttribute("role") || ""),
    )
  );
}

/**
 * A collapsed panel right after the control that opens it (a button, or a heading holding one,
 * with aria-expanded="false": WAI-ARIA's accordion and disclosure patterns), holding text the page
 * shows nowhere else: a product's description, a section's details, whatever its markup (text
 * and <br>s, not only paragraphs). Content the reader gets on a click, kept whole. Not a tab's
 * panel, a menu's (link density, page chrome) or a copy of shown text (a responsive builder's).
 */
function isUnseenDisclosure(el: Element, rendered: () => string): boolean {
  const control = el.previousElementSibling;
  if (
    !control ||
    !(control.getAttribute("aria-expanded") === "false" || control.querySelector("[aria-expanded=false]"))
  )
    return false;
  if (isTabPanel(el) || isPageChrome(el)) return false;
  const text = norm(el.textContent);
  if (text.length < PANEL_MIN_PROSE || linkDensity(el, text.length) >= 0.3) return false;
  return !rendered().includes(text.slice(0, 60).toLowerCase());
}

/**
 * A tab's panel is another view of the same thing (the sample in another language, a product's
 * specifications), where an accordion's panel is the next section: tabs stay out.
 */
function isTabPanel(el: Element): boolean {
  return !!el.closest(
    '[role=tabpanel], [class*="tab-pane" i], [class*="tabpanel" i], [class*="tab-content" i]',
  );
}

/**
 * A collapsed section whose prose the page shows nowhere else (an accordion's answer, a "More"
 * panel, a section a script has not revealed yet): content the reader gets on a click. Kept whole,
 * where isCollapsedProse keeps only the panel's element. Not a copy of text the page shows (what
 * responsive builders keep for other screen widths), template text, a tab or a shop's panel.
 * Measured on the tuning half (docs/benchmarks.md, session 23): 6 pages up (+0.03 to +0.17), 2
 * down by under 0.01; each of the exclusions was a page's loss without it (a Framer page's hidden
 * copies -0.49, template cards -0.49, a documentation page's language tabs -0.63).
 */
function isUnseenPanel(el: Element, rendered: () => string): boolean {
  if (isTabPanel(el) || isShopPage(jsonLdNodes())) return false;
  if (/lorem ipsum/i.test(el.textContent || "")) return false;
  const shown = rendered();
  const ps = el.querySelectorAll(PROSE_BLOCKS);
  let samples = 0;
  for (let i = 0; i < ps.length && samples < 3; i++) {
    const t = norm(ps[i]!.textContent).toLowerCase();
    if (t.length < 60) continue;
    samples++;
    if (shown.includes(t.slice(0, 60))) return false;
  }
  return samples > 0;
}

/**
 * A collapsed section of prose, of two or more paragraphs, that isUnseenPanel did not keep: the
 * walk keeps its element but not its paragraphs (each is hidden too, and holds no <p> of its own).
 * Keeping every such panel whole was measured in session 19 (net -0.001: hidden copies and template
 * text came in), and keeping it whole only where its markup names a disclosure in session 20 (4
 * pages, net -0.11: a shop's hidden tabs).
 */
function isCollapsedProse(prosePanel: Element): boolean {
  return prosePanel.getElementsByTagName("p").length >= 2;
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
