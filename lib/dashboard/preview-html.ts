/**
 * Prepares a fetched page's HTML for the Playground's sandboxed srcdoc preview. The preview inherits
 * the dashboard's Content-Security-Policy, whose `base-uri 'self'` (a strict policy's guard against
 * re-pointing nonced scripts) refuses the page's own `<base>` and any we could add; so instead every
 * address in the markup is made absolute against the page's real base, in the browser, with the
 * inert DOMParser (parsing runs no script and loads nothing). Client-only.
 */
const URL_ATTRIBUTES = ["src", "href", "poster", "action", "formaction", "background", "xlink:href"];
const CSS_URL = /url\(\s*(['"]?)([^'")]+)\1\s*\)/g;

export function previewDocument(html: string, pageUrl: string): string {
  if (typeof DOMParser === "undefined") return ""; // server render: the preview only exists in the browser
  const doc = new DOMParser().parseFromString(html, "text/html");
  const declared = doc.querySelector("base[href]")?.getAttribute("href");
  const base = resolve(declared ?? "", pageUrl) ?? pageUrl;
  for (const el of doc.querySelectorAll("base")) el.remove();

  const absolute = (value: string) => resolve(value, base) ?? value;
  const absoluteCss = (css: string) =>
    css.replace(CSS_URL, (_m, q: string, u: string) => `url(${q}${absolute(u)}${q})`);

  for (const name of URL_ATTRIBUTES) {
    for (const el of doc.querySelectorAll(`[${name.replace(":", "\\:")}]`)) {
      el.setAttribute(name, absolute(el.getAttribute(name) ?? ""));
    }
  }
  for (const el of doc.querySelectorAll("[srcset]")) {
    const candidates = (el.getAttribute("srcset") ?? "").split(",").map((c) => {
      const [address = "", ...descriptors] = c.trim().split(/\s+/);
      return [absolute(address), ...descriptors].join(" ");
    });
    el.setAttribute("srcset", candidates.join(", "));
  }
  for (const el of doc.querySelectorAll("[style]"))
    el.setAttribute("style", absoluteCss(el.getAttribute("style") ?? ""));
  for (const el of doc.querySelectorAll("style")) el.textContent = absoluteCss(el.textContent ?? "");

  const doctype = doc.doctype ? `<!DOCTYPE ${doc.doctype.name}>` : "";
  return doctype + doc.documentElement.outerHTML;
}

/** An absolute address, or null for an empty, fragment-only, scheme-relative-to-nothing or unparsable one. */
function resolve(value: string, base: string): string | null {
  const v = value.trim();
  if (!v || v.startsWith("#")) return null;
  try {
    return new URL(v, base).toString();
  } catch {
    return null;
  }
}
