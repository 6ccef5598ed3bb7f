import { guessLanguage, STOPWORD_LANGUAGES } from "./stopwords";

/**
 * Language-aware text splitting on ICU (Intl.Segmenter): sentence breaks for every script, and
 * dictionary word breaks for Chinese/Japanese/Thai, which have no spaces between words.
 */

export interface Language {
  /** Locale handed to Intl.Segmenter ("en" when unknown: ICU's rules are near-universal). */
  locale: string;
  /** Primary subtag, lower case ("de"); "" when unknown. */
  base: string;
}

const segmenters = new Map<string, Intl.Segmenter>();

function segmenter(locale: string, granularity: "sentence" | "word"): Intl.Segmenter {
  const key = `${granularity}:${locale}`;
  let s = segmenters.get(key);
  if (!s) {
    s = new Intl.Segmenter(locale, { granularity });
    segmenters.set(key, s);
  }
  return s;
}

function canonical(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag.trim().replace(/_/g, "-"))[0] ?? null;
  } catch {
    return null;
  }
}

/** The declared language when it is a valid tag, else a guess from function words. */
export function resolveLanguage(declared: string, sample: string): Language {
  const tag = declared ? canonical(declared.split(/[,;\s]/)[0] ?? "") : null;
  if (tag) return { locale: tag, base: tag.split("-")[0]!.toLowerCase() };
  // Kana is only Japanese; Han without kana is, on the web, nearly always Chinese.
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(sample.slice(0, 5_000)))
    return { locale: "ja", base: "ja" };
  if (/\p{Script=Han}/u.test(sample.slice(0, 5_000))) return { locale: "zh", base: "zh" };
  const words = wordTokens(sample.slice(0, 20_000), "en");
  const guessed = guessLanguage(words);
  if (guessed) return { locale: guessed, base: guessed };
  // Unknown and not one of ours: scripts without spaces still segment well with ICU's root rules.
  return { locale: "en", base: "" };
}

export function isKnownStopwordLanguage(base: string): boolean {
  return STOPWORD_LANGUAGES.includes(base);
}

/** Written without spaces between words: phrases join with "" and words are counted by segment. */
export function isSpaceless(text: string): boolean {
  return /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u.test(text);
}

// Abbreviations ICU breaks after ("Mr. Smith", "z. B."); ICU's own suppression data is not
// reachable through Intl.Segmenter, so a short multi-language list repairs the common cases.
const ABBREVIATIONS = new Set(
  `mr mrs ms dr prof st jr sr sra sgt gen col lt capt rep sen gov pres vs etc inc ltd co corp dept univ approx
   jan feb mar apr jun jul aug sep sept oct nov dec nr nos fig figs vol pp eds e.g i.e cf ca vgl bzw
   usw z.b d.h u.a s.o hr fr mme mlle av dra sto sta pág núm ggf evtl inkl`.split(/\s+/),
);

function endsInsideSentence(segment: string, base: string): boolean {
  const m = /(?:^|[\s("'“‘«])([\p{L}.]+)\.\s*$/u.exec(segment);
  if (m) {
    const word = m[1]!;
    if (ABBREVIATIONS.has(word.toLowerCase())) return true;
    // An initial ("John F. Kennedy") or a spaced abbreviation ("z. B.", "d. h.").
    if (/^\p{L}$/u.test(word)) return true;
  }
  // German (and Danish, Norwegian…) ordinals: "am 3. Oktober".
  if (base === "de" && /(?:^|\s)\d{1,2}\.\s*$/.test(segment)) return true;
  return false;
}

/** Sentences of one paragraph, trimmed, abbreviation breaks repaired. */
export function splitSentences(paragraph: string, lang: Language): string[] {
  const out: string[] = [];
  let pending = "";
  for (const { segment } of segmenter(lang.locale, "sentence").segment(paragraph)) {
    pending += segment;
    if (endsInsideSentence(pending, lang.base)) continue;
    const s = pending.trim();
    if (s) out.push(s);
    pending = "";
  }
  const rest = pending.trim();
  if (rest) out.push(rest);
  // ICU ends a sentence after `!"` or `?”` even when the text runs on in lower case
  // ("the 'a-ha!' moment"): a "sentence" starting in lower case continues the previous one.
  return out.reduce<string[]>((acc, s) => {
    if (acc.length && /^\p{Ll}/u.test(s)) acc[acc.length - 1] += ` ${s}`;
    else acc.push(s);
    return acc;
  }, []);
}

/** Word-like segments, lower-cased (locale-aware: Turkish i, German ß stay right). */
export function wordTokens(text: string, locale: string): string[] {
  const out: string[] = [];
  for (const s of segmenter(locale, "word").segment(text)) {
    if (s.isWordLike) out.push(s.segment.toLocaleLowerCase(locale));
  }
  return out;
}

/**
 * Words as a reader counts them: whitespace-separated tokens, punctuation included (a budget in
 * words must hold however a client counts), and for spaceless scripts ICU's word segments.
 */
export function countWords(text: string, locale: string): number {
  const spaced = text.split(/\s+/).filter(Boolean).length;
  return isSpaceless(text) ? Math.max(spaced, wordTokens(text, locale).length) : spaced;
}
