/** A page's main content as the AI operations read it (built by lib/operations/main-text.ts). */
export interface ArticleText {
  /** Article title (Readability's, else <title>); may be empty. */
  title: string;
  /** BCP 47 tag the page declares (`en-US`), or "" when it declares none. */
  lang: string;
  /** Body blocks in reading order, headings excluded; one string per paragraph, list item, cell… */
  paragraphs: string[];
  /** Section headings in reading order (they name topics, so keyphrases weigh them up). */
  headings: string[];
  /** Headings and paragraphs in reading order, blank-line separated: what an LLM is given. */
  text: string;
}

/** The subset the built-in methods need, so tests can build one without a page. */
export type ArticleInput = Pick<ArticleText, "title" | "lang" | "paragraphs"> & {
  headings?: readonly string[];
};

/** Which method produced a result: "builtin" or "llm:<model>". */
export type ProducedBy = "builtin" | `llm:${string}`;
