import { type MetaContext, abs, metaContent, str } from "./context";

/** What else the page says of its author: a profile address, a Twitter handle, a job title, other profiles. */
export function authorInfo(c: MetaContext): Record<string, string> | null {
  const extra: Record<string, string> = {};
  const ldAuthor = c.ldAuthor;
  const authorUrl =
    str(ldAuthor?.url) ?? abs(c, c.doc.querySelector('a[rel="author"]')?.getAttribute("href"));
  if (authorUrl) extra.url = authorUrl;
  const twitter = metaContent(c, "twitter:creator");
  if (twitter) extra.twitter = twitter;
  const jobTitle = str(ldAuthor?.jobTitle);
  if (jobTitle) extra.job_title = jobTitle;
  const sameAs = ldAuthor?.sameAs;
  if (Array.isArray(sameAs) && sameAs.length)
    extra.same_as = sameAs.filter((x) => typeof x === "string").join(" ");
  return Object.keys(extra).length ? extra : null;
}
