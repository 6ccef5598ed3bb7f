import { norm } from "../in-page-shared/text";

export { norm };

/** Every heading level, for querySelectorAll. */
export const HEADINGS = "h1, h2, h3, h4, h5, h6";

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * A text's start, middle and end, `size` characters each: what the rules look for in another text
 * to tell whether it holds this one, since Readability rewrites a little of what it keeps.
 */
export function probesOf(text: string, size: number): [string, string, string] {
  const mid = Math.floor(text.length / 2);
  return [text.slice(0, size), text.slice(mid, mid + size), text.slice(-size)];
}

/** Plain text as HTML paragraphs: one per line or blank-line-separated block. */
export function textToHtml(t: string): string {
  return t
    .split(/\n\s*\n|\n/)
    .map((line) => norm(line))
    .filter(Boolean)
    .map((p) => "<p>" + escapeHtml(p) + "</p>")
    .join("");
}
