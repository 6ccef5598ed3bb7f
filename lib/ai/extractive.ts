import {
  countWords,
  isSpaceless,
  resolveLanguage,
  splitSentences,
  wordTokens,
  type Language,
} from "./segment";
import { stopwordsFor } from "./stopwords";
import type { ArticleInput } from "./types";

/**
 * Built-in summary: extractive, deterministic. Sentences of the main content are scored by
 * TextRank over TF-IDF cosine similarity (what the text keeps coming back to), closeness to the
 * whole text's centroid and to the title, and position (articles put the gist first); Maximal
 * Marginal Relevance then picks 3–5 that do not repeat each other, within a word budget, and they
 * are returned in their original order so the summary reads like the page.
 */

export const SUMMARY_MAX_WORDS = 120;
const MIN_SENTENCES = 3;
const MAX_SENTENCES = 5;
/** TextRank is quadratic; long pages (Wikipedia) are cut to their first sentences. */
const MAX_CANDIDATES = 400;
const MMR_LAMBDA = 0.7;

interface Sentence {
  text: string;
  index: number;
  paragraph: number;
  firstInParagraph: boolean;
  words: number;
  vector: Map<string, number>;
}

type Vector = Map<string, number>;

/** Six-letter prefixes: a crude stemmer that works alike for every alphabetic language. */
function stem(word: string, spaceless: boolean): string {
  return spaceless || word.length <= 6 ? word : word.slice(0, 6);
}

function termsOf(text: string, lang: Language, stops: ReadonlySet<string>): string[] {
  const spaceless = isSpaceless(text);
  return wordTokens(text, lang.locale)
    .filter((w) => !stops.has(w) && /\p{L}/u.test(w) && (spaceless || w.length > 1))
    .map((w) => stem(w, spaceless));
}

function cosine(a: Vector, b: Vector): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [t, w] of a) {
    na += w * w;
    const v = b.get(t);
    if (v) dot += w * v;
  }
  for (const w of b.values()) nb += w * w;
  return dot && na && nb ? dot / Math.sqrt(na * nb) : 0;
}

// Captions, credits, calls to action and list fragments are poor summary sentences.
const BOILERPLATE =
  /^(photo|image|picture|credit|source|advertisement|read more|related|click|tap|subscribe|sign up|follow us|share|copyright|©)\b/i;

function isGoodSentence(s: string, words: number): boolean {
  if (BOILERPLATE.test(s) || /https?:\/\/|www\./i.test(s)) return false;
  // Trailing colons introduce what follows; parenthesised asides depend on what precedes.
  if (/[:;,]$/.test(s) || /^[([]/.test(s)) return false;
  // Code, markup and formulas; " , " is what inline math leaves behind once its markup is gone.
  if (/\s[,.;:)](\s|$)/.test(s) || (s.match(/[{}[\]<>=|\\/#*_`~^]/g)?.length ?? 0) > 3) return false;
  // A finished sentence: terminal punctuation, possibly inside closing quotes or brackets.
  if (!/[.!?。！？…]["'”’»)\]]*$/u.test(s)) return false;
  // Half a quotation (the quote runs over several sentences) makes no sense on its own.
  const count = (re: RegExp) => s.match(re)?.length ?? 0;
  if (
    count(/"/g) % 2 ||
    count(/“/g) !== count(/”/g) ||
    count(/«/g) !== count(/»/g) ||
    count(/„/g) > count(/[“”]/g)
  )
    return false;
  const letters = s.replace(/[^\p{L}]/gu, "");
  if (
    letters.length < 10 ||
    (letters.length > 20 && letters === letters.toUpperCase() && /\p{Lu}/u.test(letters))
  )
    return false;
  return isSpaceless(s) ? s.length >= 12 && s.length <= 160 : words >= 6 && words <= 45;
}

function candidates(doc: ArticleInput, lang: Language): { all: Sentence[]; good: Sentence[] } {
  const stops = stopwordsFor(lang.base);
  const all: Sentence[] = [];
  doc.paragraphs.forEach((para, p) => {
    if (all.length >= MAX_CANDIDATES) return;
    splitSentences(para, lang).forEach((text, i) => {
      if (all.length >= MAX_CANDIDATES) return;
      const terms = termsOf(text, lang, stops);
      const vector: Vector = new Map();
      for (const t of terms) vector.set(t, (vector.get(t) ?? 0) + 1);
      all.push({
        text,
        index: all.length,
        paragraph: p,
        firstInParagraph: i === 0,
        words: countWords(text, lang.locale),
        vector,
      });
    });
  });
  const good = all.filter((s) => s.vector.size > 0 && isGoodSentence(s.text, s.words));
  // Pages of fragments (lists, captions) still get a summary from what there is.
  return { all, good: good.length >= MIN_SENTENCES ? good : all.filter((s) => s.vector.size > 0) };
}

/** Re-weights raw counts by IDF over the page's own sentences (log-scaled tf). */
function weigh(sentences: Sentence[]): void {
  const df = new Map<string, number>();
  for (const s of sentences) for (const t of s.vector.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = sentences.length;
  for (const s of sentences) {
    for (const [t, c] of s.vector) s.vector.set(t, (1 + Math.log(c)) * Math.log(1 + n / df.get(t)!));
  }
}

function textRank(sim: number[][], iterations = 40, damping = 0.85): number[] {
  const n = sim.length;
  const out = sim.map((row) => row.reduce((a, b) => a + b, 0));
  let rank = new Array<number>(n).fill(1 / n);
  for (let it = 0; it < iterations; it++) {
    const next = new Array<number>(n).fill((1 - damping) / n);
    for (let j = 0; j < n; j++) {
      if (!out[j]) continue;
      const share = (damping * rank[j]!) / out[j]!;
      const row = sim[j]!;
      for (let i = 0; i < n; i++) if (row[i]) next[i]! += share * row[i]!;
    }
    rank = next;
  }
  return rank;
}

function normalize(xs: number[]): number[] {
  const max = Math.max(...xs, 0);
  return max > 0 ? xs.map((x) => x / max) : xs.map(() => 0);
}

/** Sentences opening with a connective lean on the one before ("But…", "Aber…", "Mais…"). */
const CONNECTIVE =
  /^["“„«]?(but|and|so|yet|also|still|however|nonetheless|nevertheless|meanwhile|instead|that was|aber|doch|und|jedoch|mais|et|cependant|pero|sin embargo|y|ma|però|e|mas|porém|maar|en)\b/i;

function scoreSentences(pool: Sentence[], title: Vector): number[] {
  const n = pool.length;
  const sim = pool.map((a, i) => pool.map((b, j) => (i === j ? 0 : cosine(a.vector, b.vector))));
  const centroid: Vector = new Map();
  for (const s of pool) for (const [t, w] of s.vector) centroid.set(t, (centroid.get(t) ?? 0) + w);
  const rank = normalize(textRank(sim));
  const central = normalize(pool.map((s) => cosine(s.vector, centroid)));
  const titled = pool.map((s) => (title.size ? cosine(s.vector, title) : 0));
  return pool.map((s, i) => {
    // Lead bias decays with the sentence's place in the text; paragraph openers state topics.
    const position = 1 / (1 + (s.index / Math.max(8, n)) * 6) + (s.firstInParagraph ? 0.1 : 0);
    const score = 0.35 * rank[i]! + 0.25 * central[i]! + 0.15 * titled[i]! + 0.25 * position;
    return CONNECTIVE.test(s.text) ? score * 0.8 : score;
  });
}

function select(pool: Sentence[], scores: number[]): Sentence[] {
  const chosen: Sentence[] = [];
  let words = 0;
  const left = new Set(pool.map((_, i) => i));
  while (chosen.length < MAX_SENTENCES && left.size) {
    let best = -1;
    let bestValue = -Infinity;
    for (const i of left) {
      const s = pool[i]!;
      if (words + s.words > SUMMARY_MAX_WORDS) continue;
      const redundancy = Math.max(0, ...chosen.map((c) => cosine(c.vector, s.vector)));
      const value = MMR_LAMBDA * scores[i]! - (1 - MMR_LAMBDA) * redundancy;
      if (value > bestValue) [best, bestValue] = [i, value];
    }
    if (best < 0) break;
    // Past the minimum, only sentences nearly as good as the first earn their words.
    if (chosen.length >= MIN_SENTENCES && bestValue < 0.45 * MMR_LAMBDA * Math.max(...scores)) break;
    left.delete(best);
    chosen.push(pool[best]!);
    words += pool[best]!.words;
  }
  return chosen.sort((a, b) => a.index - b.index);
}

export interface ExtractiveSummary {
  text: string;
  sentences: string[];
}

export function extractiveSummary(doc: ArticleInput): ExtractiveSummary {
  const sample = doc.paragraphs.join("\n");
  const lang = resolveLanguage(doc.lang, sample);
  const { good } = candidates(doc, lang);
  if (!good.length) return { text: "", sentences: [] };
  weigh(good);
  const titleTerms = termsOf(doc.title, lang, stopwordsFor(lang.base));
  const title: Vector = new Map(titleTerms.map((t) => [t, 1]));
  const chosen = select(good, scoreSentences(good, title));
  // Only over-long sentences (a page of one run-on block): the opening words, marked as cut.
  const sentences = chosen.length
    ? chosen.map((s) => s.text)
    : [
        `${good[0]!.text
          .split(/\s+/)
          .slice(0, SUMMARY_MAX_WORDS - 1)
          .join(" ")} …`,
      ];
  return { text: sentences.join(isSpaceless(sample) ? "" : " "), sentences };
}
