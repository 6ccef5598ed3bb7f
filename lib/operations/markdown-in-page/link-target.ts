/**
 * Links resolve against the page's own base (its <base href>, else its address). A link that
 * cannot leave the page (javascript:, an anchor on the page itself) keeps only its text: "".
 */
export function linkTarget(href: string): string {
  const raw = href.trim();
  if (!raw || raw.charAt(0) === "#") return "";
  let url: URL;
  try {
    url = new URL(raw, document.baseURI);
  } catch {
    return "";
  }
  if (!/^(https?|mailto|tel|ftp):$/.test(url.protocol)) return "";
  // Readability has already written "#part" against the base: still an anchor on this page.
  const bare = url.href.replace(/#.*$/, "");
  if (
    url.href !== bare &&
    (bare === location.href.replace(/#.*$/, "") || bare === document.baseURI.replace(/#.*$/, ""))
  )
    return "";
  // Parentheses break a Markdown destination in many readers: they are sent percent-encoded.
  return url.href.replace(/\(/g, "%28").replace(/\)/g, "%29");
}
