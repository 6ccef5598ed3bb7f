/**
 * The parts of Turndown (and its GFM plugin) the Markdown writer uses, declared here: the
 * libraries reach the page as `__ptd` (in-page.ts), and this folder imports nothing from packages.
 */

/** The options `markdown` writes with (Turndown's names). */
export interface TurndownOptions {
  headingStyle: "setext" | "atx";
  codeBlockStyle: "indented" | "fenced";
  bulletListMarker: "-" | "+" | "*";
  emDelimiter: "_" | "*";
  linkStyle: "inlined" | "referenced";
  /** What a <br> is written as, before its newline. */
  br: string;
}

/**
 * A node as Turndown hands it to a rule: an element of the document being converted (our rules'
 * filters only pick elements).
 */
export type TurndownNode = HTMLElement;

/** A rule: the elements it converts, and their Markdown from their converted content. */
export interface TurndownRule {
  filter: string | string[] | ((node: TurndownNode) => boolean);
  replacement: (content: string, node: TurndownNode) => string;
}

export interface TurndownService {
  /** Escapes Markdown in a text node's text; a service's own property replaces the prototype's. */
  escape: (text: string) => string;
  addRule(key: string, rule: TurndownRule): TurndownService;
  use(plugin: TurndownPlugin): TurndownService;
  remove(filter: string[]): TurndownService;
  turndown(root: HTMLElement): string;
}

export type TurndownPlugin = (service: TurndownService) => void;

/** The libraries as the page has them (`__ptd`, in-page.ts): Turndown and the GFM plugin. */
export interface MarkdownLibraries {
  TurndownService: new (options: TurndownOptions) => TurndownService;
  gfm: TurndownPlugin;
}
