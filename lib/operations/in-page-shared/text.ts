/** Text as a reader sees it: whitespace runs (no-break spaces too) as one space, trimmed. */
export function norm(s: string | null | undefined): string {
  return (s || "").replace(/[\s\u00a0]+/g, " ").trim();
}

/**
 * A text's words, to compare two texts: letters and digits only, single-spaced, lowercase. ASCII
 * text is read with an ASCII pattern, the same letters and digits: the Unicode one is costly to
 * compile in each new renderer.
 */
export function words(s: string): string {
  return s
    .replace(/^[\x00-\x7f]*$/.test(s) ? /[^A-Za-z0-9]+/g : /[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .toLowerCase();
}
