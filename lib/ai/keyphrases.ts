import { isSpaceless, resolveLanguage, splitSentences, type Language } from "./segment";
import { stopwordsFor } from "./stopwords";
import type { ArticleInput } from "./types";

/**
 * Built-in keywords: statistical keyphrases, deterministic (RAKE/YAKE family). Candidates are runs
 * of 1–3 content words between stop words and punctuation; each is scored by how often it occurs,
 * how early it first appears, whether the title or a heading names it, and whether it is written
 * like a name (capitalised mid-sentence). No corpus statistics exist here, so a stop-word list per
 * language stands in for IDF.
 */

export const MAX_KEYPHRASES = 10;
const MIN_KEYPHRASES = 5;
const MAX_WORDS = 3;
/** ~50k words: counts have long settled by then, and a 10 MB page must not take seconds. */
const MAX_INPUT_CHARS = 300_000;

interface Token {
  /** Lower-case surface form, possessive dropped. */
  word: string;
  /** Without a leading elision: how the word reads at the start of a phrase ("assemblée"). */
  bare: string;
  /** Merges inflections ("allergies" / "allergy") for counting and de-duplication. */
  key: string;
  capitalised: boolean;
}

interface Candidate {
  key: string;
  words: number;
  count: number;
  /** Times written capitalised where a sentence does not start. */
  capitalised: number;
  /** First position, 0 (top) to 1 (end of text). */
  first: number;
  title: boolean;
  heading: boolean;
  forms: Map<string, number>;
}

/** Plural folding that holds for English and the Romance languages; others keep their forms. */
function keyOf(word: string): string {
  if (word.length <= 3 || isSpaceless(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

const segmenters = new Map<string, Intl.Segmenter>();
function words(locale: string): Intl.Segmenter {
  let s = segmenters.get(locale);
  if (!s) segmenters.set(locale, (s = new Intl.Segmenter(locale, { granularity: "word" })));
  return s;
}

/**
 * Runs of content words in one sentence. Hyphenated compounds stay one token ("e-mail");
 * whitespace continues a run, any other punctuation or a stop word ends it.
 */
function runs(sentence: string, lang: Language, stops: ReadonlySet<string>): Token[][] {
  const out: Token[][] = [];
  let run: Token[] = [];
  let glue = false;
  let atStart = true;
  const end = () => {
    if (run.length) out.push(run);
    run = [];
  };
  for (const seg of words(lang.locale).segment(sentence)) {
    const text = seg.segment;
    if (!seg.isWordLike) {
      if (/^[-‐]$/.test(text) && run.length) glue = true;
      else if (!/^\s+$/.test(text)) {
        end();
        glue = false;
      }
      continue;
    }
    const { word: lower, bare } = normalizeWord(text.toLocaleLowerCase(lang.locale), stops);
    const capitalised = !atStart && /^\p{Lu}/u.test(text);
    atStart = false;
    if (glue && run.length) {
      const last = run[run.length - 1]!;
      const word = `${last.word}-${lower}`;
      const joined = `${last.bare}-${bare}`;
      run[run.length - 1] = { word, bare: joined, key: keyOf(joined), capitalised: last.capitalised };
      glue = false;
      continue;
    }
    glue = false;
    const useless =
      stops.has(bare) ||
      !/\p{L}/u.test(bare) ||
      // Hiragana alone is Japanese grammar (particles, endings); one Han character is too vague.
      (isSpaceless(bare) ? [...bare].length < 2 || /^\p{Script=Hiragana}+$/u.test(bare) : bare.length < 2);
    if (useless) {
      end();
      continue;
    }
    run.push({ word: lower, bare, key: keyOf(bare), capitalised });
  }
  end();
  // A compound of stop words alone ("so-called" survives, "one-to-one" does not) is not content.
  return out
    .map((r) => r.filter((t) => t.bare.split("-").some((p) => !stops.has(p))))
    .filter((r) => r.length);
}

/**
 * Possessives off ("apple’s" → "apple"); elisions off for the bare form ("d’un" → "un", a stop
 * word) but kept inside phrases, where they belong ("quai d’orsay").
 */
function normalizeWord(lower: string, stops: ReadonlySet<string>): { word: string; bare: string } {
  const w = lower.replace(/[’‘`´]/g, "'");
  if (stops.has(w)) return { word: w, bare: w };
  const word = w.replace(/'s?$/, "");
  return {
    word: word.replace(/'/g, "’"),
    bare: word.replace(/^(?:[cdjlmnst]|qu|dell|dall|nell|sull|all|un)'(?=\p{L})/u, ""),
  };
}

/** "Article title | Site name": the longest part is the article's. */
function articleTitle(title: string): string {
  const parts = title.split(/\s+[|–—:·»]\s+|\s+-\s+|\s+::\s+|\s+_/).map((p) => p.trim());
  return parts.reduce((a, b) => (b.length > a.length ? b : a), "");
}

export function keyphrases(doc: ArticleInput, max = MAX_KEYPHRASES): string[] {
  const sample = doc.paragraphs.join("\n");
  const lang = resolveLanguage(doc.lang, sample);
  // English function words turn up on pages in every language (menus, code, quotes).
  const stops = new Set([...stopwordsFor(lang.base), ...stopwordsFor("en")]);
  const spaceless = isSpaceless(sample);
  const maxWords = spaceless ? 2 : MAX_WORDS;

  const found = new Map<string, Candidate>();
  const totalChars = Math.max(1, Math.min(sample.length, MAX_INPUT_CHARS));
  let offset = 0;
  const visit = (text: string, where: "title" | "heading" | "body") => {
    for (const sentence of splitSentences(text, lang)) {
      for (const run of runs(sentence, lang, stops)) {
        for (let n = 1; n <= maxWords; n++) {
          for (let i = 0; i + n <= run.length; i++) {
            const gram = run.slice(i, i + n);
            const key = join(gram.map((t) => t.key));
            const form = join(gram.map((t, j) => (j === 0 ? t.bare : t.word)));
            let c = found.get(key);
            if (!c) {
              c = {
                key,
                words: n,
                count: 0,
                capitalised: 0,
                first: 1,
                title: false,
                heading: false,
                forms: new Map(),
              };
              found.set(key, c);
            }
            c.forms.set(form, (c.forms.get(form) ?? 0) + 1);
            if (where === "title") c.title = true;
            else if (where === "heading") c.heading = true;
            else {
              c.count++;
              c.first = Math.min(c.first, offset / totalChars);
              if (gram.every((t) => t.capitalised)) c.capitalised++;
            }
          }
        }
      }
    }
  };
  visit(articleTitle(doc.title), "title");
  for (const h of doc.headings ?? []) visit(h, "heading");
  for (const p of doc.paragraphs) {
    if (offset >= MAX_INPUT_CHARS) break;
    visit(p, "body");
    offset += p.length + 1;
  }

  const scored: { c: Candidate; score: number }[] = [];
  for (const c of found.values()) {
    // A phrase of several words must recur or be named in the title/headings to be a phrase
    // rather than an accident of adjacency.
    // Words of the title that the text never uses are mostly site names and wordplay.
    if (c.count === 0 || (c.words > 1 && c.count < 2 && !c.title && !c.heading)) continue;
    const frequency = Math.log2(1 + c.count) + (c.title ? 2 : 0) + (c.heading ? 1 : 0);
    const position = 1 + 1 / (1 + 8 * c.first);
    const name = c.count && c.capitalised / c.count > 0.5 ? 1.3 : 1;
    const length = [1, 1, 1.6, 1.9][c.words]!;
    const latinSingle = c.words === 1 && !isSpaceless(c.key);
    if (latinSingle && c.key.length < 3) continue;
    const shortWord = latinSingle && c.key.length === 3 ? 0.6 : 1;
    scored.push({ c, score: frequency * position * name * length * shortWord });
  }
  scored.sort((a, b) => b.score - a.score || a.c.key.localeCompare(b.c.key));

  const chosen: { c: Candidate; score: number; parts: string[] }[] = [];
  const top = scored[0]?.score ?? 0;
  for (const s of scored) {
    if (chosen.length >= max) break;
    if (chosen.length >= MIN_KEYPHRASES && s.score < 0.25 * top) break;
    const parts = spaceless ? [s.c.key] : s.c.key.split(" ");
    if (chosen.some((x) => overlaps(x.parts, parts, spaceless))) continue;
    chosen.push({ ...s, parts });
  }
  return chosen.map(({ c }) => [...c.forms].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0]);
}

/** Words of a phrase: spaced, except next to a word of a spaceless script ("公衆無線", "無線lan"). */
function join(words: string[]): string {
  return words.reduce(
    (acc, w, i) => (i === 0 ? w : acc + (isSpaceless(w) || isSpaceless(words[i - 1]!) ? "" : " ") + w),
    "",
  );
}

/** One phrase repeats the other: "gun" and "gun laws", "sanction" and "sanctions". */
function overlaps(a: string[], b: string[], spaceless: boolean): boolean {
  if (spaceless) return a[0]!.includes(b[0]!) || b[0]!.includes(a[0]!);
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  for (let i = 0; i + short.length <= long.length; i++) {
    if (short.every((w, j) => long[i + j] === w)) return true;
  }
  return false;
}
