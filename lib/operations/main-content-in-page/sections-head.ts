import { clean } from "./clean";
import { linkDensity } from "./density";
import { norm } from "./text";

/**
 * The head of a reference page written as sections: DocBook's `refentry` (PostgreSQL's manual
 * among many) holds the command's name and purpose (`refnamediv`), its synopsis (a `<pre>`), then
 * one `refsect1` per section. Readability scores the sections, keeps them as siblings, and leaves
 * out the name, the purpose and the synopsis before them, which score nothing: prose they are not.
 *
 * Where Readability kept two blocks or more, each with an id, all children of one element of the
 * page, the siblings before the first of them are that head when they are few (six with text at
 * most) and short, hold a heading, few links and no page chrome. News sites rarely give a story's
 * blocks ids and set them side by side under one parent with its headline: on the tuning half
 * only PostgreSQL's two pages match.
 */
const HEAD_MAX_BLOCKS = 6;
const HEAD_MAX_CHARS = 3000;
const HEAD_MAX_LINK_DENSITY = 0.3;
const CHROME = "nav, aside, header, footer, form, dialog, iframe, script";

/**
 * The head of the sections Readability kept (its blocks, copied from source), cleaned, as HTML to
 * go before them; "" where they are no such sections or have no such head.
 */
export function sectionsHead(source: Document, kept: Element[]): string {
  if (kept.length < 2 || !kept.every((k) => k.id)) return "";
  const blocks = kept.map((k) => source.getElementById(k.id));
  const parent = blocks[0] && blocks[0].parentElement;
  if (!parent || !blocks.every((b) => b && b.parentElement === parent)) return "";
  const head: Element[] = [];
  for (let el = parent.firstElementChild; el && el !== blocks[0]; el = el.nextElementSibling) head.push(el);
  // Empty elements (PostgreSQL's index anchors) are no part of the head to count.
  const withText = head.filter((el) => norm(el.textContent));
  if (!withText.length || withText.length > HEAD_MAX_BLOCKS) return "";
  if (head.some((el) => el.matches(CHROME) || el.querySelector(CHROME))) return "";
  if (!head.some((el) => el.matches("h1, h2, h3") || el.querySelector("h1, h2, h3"))) return "";
  const cleaned = head.map((el) => clean(el.cloneNode(true) as Element));
  const text = norm(cleaned.map((el) => el.textContent).join(" "));
  if (!text || text.length > HEAD_MAX_CHARS) return "";
  if (cleaned.some((el) => linkDensity(el, norm(el.textContent).length) > HEAD_MAX_LINK_DENSITY)) return "";
  return cleaned.map((el) => el.outerHTML).join("");
}
