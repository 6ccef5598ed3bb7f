import { edgeLines } from "./content-edges";
import { norm } from "./text";

/**
 * A forum post's furniture, the whole line: its writer's card ("Member", "Registered: 2024-01-27",
 * "Posts: 98", "Joined: …"), the post's state ("Offline", "Last edited by …", "Edited June 19,
 * 2024 by …", "August 26, 2024 1 yr") and its buttons ("Quote", "Reply"). They describe the post,
 * they are not what it says. Not "Location:" or "From:": a listicle's items carry those too
 * ("Location: Online and in-person boot camps").
 */
const POST_META =
  /^((last )?edited( by| on| at|:)? .{1,80}|(registered|joined|member since|posts|messages|reaction score|reputation)\s*:\s*.{1,40}|(new |junior |senior |full |active )?member|offline|online|quote|reply|thread starter .{1,60}|[a-z]+ \d{1,2}, \d{4}\s*\d+\s?(yr|yrs|mo|mos|w|d|h)s?)$/i;
/** How often the furniture must recur before it is read as a thread's: once is a sentence's. */
const MIN_LINES = 3;

/** Removes the posts' furniture from a thread: lines POST_META matches, when MIN_LINES or more do. */
export function removePostMeta(root: Element): void {
  const lines = edgeLines(root).filter((el) => {
    const text = norm(el.textContent);
    return text.length <= 100 && POST_META.test(text);
  });
  if (lines.length >= MIN_LINES) lines.forEach((el) => el.remove());
}
