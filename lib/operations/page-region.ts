/**
 * In-page source (plain ES5, function declarations) for pages that are not articles: a product,
 * a service, a landing page spreads its content over many short sections (a lead, features, specs,
 * questions), and Readability keeps the one that scores best. On such a page, when Readability's
 * pick is a small part of the page's own region (its one <main>, else its body) without the page
 * chrome (header, navigation, sidebars, footer) and cleaned like any pick, the region is the
 * content: what defuddle's scoring of the whole page finds. Only a page that says it is not an
 * article (isNonArticlePage) is read this way; an article or a discussion keeps Readability's pick: there one block is the
 * article, and the rest of the page is what to leave out. Uses `norm`, `clean`, `removeComments`,
 * `linkDensity`, `isDeclaredArticle` and `isMostlyCards` (story-cards.ts) of the extractor
 * (main-content.ts).
 */
export const PAGE_REGION_JS = `
var ARTICLE_TYPES = /^(Article|NewsArticle|BlogPosting|Blog|Report|ScholarlyArticle|MedicalScholarlyArticle|TechArticle|LiveBlogPosting|OpinionNewsArticle|AnalysisNewsArticle|ReportageNewsArticle|ReviewNewsArticle|BackgroundNewsArticle|SatiricalArticle|AdvertiserContentArticle|Recipe|Review|SocialMediaPosting|DiscussionForumPosting|QAPage)$/;
var PAGE_TYPES = /^(ItemPage|Product|ProductGroup|Service|FAQPage|CollectionPage|AboutPage|ContactPage|ProfilePage|MedicalWebPage|Course|Event|SoftwareApplication|LocalBusiness|ProfessionalService|Store|Place)$/;
var ARTICLE_MICRODATA = '[itemtype*="schema.org/Article" i], [itemtype*="NewsArticle" i], [itemtype*="BlogPosting" i]';

var AUTHORED_MARKS = 'time, article, [itemprop=datePublished], [itemprop=author], [rel=author], meta[name=author i], meta[name^="citation_" i], meta[property^="article:" i], meta[name^="dc." i], meta[name^="dcterms." i]';
var PAGE_CHROME = "nav, aside, footer, dialog, [aria-modal], [role=navigation], [role=contentinfo], [role=complementary], [role=search], [role=dialog]";

function jsonLdTypes(nodes, pattern) {
  return nodes.some(function (o) {
    return [].concat(o["@type"] || []).some(function (t) { return pattern.test(String(t)); });
  });
}
// A page that is not an article says so: its structured data names a page, a product or a service
// and no article (a CMS's "page" is typed WebPage, its posts Article or BlogPosting), or its Open
// Graph type names a product, a business or a profile. Themes set og:type "article" on every page,
// so that decides nothing when the structured data speaks.
// A plain WebPage with an author (a Person in the graph) or a publication time is a post whose
// theme left out its Article node.
function isNonArticlePage(nodes) {
  if (document.querySelector(ARTICLE_MICRODATA) || jsonLdTypes(nodes, ARTICLE_TYPES)) return false;
  if (jsonLdTypes(nodes, PAGE_TYPES)) return true;
  var authored = jsonLdTypes(nodes, /^Person$/) || !!document.querySelector('meta[property="article:published_time" i]');
  if (jsonLdTypes(nodes, /^WebPage$/)) return !authored;
  // Open Graph's "website" is what many sites put on every page, articles too: it says nothing.
  var og = document.querySelector('meta[property="og:type" i]');
  var ogType = og ? og.getAttribute("content") || "" : "";
  if (!authored && /product|business|place|restaurant|profile/i.test(ogType)) return true;
  return !authored && !/article/i.test(ogType) && isUnmarkedPage(nodes);
}
// A page with no structured data and no mark of a writer or a date anywhere (no <time>, no
// <article>, no author or citation meta) is a page, not a post: a landing page, a shop's or a
// service's page. The articles of the tuning set without structured data that the region would
// have read whole had one of these marks (a forum's <article> per post, an abstract's
// citation_author).
function isUnmarkedPage(nodes) {
  return !jsonLdTypes(nodes, /./) && !document.querySelector(AUTHORED_MARKS);
}

// The page's own region, cleaned: its one <main>, else its body without the site's header.
function pageRegion(source) {
  if (!source.body) return null;
  var mains = source.body.querySelectorAll("main, [role=main]");
  var whole = mains.length !== 1;
  var region = (whole ? source.body : mains[0]).cloneNode(true);
  var chrome = region.querySelectorAll(whole ? PAGE_CHROME + ", header, [role=banner]" : PAGE_CHROME);
  for (var i = 0; i < chrome.length; i++) chrome[i].remove();
  return clean(removeComments(region));
}

// The region when the pick is less than REGION_SHARE of it and the region reads as text, not links.
var REGION_SHARE = 0.6;
function regionInsteadOf(source, picked) {
  var region = pageRegion(source);
  if (!region) return null;
  var len = norm(region.textContent).length;
  if (len < 300 || picked >= len * REGION_SHARE || linkDensity(region, len) > 0.5) return null;
  // On a page whose Open Graph type says article, a region of the site's cards for other stories
  // adds teasers, not content.
  if (picked && isDeclaredArticle() && isMostlyCards(region)) return null;
  return region;
}`;
