import { absolute, all, classOf, norm } from "./dom";
import { largest, lazySource, sourceOf, srcsetOf } from "./image-source";
import { siteHostsOf, withoutWww } from "../in-page-shared/site";

/** Tracking pixels: ad and analytics hosts, and beacon-like file names. */
export const TRACKER =
  /^https?:\/\/([^\/]*\.)?(doubleclick\.net|google-analytics\.com|googletagmanager\.com|googleadservices\.com|scorecardresearch\.com|quantserve\.com|bat\.bing\.com|pixel\.wp\.com|stats\.wp\.com|(pixel|pixels|tracker|tracking|track|beacon|analytics|stats|counter|metrics)\.[^\/]+)\/|^https?:\/\/[^\/]*facebook\.com\/tr[\/?]|\/(pixel|beacon|tracking|track|collect|impression|1x1)\.(gif|png)([?#]|$)/i;
/** Class names of icons, avatars, emoji and spinners. */
export const ICON_CLASS =
  /(^|[\s_-])(emoji|emoticon|smiley|wp-smiley|icon|icons|avatar|gravatar|sprite|spinner)([\s_-]|$)/i;
/**
 * Addresses of icons, avatars, emoji, sprites and favicons. Avatars: an avatar folder (a forum's
 * `customavatars/`), an avatar host (`avatars.githubusercontent.com`).
 */
export const ICON_SRC =
  /gravatar\.com\/avatar|\/avatar\/|avatars\/|\/\/avatars?\d*\.|[\/.-]emoji[\/.-]|twemoji|\/icons?\/|\/icons?([-_.][\w.-]*)?\.(svg|png|gif|ico|webp)([?#]|$)|\/sprites?\/|favicon/i;
const EMOJI = /emoji|emoticon|smiley/i;
/**
 * An alt that says the image is someone's picture: "User avatar", "Avatar for Jane", "Profile image
 * of …", "Jane's avatar". Not "Avatar" alone (a film's poster).
 */
export const AVATAR_ALT =
  /^(user avatar|avatar (of|for)\b.*|profile (photo|picture|pic|image)( (of|for)\b.*)?)$|['’]s (avatar|profile (photo|picture|pic|image))$/i;

/**
 * The live page's image with one of the copy's image's addresses (its src, lazy-load source or
 * largest srcset candidate); the page's images are read at the first question.
 */
function liveImages(): (img: Element) => HTMLImageElement | null {
  let byAddress: Map<string, HTMLImageElement> | null = null;
  return (img) => {
    if (!byAddress) {
      const images = (byAddress = new Map<string, HTMLImageElement>());
      all<HTMLImageElement>(document, "img").forEach((l) => {
        const keys = [l.currentSrc, l.getAttribute("src"), lazySource(l), largest(srcsetOf(l))];
        keys.forEach((key) => {
          const k = key && absolute(key);
          if (k && !images.has(k)) images.set(k, l);
        });
      });
    }
    const mine = [img.getAttribute("src"), lazySource(img), largest(srcsetOf(img))];
    for (let i = 0; i < mine.length; i++) {
      const m = mine[i];
      const k = m && absolute(m);
      const twin = k && byAddress.get(k);
      if (twin) return twin;
    }
    return null;
  };
}

/** A size in CSS pixels as an attribute writes it ("2", "2px"); NaN for anything else. */
function px(v: string | null): number {
  const s = v || "";
  return /^\s*[\d.]+\s*(px)?\s*$/.test(s) ? parseFloat(s) : NaN;
}

/**
 * A tracking pixel or spacer: 2 px or less across or down as its attributes declare it; or, on
 * the page, 2 × 2 px or less as loaded from url (not a lazy-load placeholder still in its place)
 * or as laid out where a style sets its size (an image not fetched lies out 0 × 0 unsized, and
 * Next.js's sizes images width:0 with a min-width: the box counts, not the declaration).
 */
function isTiny(img: Element, twin: HTMLImageElement | null, url: string): boolean {
  const declared = [img.getAttribute("width"), img.getAttribute("height")];
  if (twin) declared.push(twin.getAttribute("width"), twin.getAttribute("height"));
  for (let i = 0; i < declared.length; i++) if (px(declared[i]) <= 2) return true;
  if (!twin || !twin.getClientRects().length) return false;
  const loaded =
    twin.complete && twin.naturalWidth > 0 && !!twin.currentSrc && absolute(twin.currentSrc) === url;
  if (loaded && twin.naturalWidth <= 2 && twin.naturalHeight <= 2) return true;
  const box = twin.getBoundingClientRect();
  return (loaded || !!twin.style.width || !!twin.style.height) && box.width <= 2 && box.height <= 2;
}

/**
 * The site's logo: an image that is the whole of a link to the site's home page (a header's or a
 * forum's banner the content kept). A partner's logo links to the partner's site, and stays.
 */
function isSiteLogo(img: Element, siteHosts: string[]): boolean {
  const link = img.closest("a");
  const href = link && link.getAttribute("href");
  if (!href || href.charAt(0) === "#" || norm(link.textContent)) return false;
  try {
    const u = new URL(href, document.baseURI);
    return u.pathname === "/" && !u.search && siteHosts.indexOf(withoutWww(u.host)) >= 0;
  } catch {
    return false;
  }
}

/**
 * Each image keeps one absolute `src` (lazy-load and srcset sources read), or goes when it is no
 * content: a tracking pixel, an icon, an avatar (by class, address or alt), the site's logo, an
 * image with no source; an emoji is its alt.
 */
export function prepareImages(root: Element): void {
  const liveTwinImage = liveImages();
  const siteHosts = siteHostsOf(document, location.host);
  all(root, "img").forEach((img) => {
    if (img.closest("noscript")) return;
    const twin = liveTwinImage(img);
    const classes = classOf(img) + " " + classOf(twin);
    const url = sourceOf(img, /lazy/i.test(classes));
    const alt = norm(img.getAttribute("alt"));
    if (url && (EMOJI.test(classes) || /[\/.-]emoji[\/.-]|twemoji/i.test(url))) {
      img.replaceWith(img.ownerDocument.createTextNode(alt));
      return;
    }
    if (
      !url ||
      TRACKER.test(url) ||
      ICON_CLASS.test(classes) ||
      ICON_SRC.test(url) ||
      AVATAR_ALT.test(alt) ||
      isTiny(img, twin, url) ||
      isSiteLogo(img, siteHosts)
    ) {
      img.remove();
      return;
    }
    for (let i = img.attributes.length - 1; i >= 0; i--) {
      if (img.attributes[i].name !== "alt") img.removeAttribute(img.attributes[i].name);
    }
    img.setAttribute("src", url.replace(/\(/g, "%28").replace(/\)/g, "%29"));
  });
  all(root, "picture source").forEach((s) => {
    s.remove();
  });
}
