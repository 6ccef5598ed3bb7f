/**
 * A block quote that repeats what the text already said: a forum reply's quote of the post it
 * answers (that post is in the thread above it), an article's pull quote of a paragraph it has
 * printed. The reader gets the words once; the reply's own text stays. A short quote (a phrase
 * picked out to answer) stays too: it is the reply's framing and costs little.
 *
 * "Repeats" is counted the way the text is compared elsewhere in the field: overlapping runs of
 * four words, so a quote trimmed, joined or re-wrapped still matches the post it came from.
 */
const SHINGLE = 4;
/** A quote shorter than this many runs of four words (about 18 words) stays whatever it repeats. */
const MIN_SHINGLES = 15;
/** The share of a quote's runs found in the text before it that makes it a repetition. */
const REPEATED_SHARE = 0.8;

function wordsOf(text: string): string[] {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) || []
  );
}

/** The outermost block quote holding `node` inside root, or null. */
function quoteAround(node: Node, root: Element): Element | null {
  let quote: Element | null = null;
  for (let el = node.parentElement; el && el !== root; el = el.parentElement)
    if (el.nodeName === "BLOCKQUOTE") quote = el;
  return quote;
}

/** Runs of text in document order: the words outside any quote, and each outermost quote's words. */
function passages(root: Element): { quote: Element | null; words: string[] }[] {
  const out: { quote: Element | null; words: string[] }[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const words = wordsOf(node.nodeValue || "");
    if (!words.length) continue;
    const quote = quoteAround(node, root);
    const last = out[out.length - 1];
    if (last && last.quote === quote) last.words.push(...words);
    else out.push({ quote, words });
  }
  return out;
}

function shingles(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + SHINGLE <= words.length; i++) out.push(words.slice(i, i + SHINGLE).join(" "));
  return out;
}

export function removeRepeatedQuotes(root: Element): void {
  if (!root.querySelector("blockquote")) return;
  const seen = new Set<string>();
  passages(root).forEach(({ quote, words }) => {
    const runs = shingles(words);
    if (quote && runs.length >= MIN_SHINGLES) {
      const repeated = runs.filter((r) => seen.has(r)).length;
      if (repeated >= runs.length * REPEATED_SHARE) {
        quote.remove();
        return;
      }
    }
    runs.forEach((r) => seen.add(r));
  });
}
