import { jsonLdNodes, jsonLdTypes, type LdNode } from "./json-ld";
import { norm } from "./text";

/** What the page says it is: an article, a discussion, or a page that is neither (a product, a service). */
export const ARTICLE_TYPES =
  /^(Article|NewsArticle|BlogPosting|Blog|Report|ScholarlyArticle|MedicalScholarlyArticle|TechArticle|LiveBlogPosting|OpinionNewsArticle|AnalysisNewsArticle|ReportageNewsArticle|ReviewNewsArticle|BackgroundNewsArticle|SatiricalArticle|AdvertiserContentArticle|Recipe|Review|SocialMediaPosting|DiscussionForumPosting|QAPage)$/;
const PAGE_TYPES =
  /^(ItemPage|Product|ProductGroup|Service|FAQPage|CollectionPage|AboutPage|ContactPage|ProfilePage|MedicalWebPage|Course|Event|SoftwareApplication|LocalBusiness|ProfessionalService|Store|Place)$/;
const ARTICLE_MICRODATA =
  '[itemtype*="schema.org/Article" i], [itemtype*="NewsArticle" i], [itemtype*="BlogPosting" i]';
const AUTHORED_MARKS =
  'time, [itemprop=datePublished], [itemprop=author], [rel=author], meta[name=author i], meta[name^="citation_" i], meta[property^="article:" i], meta[name^="dc." i], meta[name^="dcterms." i]';

/**
 * A page that declares itself a discussion (a forum thread, a question and its answers): its
 * replies are its content. A Question alone is one only outside an FAQ: a product or service page
 * lists its FAQ's questions as Question nodes too.
 */
const DISCUSSION = /^(DiscussionForumPosting|QAPage|SocialMediaPosting)$/;
// Asked several times per evaluation, of the same live page and the same parsed nodes.
let discussion: { nodes: LdNode[]; is: boolean } | null = null;
export function isDiscussion(nodes: LdNode[]): boolean {
  if (discussion && discussion.nodes === nodes) return discussion.is;
  const is =
    !!document.querySelector(
      "[itemtype*=DiscussionForumPosting], [itemtype*=QAPage], [itemtype$='/Question']",
    ) ||
    jsonLdTypes(nodes, DISCUSSION) ||
    (jsonLdTypes(nodes, /^Question$/) && !jsonLdTypes(nodes, /^(FAQPage|Product|ProductGroup)$/));
  discussion = { nodes, is };
  return is;
}

/**
 * A shop's page (Product or Offer structured data, a product's Open Graph type or microdata): its
 * hidden tabs (specifications, reviews, shipping) are not what it is about.
 */
let product: { nodes: LdNode[]; is: boolean } | null = null;
export function isProductPage(nodes: LdNode[]): boolean {
  if (product && product.nodes === nodes) return product.is;
  const is =
    jsonLdTypes(nodes, /^(Product|ProductGroup|Offer|AggregateOffer)$/) ||
    !!document.querySelector(
      'meta[property="og:type" i][content*="product" i], [itemtype*="schema.org/Product" i]',
    );
  product = { nodes, is };
  return is;
}

/**
 * A shop's page that is no post. A post may mark up a product too (one it reviews, or its own
 * site's, for the stars in search results): a blog post on event planning with its company's
 * Product and rating lost its FAQ's collapsed answers as a shop's hidden tabs.
 */
const POST_TYPES = /^(Article|NewsArticle|BlogPosting|TechArticle)$/;
export function isShopPage(nodes: LdNode[]): boolean {
  return isProductPage(nodes) && !jsonLdTypes(nodes, POST_TYPES);
}

/**
 * A page that says it is an article (its structured data, microdata or Open Graph type) and is
 * no discussion: a blog post or a news story, whose comments and the site's cards are not it.
 */
let declaredArticle: boolean | null = null;
export function isDeclaredArticle(): boolean {
  if (declaredArticle === null) {
    const nodes = jsonLdNodes();
    declaredArticle =
      !isDiscussion(nodes) &&
      (jsonLdTypes(nodes, ARTICLE_TYPES) ||
        !!document.querySelector(
          ARTICLE_MICRODATA +
            ', meta[property="og:type" i][content="article" i], meta[property="article:published_time" i]',
        ));
  }
  return declaredArticle;
}

/**
 * A page that is not an article says so: its structured data names a page, a product or a service
 * and no article (a CMS's "page" is typed WebPage, its posts Article or BlogPosting), or its Open
 * Graph type names a product, a business or a profile. Themes set og:type "article" on every page,
 * so that decides nothing when the structured data speaks.
 * A plain WebPage with an author (a Person in the graph) or a publication time is a post whose
 * theme left out its Article node.
 */
export function isNonArticlePage(nodes: LdNode[]): boolean {
  if (document.querySelector(ARTICLE_MICRODATA) || jsonLdTypes(nodes, ARTICLE_TYPES)) return false;
  if (jsonLdTypes(nodes, PAGE_TYPES)) return true;
  const authored =
    jsonLdTypes(nodes, /^Person$/) || !!document.querySelector('meta[property="article:published_time" i]');
  if (jsonLdTypes(nodes, /^WebPage$/)) return !authored;
  // Open Graph's "website" is what many sites put on every page, articles too: it says nothing.
  const og = document.querySelector('meta[property="og:type" i]');
  const ogType = og ? og.getAttribute("content") || "" : "";
  if (!authored && /product|business|place|restaurant|profile/i.test(ogType)) return true;
  return !authored && !/article/i.test(ogType) && isUnmarkedPage(nodes);
}

/**
 * Structured data that says what the page is: any type but the site's own furniture, which shops,
 * listings and articles alike carry (the breadcrumb trail, the site and its search box, the
 * organization and its brand, a listing's ItemList).
 */
const SAYS_WHAT_PAGE =
  /^(?!(BreadcrumbList|ListItem|WebSite|SearchAction|EntryPoint|Organization|Corporation|Brand|ImageObject|ContactPoint|PostalAddress|SiteNavigationElement|ItemList)$)./;

/**
 * A page with no structured data (or only the site's furniture, SAYS_WHAT_PAGE) and no mark of a
 * writer or a date anywhere (no <time>, no <article> holding a text, no author or citation meta)
 * is a page, not a post: a landing page, a shop's or a service's page, a listing. The articles of
 * the tuning set without structured data that the region would have read whole had one of these
 * marks (a forum's <article> per post, an abstract's citation_author).
 */
function isUnmarkedPage(nodes: LdNode[]): boolean {
  return (
    !jsonLdTypes(nodes, SAYS_WHAT_PAGE) && !document.querySelector(AUTHORED_MARKS) && !hasWrittenArticle()
  );
}

/**
 * An <article> that holds a text (a post, a forum's reply): a mark of a writer. A shop's or a
 * listing's tiles are <article>s too, each a name, a price and a link, and mark nothing.
 */
const WRITTEN_ARTICLE_CHARS = 300;
function hasWrittenArticle(): boolean {
  const articles = document.querySelectorAll("article");
  for (let i = 0; i < articles.length; i++)
    if (norm(articles[i]!.textContent).length >= WRITTEN_ARTICLE_CHARS) return true;
  return false;
}
