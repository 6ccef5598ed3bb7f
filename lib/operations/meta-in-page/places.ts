import { type MetaContext, samePage } from "./context";
import { type Names, labelOrRole } from "./names";

/**
 * Where on the page a name is, or is not, the article's byline: a site's navigation and menus,
 * a figure's credit, the comments, a sidebar's lists, a card that links to another story.
 */
export interface Places {
  /** The first of (at most five) elements the selector finds outside those places whose text reads as a name. */
  firstText(selector: string, read?: (el: HTMLElement) => string | null | undefined): string | null;
  inNavigation(el: Element): boolean;
  inAside(el: Element): boolean;
}

/** Text as rendered, else as written. */
const rendered = (el: HTMLElement) => el.innerText ?? el.textContent;

/**
 * A name link or name box as rendered: the first line a reader sees ("Corti", not "CortiAI
 * platform for healthcare" run together from the title under it; an author box's name, not the
 * biography under it), after a bare label over it ("By", "Author": see labelOrRole).
 */
export function nameLine(el: HTMLElement): string | null {
  const lines = (el.innerText ?? el.textContent ?? "")
    .split(/\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return labelOrRole.test(lines[0] ?? "") ? (lines[1] ?? null) : (lines[0] ?? null);
}

/**
 * A site's navigation (a top bar's "Columnists" list, an "Authors" dropdown) names writers,
 * not the article's: a byline is never inside it. A page-wide wrapper that happens to carry
 * a navigation class holds the article too, and does not count. (A name's own pop-up menu,
 * as forums attach to a poster's name, is not navigation.)
 */
const NAVIGATION =
  'nav, [role="navigation"], [role="menubar"], [class*="navbar" i], [class^="nav" i], [class*=" nav" i]';
/**
 * Navigation with its menus and dropdowns: whose lines ("By Event Type") are never bylines
 * (navLines), though a name inside a menu may still be a poster's (inNavigation).
 */
export const NAVIGATION_OR_MENU = NAVIGATION + ', [role="menu"], [class*="menu" i], [class*="dropdown" i]';
/** A part of the page that holds no headline, article or main element (not the body). */
export const isMenu = (c: MetaContext, m: Element) =>
  m !== c.doc.body && !m.querySelector("h1, article, main");
/**
 * Where a name is not the article's byline (trafilatura's discarded places): a figure's credit,
 * the comments (WordPress's "comment-author", Disqus's thread) and a sidebar's lists.
 */
const ASIDE =
  'figure, [data-component*="figure" i], [id^="comments" i], [class^="comments" i], [class*="commentlist" i], [id*="commentlist" i], [class*="comment-list" i], [id*="comment-list" i], [class*="comments-list" i]';
const SIDEBAR = '[class*="sidebar" i], [id*="sidebar" i]';

export function places(c: MetaContext, n: Names): Places {
  const doc = c.doc;
  const inNavigation = (el: Element) => {
    for (let m = el.closest(NAVIGATION); m; m = m.parentElement?.closest(NAVIGATION) ?? null)
      if (isMenu(c, m)) return true;
    return false;
  };
  let bodyLength: number | null = null;
  // A container that holds the headline or the main element is the page's, whatever its name; a
  // comment thread may hold <article>s (one a comment). A sidebar is a lesser part of the page
  // outside the article (a theme's "story_sidebar" beside the story in <main> names its writers),
  // not a wrapper named for the sidebar beside it ("beside_sidebar", "has-sidebar").
  const inAside = (el: Element) => {
    for (let m = el.closest(ASIDE); m; m = m.parentElement?.closest(ASIDE) ?? null)
      if (m !== doc.body && !m.querySelector("h1, main")) return true;
    for (let m = el.closest(SIDEBAR); m; m = m.parentElement?.closest(SIDEBAR) ?? null) {
      bodyLength ??= doc.body?.textContent?.length ?? 0;
      if (
        isMenu(c, m) &&
        !m.closest('main, article, [role="main"]') &&
        (m.textContent?.length ?? 0) < bodyLength / 2
      )
        return true;
    }
    return false;
  };
  // The body's own class (a theme's "author-hidden") says nothing of a byline.
  const firstText = (selector: string, read: (el: HTMLElement) => string | null | undefined = rendered) => {
    const els = Array.from(doc.querySelectorAll<HTMLElement>(selector))
      .slice(0, 500)
      .filter((el) => el !== doc.body && el !== doc.documentElement && !inNavigation(el) && !inAside(el));
    for (const el of els.slice(0, 5)) {
      const v = n.asName(read(el));
      if (v && !n.isSite(v)) return v;
    }
    return null;
  };
  return { firstText, inNavigation, inAside };
}

/**
 * Menu and navigation text ("By Event Type", "By Company Size") reads like a byline but names
 * a category: lines shown inside navigation are never bylines.
 */
export function navLines(c: MetaContext): Set<string> {
  const out = new Set<string>();
  const navs = c.doc.querySelectorAll<HTMLElement>(NAVIGATION_OR_MENU);
  for (const el of Array.from(navs).slice(0, 200)) {
    if (!isMenu(c, el)) continue;
    for (const l of (el.innerText ?? "").split(/\n+/)) if (l.trim()) out.add(l.trim());
  }
  return out;
}

/**
 * A card that links to another story (its headline, summary and "By Jane Doe" in one link)
 * prints that story's byline, not this page's.
 */
export function cardLines(c: MetaContext): Set<string> {
  const out = new Set<string>();
  for (const a of Array.from(c.doc.querySelectorAll<HTMLAnchorElement>("a[href]")).slice(0, 1000)) {
    const lines = (a.innerText ?? "")
      .split(/\n+/)
      .map((l) => l.trim())
      .filter(Boolean);
    if (lines.length >= 2 && !samePage(c, a.href, c.location.href)) for (const l of lines) out.add(l);
  }
  return out;
}
