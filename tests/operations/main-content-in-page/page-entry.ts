/**
 * The test bundle's entry (main-content-rules.test.ts): runs one of the extractor's markup steps
 * on an HTML fragment, in the page it is evaluated in, and returns what is left as text.
 */
import { clean, removeControls } from "@/lib/operations/main-content-in-page/clean";
import { removeReplyBox } from "@/lib/operations/main-content-in-page/content-edges";
import { removeOrphanContentsLabels } from "@/lib/operations/main-content-in-page/contents-label";
import { removePostMeta } from "@/lib/operations/main-content-in-page/post-meta";
import { removeQaControls } from "@/lib/operations/main-content-in-page/qa-controls";
import { sectionsHead as headOfSections } from "@/lib/operations/main-content-in-page/sections-head";
import { removeSourceAddressLists } from "@/lib/operations/main-content-in-page/source-urls";
import { removeStoryCards } from "@/lib/operations/main-content-in-page/story-cards";
import { removeTrailingStoryLinks } from "@/lib/operations/main-content-in-page/story-links";
import { norm } from "@/lib/operations/main-content-in-page/text";

function afterStep(step: (root: Element) => void) {
  return (html: string): string => {
    const doc = new DOMParser().parseFromString("<body>" + html + "</body>", "text/html");
    step(doc.body);
    // Blocks as lines, so that a test reads which block went.
    return Array.from(doc.body.querySelectorAll("p, h2, h3, li, dt, dd, div:not(:has(*))"))
      .map((el) => norm(el.textContent))
      .filter(Boolean)
      .join("\n");
  };
}

/** The same, as one line of the text's pieces: for a control that is an inline element of its own. */
function afterStepAsText(step: (root: Element) => void) {
  return (html: string): string => {
    const doc = new DOMParser().parseFromString("<body>" + html + "</body>", "text/html");
    step(doc.body);
    const words: string[] = [];
    const walk = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) words.push(norm(n.textContent));
    return words.filter(Boolean).join(" ");
  };
}

export const qaControls = afterStep(removeQaControls);
export const orphanContentsLabels = afterStep(removeOrphanContentsLabels);
export const postMeta = afterStep(removePostMeta);
export const captionControls = afterStep(removeControls);
export const trailingStoryLinks = afterStep(removeTrailingStoryLinks);
export const sourceAddressLists = afterStep(removeSourceAddressLists);
export const replyBox = afterStep(removeReplyBox);
export const controlsText = afterStepAsText(removeControls);
export const storyCardsText = afterStepAsText((root) => void removeStoryCards(root));
// The whole clean-up of a pick, as the extractor runs it on what it kept.
export const cleanedText = afterStepAsText((root) => void clean(root, true));

/** The head of the sections a page's blocks are, with those blocks after it, as lines. */
export function sectionsHead(page: string, keptIds: string[]): string {
  const source = new DOMParser().parseFromString("<body>" + page + "</body>", "text/html");
  const kept = keptIds.map((id) => source.getElementById(id)!.cloneNode(true) as Element);
  const html = headOfSections(source, kept) + kept.map((k) => k.outerHTML).join("");
  const doc = new DOMParser().parseFromString("<body>" + html + "</body>", "text/html");
  return Array.from(doc.body.querySelectorAll("p, h2, pre, li"))
    .map((el) => norm(el.textContent))
    .filter(Boolean)
    .join("\n");
}
