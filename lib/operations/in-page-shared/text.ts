/** Text as a reader sees it: whitespace runs (no-break spaces too) as one space, trimmed. */
export function norm(s: string | null | undefined): string {
  return (s || "").replace(/[\s\u00a0]+/g, " ").trim();
}
