import { norm } from "../in-page-shared/text";

export { norm };

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
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
