/**
 * The wceb-2026 scoring method (same as the Zyte article-extraction benchmark): both texts become
 * lower-case word tokens, then overlapping 4-word shingles; true/false positives and false
 * negatives are counted over the shingle multisets. Snippet coverage: the share of `with`
 * sentences found in the extraction and of `without` sentences absent from it.
 */
export interface PageScore {
  precision: number;
  recall: number;
  f1: number;
}

const SHINGLE = 4;

export function words(text: string): string[] {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

function shingles(tokens: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  // A text shorter than one shingle is one shingle of all its words.
  const n = Math.max(1, tokens.length - SHINGLE + 1);
  if (!tokens.length) return out;
  for (let i = 0; i < n; i++) {
    const key = tokens.slice(i, i + SHINGLE).join(" ");
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

export function shingleScore(extracted: string, truth: string): PageScore {
  const got = shingles(words(extracted));
  const want = shingles(words(truth));
  let tp = 0;
  let gotTotal = 0;
  let wantTotal = 0;
  for (const c of want.values()) wantTotal += c;
  for (const [k, c] of got) {
    gotTotal += c;
    tp += Math.min(c, want.get(k) ?? 0);
  }
  if (!gotTotal || !wantTotal) {
    const same = gotTotal === wantTotal;
    return { precision: same ? 1 : 0, recall: same ? 1 : 0, f1: same ? 1 : 0 };
  }
  const precision = tp / gotTotal;
  const recall = tp / wantTotal;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

/** Is `snippet` (as words) a contiguous run of `text`'s words? */
function containsWords(textWords: string, snippet: string): boolean {
  const s = words(snippet).join(" ");
  return !!s && ` ${textWords} `.includes(` ${s} `);
}

/** Shares in [0, 1], or null when the page lists no snippet of that kind. */
export function snippetCoverage(
  extracted: string,
  withSnippets: readonly string[],
  withoutSnippets: readonly string[],
): { with: number | null; without: number | null } {
  const text = words(extracted).join(" ");
  const share = (xs: readonly string[], hit: (s: string) => boolean) =>
    xs.length ? xs.filter(hit).length / xs.length : null;
  return {
    with: share(withSnippets, (s) => containsWords(text, s)),
    without: share(withoutSnippets, (s) => !containsWords(text, s)),
  };
}

/** Markdown to the plain text it renders: link and image targets and markup characters dropped. */
export function markdownToText(md: string): string {
  return md
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^```.*$/gm, " ")
    .replace(/[#>*_`|~]+/g, " ");
}

/** The deterministic tuning / held-out split: FNV-1a of the page id, even = tuning. */
export function halfOf(id: string): "tuning" | "held-out" {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h % 2 === 0 ? "tuning" : "held-out";
}
