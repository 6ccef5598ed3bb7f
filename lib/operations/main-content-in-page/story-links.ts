import { headingOver } from "./clean";
import { edgeLines } from "./content-edges";
import { toOtherPageOfSite } from "./site";
import { norm } from "./text";

/**
 * A news page's links to its other stories under the article, one headline to a line and nothing
 * else on it: "Tunisia's Islamists get a sobering lesson in governing", "Tunisia sends most
 * foreign fighters to Islamic State" (with or without a "Related Articles:" heading over them).
 * Story cards (story-cards.ts) are headings; these are plain paragraphs, so only the run that ends
 * the content goes, two lines or more, each wholly one link of three words or more to another page
 * of the same site. A list item is never one: a documentation page's "Next steps" and an article's
 * references are lists, and the text's own.
 */
const MIN_LINES = 2;
const MIN_WORDS = 3;

function isStoryLink(line: Element): boolean {
  if (line.closest("li, ul, ol, dl")) return false;
  const links = line.getElementsByTagName("a");
  if (links.length !== 1) return false;
  const text = norm(line.textContent);
  return (
    norm(links[0]!.textContent) === text &&
    text.split(" ").length >= MIN_WORDS &&
    toOtherPageOfSite(links[0]!.getAttribute("href"))
  );
}

/** Removes the run of other stories' links that ends root, with its heading, when it is no more than a fifth of the text. */
export function removeTrailingStoryLinks(root: Element): void {
  const lines = edgeLines(root);
  let k = lines.length;
  while (k > 0 && isStoryLink(lines[k - 1]!)) k--;
  const run = lines.slice(k);
  if (run.length < MIN_LINES || k === 0) return;
  const runText = run.reduce((n, el) => n + norm(el.textContent).length, 0);
  if (runText > norm(root.textContent).length * 0.2) return;
  // The heading right before the run (or the block it opens) is the links' label.
  const label = headingOver(run[0]!, root);
  run.forEach((el) => el.remove());
  if (label && norm(label.textContent).length <= 60) label.remove();
}
