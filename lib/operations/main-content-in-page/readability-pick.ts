/**
 * Readability's answer as the rules after it read it: its text, and its HTML parsed once (the
 * wider container counts its prose, the like blocks and a reference page's head read the blocks
 * it kept).
 */
export interface ReadabilityPick {
  textContent: string;
  /** The answer's body. */
  body: HTMLElement;
  /** The blocks Readability kept: the children of its page wrapper, none if it wrote none. */
  kept: Element[];
}

export function readabilityPick(textContent: string, content: string): ReadabilityPick {
  const doc = new DOMParser().parseFromString(content, "text/html");
  const page = doc.getElementById("readability-page-1");
  return { textContent, body: doc.body, kept: page ? Array.from(page.children) : [] };
}
