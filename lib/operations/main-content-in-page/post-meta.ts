import { edgeLines } from "./content-edges";
import { norm } from "./text";

/**
 * A forum post's furniture, the whole line: its writer's card ("Member", "Members", "Premium
 * Member", "Registered: 2024-01-27", "Posts: 98", "Joined: …", a label whose value stands on the
 * next line: "Messages:"), the post's state ("Offline", "Last edited by …", "Edited June 19, 2024
 * by …", "August 26, 2024 1 yr"), its badges ("Author", "Thread Starter", "Discussion starter",
 * "Original post") and its buttons ("Quote", "Add to quote", "Reply", old Reddit's "permalink",
 * "embed", "save", "report", "parent"). They describe the post, they are not what it says. Not
 * "Location:" or "From:": a listicle's items carry those too ("Location: Online and in-person boot
 * camps").
 */
/** A writer's group: "Member", "Members", "Premium Member". */
const MEMBER_GROUP =
  "(new |junior |senior |full |active |advanced |premium |ultra |former |registered |well-known )?members?";
/** A writer card's labels, with their value on the line or on the next. */
const CARD_FIELDS =
  "joined|member since|posts|messages|reaction score|reputation|likes received|best answers|trophy points|solutions";
const POST_META = new RegExp(
  "^((last )?edited( by| on| at|:)? .{1,80}|(registered|" +
    CARD_FIELDS +
    ")\\s*:\\s*.{0,40}|" +
    MEMBER_GROUP +
    "|offline|online|quote|add to quote|reply|(thread|topic) (starter|author)( .{1,60})?|discussion starter|original post(er)?|author|permalink|embed|save|report|parent|[a-z]+ \\d{1,2}, \\d{4}\\s*\\d+\\s?(yr|yrs|mo|mos|w|d|h)s?" +
    // A writer's card on one line, and the thread's counts over its first post (VerticalScope's
    // forums: "410 posts · Joined 2002", "6.3K views 23 replies 14 participants last post by …").
    "|[\\d.,]+k? (posts?|messages?) [·•|-] joined .{1,20}|[\\d.,]+k? views? [\\d.,]+k? repl(y|ies) .{0,40}last post by .{1,60})$",
  "i",
);
/** A writer card's line whose value stands on the next line: its group, a label with no value. */
const CARD_LABEL = new RegExp("^(" + MEMBER_GROUP + "|(" + CARD_FIELDS + ")\\s*:?)$", "i");
/** That value: a count, a date. */
const CARD_VALUE = /^([\d.,]+\s?[km]?|[a-z]{3,9}\.? \d{1,2}, \d{4}|\d{1,2} [a-z]{3,9}\.? \d{4})$/i;
/** How often the furniture must recur before it is read as a thread's: once is a sentence's. */
const MIN_LINES = 3;

/**
 * Removes the posts' furniture from a thread: lines POST_META matches, and the count or date on
 * the line right after one (Invision's "Members" over "360" posts, XenForo's "Messages:" over
 * "1,234"), when MIN_LINES or more match.
 */
export function removePostMeta(root: Element): void {
  const lines = edgeLines(root);
  const furniture: Element[] = [];
  let labelled = false;
  let metaLines = 0;
  for (const el of lines) {
    const text = norm(el.textContent);
    const meta = text.length <= 100 && POST_META.test(text);
    if (meta) metaLines++;
    if (meta || (labelled && text.length <= 30 && CARD_VALUE.test(text))) furniture.push(el);
    labelled = text.length <= 30 && CARD_LABEL.test(text);
  }
  if (metaLines >= MIN_LINES) furniture.forEach((el) => el.remove());
}
