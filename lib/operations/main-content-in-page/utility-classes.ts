import { isProse } from "./density";

/**
 * Readability drops an H1 or H2 whose class names score as boilerplate, and its words for that
 * include "hidden" and "scroll" (hidden boxes, scrolling widgets). Utility-class CSS (Tailwind and
 * its kind) puts those words on ordinary headings: `scroll-mt-24` on every heading a link can jump
 * to, `hidden lg:block` on one a wide screen shows. In the visible clone every element is shown,
 * whatever its classes say, so on a heading these tokens only mislead: they are removed from it.
 * Only headings: on the boxes around the text the same tokens also move Readability's choice of
 * block, and removing them there moved 16 tuning pages both ways for a net loss (session 24).
 */
const MISLEADING_UTILITY =
  /^(?:[\w-]+:)*!?(?:overflow(?:-[xy])?-(?:hidden|scroll)|scroll-(?:smooth|auto)|scroll-[mp][trblxyse]?-\S+|(?:no-)?scrollbar(?:-\S+)?|hidden)$/;

const MARKED_HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"]
  .map((h) => `${h}[class*="hidden"], ${h}[class*="scroll"]`)
  .join(", ");

/**
 * Readability also removes, before it scores, any element whose class or id says "header" (its list
 * of unlikely candidates), and Substack marks every section heading of a post `header-anchor-post`:
 * a post came back without its headings. A heading below the headline is a heading of the text
 * whatever its class says, so the word is removed from h2–h6; the page's header around its
 * headline keeps its own class and goes as before.
 */
const HEADER_WORD = /header/i;
const SECTION_HEADINGS =
  "h2[class*=header i], h3[class*=header i], h4[class*=header i], h5[class*=header i], h6[class*=header i]";

/**
 * The same list takes a block of the text's own prose whose class says "header": a listicle's
 * introduction in `section.listicle-header`. A block holding two paragraphs of prose or more is
 * text, whatever its class says (a site's header holds a logo and a menu, not paragraphs).
 */
const HEADER_BLOCKS = "div[class*=header i], section[class*=header i], header[class*=header i]";

function holdsProse(el: Element): boolean {
  const ps = el.getElementsByTagName("p");
  let prose = 0;
  for (let i = 0; i < ps.length && prose < 2; i++) if (isProse(ps[i]!)) prose++;
  return prose >= 2;
}

function dropTokens(el: Element, misleading: RegExp): void {
  const tokens = (el.getAttribute("class") || "").split(/\s+/);
  const kept = tokens.filter((t) => !misleading.test(t));
  if (kept.length !== tokens.length) el.setAttribute("class", kept.join(" "));
}

export function dropMisleadingUtilities(root: ParentNode): void {
  const marked = root.querySelectorAll(MARKED_HEADINGS);
  for (let i = 0; i < marked.length; i++) dropTokens(marked[i]!, MISLEADING_UTILITY);
  const sections = root.querySelectorAll(SECTION_HEADINGS);
  for (let i = 0; i < sections.length; i++) dropTokens(sections[i]!, HEADER_WORD);
  const blocks = root.querySelectorAll(HEADER_BLOCKS);
  for (let i = 0; i < blocks.length; i++) if (holdsProse(blocks[i]!)) dropTokens(blocks[i]!, HEADER_WORD);
}
