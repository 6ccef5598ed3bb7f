import { absolute } from "./dom";

/** A lazy-load script's stand-in: a data/blob address, or a blank, spacer or loader image. */
export const PLACEHOLDER =
  /^(data|about|blob):|(^|[\/_.-])(blank|spacer|pixel|placeholder|transparent|lazy|loading|loader|empty|grey|gray|1x1)[\w.-]*\.(gif|png|svg|jpe?g|webp)([?#]|$)/i;
/** Where lazy-load scripts keep the real source until the image is in view. */
export const LAZY_ATTRIBUTES = [
  "data-src",
  "data-lazy-src",
  "data-original",
  "data-lazy",
  "data-url",
  "data-hi-res-src",
  "data-full-src",
];

/** The biggest candidate of a srcset (by its width or density descriptor). */
export function largest(srcset: string | null | undefined): string {
  const s = srcset || "";
  let i = 0;
  let best = "";
  let score = -1;
  while (i < s.length) {
    while (i < s.length && /[\s,]/.test(s.charAt(i))) i++;
    let j = i;
    while (j < s.length && !/\s/.test(s.charAt(j))) j++;
    let url = s.slice(i, j);
    let descriptor = "";
    i = j;
    if (/,$/.test(url)) url = url.replace(/,+$/, "");
    else {
      let k = s.indexOf(",", i);
      if (k < 0) k = s.length;
      descriptor = s.slice(i, k);
      i = k + 1;
    }
    const m = /([\d.]+)\s*[wx]/.exec(descriptor);
    const n = m ? parseFloat(m[1]) : 1;
    if (url && n > score) {
      best = url;
      score = n;
    }
  }
  return best;
}

/** The source a lazy-load script keeps in a data attribute (not a placeholder); "" for none. */
export function lazySource(img: Element): string {
  for (let i = 0; i < LAZY_ATTRIBUTES.length; i++) {
    const v = (img.getAttribute(LAZY_ATTRIBUTES[i]) || "").trim();
    if (v && !PLACEHOLDER.test(v)) return v;
  }
  return "";
}

/** The image's srcset, as written or as a lazy-load script keeps it, else its <picture>'s source's. */
export function srcsetOf(img: Element): string {
  let set =
    img.getAttribute("srcset") ||
    img.getAttribute("data-srcset") ||
    img.getAttribute("data-lazy-srcset") ||
    "";
  const picture = img.parentElement && img.parentElement.nodeName === "PICTURE" ? img.parentElement : null;
  if (!set && picture) {
    const source = picture.querySelector("source[srcset], source[data-srcset]");
    if (source) set = source.getAttribute("srcset") || source.getAttribute("data-srcset") || "";
  }
  return set;
}

/**
 * The image's source: a real src; a lazy-load script's source when src is its placeholder (or
 * the image says it is lazy); else the largest srcset candidate. Absolute, http(s) only; "" for
 * none.
 */
export function sourceOf(img: Element, lazyClass: boolean): string {
  const src = (img.getAttribute("src") || "").trim();
  const lazy = lazySource(img);
  const real = src && !PLACEHOLDER.test(src) ? src : "";
  let url = (lazy && (!real || lazyClass) ? lazy : "") || real || largest(srcsetOf(img)) || lazy;
  url = url ? absolute(url) : "";
  return /^https?:/.test(url) ? url : "";
}
