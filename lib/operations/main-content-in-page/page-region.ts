import { clean } from "./clean";
import { removeComments } from "./comments";
import { linkDensity } from "./density";
import { isDeclaredArticle } from "./page-kind";
import { isMostlyCards } from "./story-cards";
import { norm } from "./text";

/**
 * Pages that are not articles: a product, a service, a landing page spreads its content over many
 * short sections (a lead, features, specs, questions), and Readability keeps the one that scores
 * best. On such a page, when Readability's pick is a small part of the page's own region (its one
 * <main>, else its body) without the page chrome (header, navigation, sidebars, footer) and cleaned
 * like any pick, the region is the content: what defuddle's scoring of the whole page finds. Only
 * a page that says it is not an article (page-kind.ts, isNonArticlePage) is read this way; an
 * article or a discussion keeps Readability's pick: there one block is the article, and the rest
 * of the page is what to leave out.
 */
const PAGE_CHROME =
  "nav, aside, footer, dialog, [aria-modal], [role=navigation], [role=contentinfo], [role=complementary], [role=search], [role=dialog]";

/** The page's own region, cleaned: its one <main>, else its body without the site's header. */
function pageRegion(source: Document): Element | null {
  if (!source.body) return null;
  const mains = source.body.querySelectorAll("main, [role=main]");
  const whole = mains.length !== 1;
  const region = (whole ? source.body : mains[0]!).cloneNode(true) as Element;
  const chrome = region.querySelectorAll(whole ? PAGE_CHROME + ", header, [role=banner]" : PAGE_CHROME);
  for (let i = 0; i < chrome.length; i++) chrome[i]!.remove();
  return clean(removeComments(region));
}

/** The region when the pick is less than REGION_SHARE of it and the region reads as text, not links. */
const REGION_SHARE = 0.6;
export function regionInsteadOf(source: Document, picked: number): Element | null {
  const region = pageRegion(source);
  if (!region) return null;
  const len = norm(region.textContent).length;
  if (len < 300 || picked >= len * REGION_SHARE || linkDensity(region, len) > 0.5) return null;
  // On a page whose Open Graph type says article, a region of the site's cards for other stories
  // adds teasers, not content.
  if (picked && isDeclaredArticle() && isMostlyCards(region)) return null;
  return region;
}
