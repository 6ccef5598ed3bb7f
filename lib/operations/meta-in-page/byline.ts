import type { AuthorContext } from "./author-context";
import { handleOrName, nameList, personLike, twoWords } from "./names";
import { nameLine } from "./places";
import { authorLinkName, oneNameByline, profileLinkName } from "./profiles";
import { bylineInText, datelineName, roleLineName } from "./byline-text";
import type { Rule } from "./rule";

/** A byline rule: a name the page prints for its writer, or null. */
export type BylineRule = Rule<AuthorContext>;

const attribute = (name: string) => (el: Element) => el.getAttribute(name);
const PROFILE_IN_BYLINE = ["/~", "/u/", "/user/", "/users/"]
  .flatMap((p) => [
    `:not(body, html)[class*="byline" i] a[href*="${p}"]`,
    `:not(body, html)[class*="author" i] a[href*="${p}"]`,
  ])
  .join(", ");

/**
 * The name the page prints as its byline, in order of trust: attributes and microdata that name
 * the writer, then byline and author boxes, the byline in the text, the dateline, profile links,
 * forum software's poster. The first that reads as a name answers.
 */
export const BYLINE_RULES: readonly BylineRule[] = [
  // Stack Exchange's question names its asker; its first author card may be an editor's.
  {
    name: "data-author-username",
    read: ({ p }) => p.firstText("[data-author-username]", attribute("data-author-username")),
  },
  // Microdata names the author in text, or in a <meta itemprop="name" content="…"> inside it.
  {
    name: "microdata-author-name",
    read: ({ p }) =>
      p.firstText('[itemprop*="author" i] [itemprop="name"]', (el) =>
        el.tagName === "META" ? el.getAttribute("content") : el.textContent,
      ),
  },
  // A forum thread's first post is its author's (XenForo's data-author, Discourse's itemprop).
  { name: "data-author", read: ({ p }) => p.firstText("[data-author]", attribute("data-author")) },
  // Reddit's post element carries its poster as an attribute: <shreddit-post author="jdoe">.
  { name: "reddit-post-author", read: ({ p }) => p.firstText("shreddit-post[author]", attribute("author")) },
  {
    name: "data-author-name",
    read: ({ p }) => p.firstText("[data-author-name]", attribute("data-author-name")),
  },
  {
    name: "microdata-author",
    read: ({ p }) => handleOrName(p.firstText('[itemprop*="author" i]:not(meta)', nameLine)),
  },
  // Microdata's author box may list several people: "A, B, C" (each a name).
  {
    name: "microdata-author-list",
    read: ({ p }) => nameList(p.firstText('[itemprop*="author" i]:not(meta)', nameLine)),
  },
  { name: "rel-author", read: ({ p }) => p.firstText('[rel="author"]') },
  {
    name: "author-link",
    read: ({ p }) =>
      twoWords(
        p.firstText(
          'a[class*="author" i], :not(body, html)[class*="author" i] a, a[href*="/author/"], a[href*="/authors/"]',
          nameLine,
        ),
      ),
  },
  {
    name: "author-name-box",
    read: ({ p }) =>
      twoWords(
        p.firstText(
          '[class*="author-name" i], [class*="authorName" i], [class*="byline__name" i], :not(body, html)[class*="byline" i] a',
          nameLine,
        ),
      ),
  },
  { name: "byline-box", read: ({ p }) => twoWords(p.firstText('[class*="byline" i], [class*="author" i]')) },
  // trafilatura's further places for a byline: an author id, "submitted by" / "posted by"
  // boxes, a Byline component, the <author> element.
  {
    name: "author-id-box",
    read: ({ p }) =>
      twoWords(
        p.firstText(
          '[id="author" i], [id*="author-name" i], [id*="authorname" i], [id$="-author" i], [id$="_author" i], [class*="submitted-by" i], [class*="posted-by" i], [data-component*="byline" i], author',
          nameLine,
        ),
      ),
  },
  // A box explicitly classed as the author's name may hold one word ("Newsdesk", "Eliz"); Wix's
  // blog header marks it data-hook="user-name".
  {
    name: "author-name-box-one-word",
    read: ({ p }) =>
      handleOrName(
        p.firstText(
          '[class*="author-name" i], [class*="authorName" i], [class*="author__name" i], [class*="byline__name" i], [class*="creator-name" i], [data-hook="user-name"]',
          nameLine,
        ),
      ),
  },
  { name: "byline-in-text", read: bylineInText },
  { name: "dateline-name", read: datelineName },
  { name: "role-line", read: roleLineName },
  { name: "profile-link", read: profileLinkName },
  { name: "one-name-byline", read: oneNameByline },
  // HTML's <address> in an article is its author's contact information, the name first.
  { name: "article-address", read: ({ p }) => personLike(p.firstText("article address", nameLine)) },
  // Forum software's first poster: phpBB, FluxBB, Flarum, Hacker News, Lemmy, Invision.
  {
    name: "forum-poster",
    read: ({ p }) =>
      handleOrName(
        p.firstText(
          '.postprofile .username, .postprofile a[href*="mode=viewprofile"], .postleft dt strong, .PostUser-name, a.hnuser, a.person-listing, .ipsEntry__username a, a.ipsUsername',
        ),
      ),
  },
  // A profile link inside a byline is the writer's handle (Lobsters' "/~scvalex", LessWrong's "/users/…").
  { name: "profile-in-byline", read: ({ p }) => handleOrName(p.firstText(PROFILE_IN_BYLINE)) },
  {
    name: "byline-box-first-line",
    read: ({ p }) => personLike(p.firstText('[class*="byline" i], [class*="author" i]', nameLine)),
  },
  // A link to the writer's archive ("/author/jdoe/", rel=author) that names a login ("jdoe"),
  // or only in its title ("Posts by Jane Doe"), its picture's alt text, or its address.
  {
    name: "author-archive-link",
    read: ({ p }) => handleOrName(p.firstText('a[href*="/author/"], a[rel~="author"]', authorLinkName)),
  },
  // An author box's portrait, named in its alt text ("Jane Doe", "Photo of Jane Doe").
  {
    name: "author-portrait",
    read: ({ p }) =>
      personLike(
        p.firstText(
          '[class*="author" i] img[alt][class*="avatar" i], [class*="author" i] [class*="avatar" i] img[alt], [class*="author" i][class*="avatar" i] img[alt], [class*="author" i] img[alt][src*="gravatar"], [class*="byline" i] img[alt][class*="avatar" i]',
          (el) =>
            el.getAttribute("alt")?.replace(/^(photo|picture|image|avatar|headshot|portrait) of\s+/i, ""),
        ),
      ),
  },
  // Last, a writer's or a user's name box (trafilatura: "writer", "username", "screenname").
  {
    name: "writer-box",
    read: ({ p }) =>
      personLike(
        p.firstText(
          '[class*="writer" i]:not(body, html), [class*="username" i], [class*="screenname" i]',
          nameLine,
        ),
      ),
  },
  // A forum's or tracker's first poster by login, where forum software marks it: vBulletin's and
  // Vanilla's username links, MyBB's post_author, SMF's poster, GitHub's and Apple's author links.
  {
    name: "forum-login",
    read: ({ p }) =>
      handleOrName(
        p.firstText(
          'a[class*="username" i], [class*="username" i] a, [class*="user-name" i], a[class~="author" i], .post_author a[href*="member.php"], .poster h4 a, a[href*="action=profile"], a[href*="member.php?u="]',
          nameLine,
        ),
      ),
  },
];
