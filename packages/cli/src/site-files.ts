import crypto from "node:crypto";

/**
 * File names for crawled pages: one flat file per page in the --out directory, named after the
 * URL's path (and query), so `http://docs.test/guide/5` becomes `guide_5.md`. Only letters,
 * digits, `.`, `_` and `-` survive (no leading `-` or `.`): no separators, no `..`, nothing a shell or a file system
 * treats specially. Names that would collide get `-2`, `-3`, ….
 */
const MAX_NAME = 120;

export function pageFileName(pageUrl: string, startHost: string): string {
  const url = new URL(pageUrl);
  const raw = [
    url.host === startHost ? "" : url.host,
    safeDecode(url.pathname).replace(/\.html?$/i, ""),
    url.search.slice(1),
  ]
    .filter(Boolean)
    .join("_");
  let name = raw
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._-]+|[._]+$/g, "")
    .replace(/\.{2,}/g, ".")
    .replace(/_{2,}/g, "_");
  if (!name) name = "index";
  if (name.length > MAX_NAME) {
    const hash = crypto.createHash("sha1").update(pageUrl).digest("hex").slice(0, 8);
    name = `${name.slice(0, MAX_NAME - 9)}-${hash}`;
  }
  return `${name}.md`;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Hands out each name once: a second page mapping to `a.md` gets `a-2.md`. */
export function uniqueNames(): (name: string) => string {
  const taken = new Set<string>();
  return (name) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = name.replace(/\.md$/, `-${n}.md`);
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}
