/**
 * Readies the main content (an inert copy, main-content.ts) for Turndown and rules.ts.
 * Readability, which picked most of that content, drops class names, inline styles and H1s (it
 * makes them H2), so what only those told is read back from the live page: an element of the copy
 * is matched to its twin on the page by its text (code blocks, headings) or its address (images).
 *
 * - headings an H1 on the page are H1 again; a list written straight inside a list is nested
 *   in the item before it;
 * - each code block becomes `<pre data-ptd-lang="…">` holding its text, lines kept (`<br>`,
 *   a block per line, or what the page renders), its language from the names highlighters use;
 * - each data table a regular grid (spans filled with empty cells) whose first row is its heading
 *   row (an empty one when the table has none); layout tables give their cells' content instead;
 * - each image keeps one absolute `src` (lazy-load and srcset sources read), or goes when it is
 *   no content: a tracking pixel, an icon, an avatar, an image with no source; an emoji is its alt;
 *   an alt that repeats an earlier image's or the content's own words is emptied, and so are a
 *   gallery's (three images or more with no text between them, alts repeating one name:
 *   prepare-alts.ts);
 * - emphasis written once: no <strong> in a <strong>, no two side by side (prepare-emphasis.ts);
 * - two inline siblings a style sheet would set apart get a space where their words meet
 *   (prepare-spacing.ts);
 * - figure captions follow their image; class names go (Turndown's plugins must not read them).
 */
import { all } from "./dom";
import { dropGalleryAlts, dropRedundantAlts } from "./prepare-alts";
import { prepareCode } from "./prepare-code";
import { mergeEmphasis } from "./prepare-emphasis";
import { restoreHeadings } from "./prepare-headings";
import { prepareImages } from "./prepare-images";
import { nestLists } from "./prepare-lists";
import { separateGluedSiblings } from "./prepare-spacing";
import { prepareTables } from "./prepare-tables";

export function prepareMarkdown(root: Element): void {
  restoreHeadings(root);
  separateGluedSiblings(root);
  nestLists(root);
  prepareCode(root);
  mergeEmphasis(root);
  // A code span is one line: a <br> in it is a space.
  all(root, "code br").forEach((br) => {
    br.replaceWith(" ");
  });
  prepareTables(root);
  prepareImages(root);
  dropRedundantAlts(root);
  dropGalleryAlts(root);
  all(root, "figure > figcaption").forEach((c) => {
    c.parentNode!.appendChild(c);
  });
  all(root, "[class]").forEach((el) => {
    el.removeAttribute("class");
  });
}
