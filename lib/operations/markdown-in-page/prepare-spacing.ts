import { all, classOf } from "./dom";

/**
 * Inline elements a page lays out as blocks or cells with its style sheet. A `markdown` visit
 * loads no style sheet, so their words meet with no space: a product card's
 * `<span>Merrell</span><span>Moab Speed 2</span>` read "MerrellMoab Speed 2", a film's
 * `<span class="meta">1994</span><span class="meta">2h 22m</span>` read "19942h 22m".
 */
const INLINE = "span, a, b, strong, em, i, small, label, time, cite, abbr, data, font, mark";
/** Text set as code keeps its spans as the highlighter wrote them; a footnote mark stays on. */
const KEEP = "pre, code, kbd, samp, tt, sup, sub";

/**
 * A space between two inline siblings whose words would otherwise meet, where the markup says they
 * are two things: the same tag and the same class side by side (items of one row, each of two
 * characters or more: not a word split into letters for an effect), or a lowercase letter meeting
 * a capital (a brand and a product name). Text the page wrote between them, even a space, is left.
 */
export function separateGluedSiblings(root: Element): void {
  all(root, INLINE).forEach((el) => {
    const before = el.previousSibling;
    if (!before || before.nodeType !== 1 || !(before as Element).matches(INLINE)) return;
    if (el.closest(KEEP) || (before as Element).matches(KEEP)) return;
    const left = before.textContent || "";
    const right = el.textContent || "";
    if (!/\S$/.test(left) || !/^\S/.test(right)) return;
    const sameKind =
      before.nodeName === el.nodeName &&
      classOf(el) !== "" &&
      classOf(el) === classOf(before as Element) &&
      left.trim().length > 1 &&
      right.trim().length > 1;
    const caseBreak = /\p{Ll}$/u.test(left) && /^\p{Lu}/u.test(right) && left.trim().length > 1;
    if (sameKind || caseBreak) el.before(" ");
  });
}
