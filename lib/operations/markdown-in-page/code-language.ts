import { classOf } from "./dom";

/** Code languages by the names highlighters and renderers give them. */
export const LANGUAGES =
  /^(bash|sh|shell|shellsession|zsh|fish|console|powershell|ps1|bat|batch|cmd|python|py|python3|ipython|ipython3|pycon|ruby|rb|perl|php|javascript|js|jsx|mjs|typescript|ts|tsx|json|json5|jsonc|yaml|yml|toml|ini|xml|html|xhtml|svg|css|scss|sass|less|sql|mysql|pgsql|plsql|go|golang|rust|rs|java|kotlin|kt|scala|swift|c|cpp|c\+\+|cc|h|hpp|csharp|cs|fsharp|objectivec|objc|r|matlab|julia|lua|dart|elixir|erlang|haskell|hs|clojure|lisp|scheme|ocaml|groovy|dockerfile|docker|makefile|make|cmake|nginx|apache|diff|patch|markdown|md|graphql|protobuf|proto|terraform|hcl|vim|tex|latex|http|jinja|django|twig|nix|awk|svelte|vue|elm|zig|nim|solidity|nasm|asm|fortran|pascal|delphi|vbnet|vb|regex|csv|plaintext|text|txt)$/;
/** Names a highlighter writes for "no language". */
export const NO_LANGUAGE = /^(none|nohighlight|no-highlight|plain|default|auto|undefined|null|source|code)$/;

/**
 * The language a highlighter wrote on one element: data-lang, "language-x"/"lang-x" (Prism,
 * highlight.js, GFM renderers), "highlight-source-x" (GitHub), "highlight-x" (Pygments, Sphinx),
 * "brush: x" (SyntaxHighlighter), and on the block itself a bare name ("hljs python", pandoc).
 * On a wrapper, "language-en" or data-lang="de" may name a human language: there only a known
 * code language counts (and GitHub's unambiguous highlight-source-x).
 */
export function languageOn(el: Element, onBlock: boolean): string {
  const cls = classOf(el).toLowerCase();
  const tokens = cls.split(/\s+/);
  let github = false;
  let named =
    el.getAttribute("data-lang") ||
    el.getAttribute("data-language") ||
    el.getAttribute("data-code-language") ||
    "";
  // GitHub's <pre lang="python">; a two-letter lang is a human language ("en").
  const lang = (el.getAttribute("lang") || "").toLowerCase();
  if (!named && onBlock && lang.length > 2 && LANGUAGES.test(lang)) named = lang;
  if (!named) {
    const brush = /(?:^|\s)brush:\s*([\w#+.-]+)/.exec(cls);
    if (brush) named = brush[1];
  }
  for (let i = 0; !named && i < tokens.length; i++) {
    let m = /^highlight-(?:source|text)-([\w#+.-]+)$/.exec(tokens[i]);
    if (m) github = true;
    else m = /^(?:language|lang|highlight|sourcecode)-([\w#+.-]+)$/.exec(tokens[i]);
    if (m) named = m[1];
  }
  for (let i = 0; !named && onBlock && i < tokens.length; i++)
    if (LANGUAGES.test(tokens[i])) named = tokens[i];
  named = named
    .toLowerCase()
    .replace(/[^\w#+.-]/g, "")
    .slice(0, 30);
  if (NO_LANGUAGE.test(named) || (!onBlock && !github && !LANGUAGES.test(named))) return "";
  return named;
}

/**
 * A code block's language: on the <pre>, on its <code>, else on a wrapper: GitHub's
 * div.highlight-source-js, Sphinx's div.highlight-python > div.highlight.
 */
export function languageOf(pre: Element | null): string {
  if (!pre) return "";
  const code = pre.querySelector("code");
  let lang = languageOn(pre, true) || (code ? languageOn(code, true) : "");
  for (let el = pre.parentElement, i = 0; !lang && el && i < 3; el = el.parentElement, i++)
    lang = languageOn(el, false);
  return lang;
}
