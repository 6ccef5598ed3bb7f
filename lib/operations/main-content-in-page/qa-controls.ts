import { lineOf } from "./clean";
import { QA_POST } from "./comments";
import { norm } from "./text";

/**
 * A Q&A page's controls around its posts, as its microdata marks the posts (Stack Exchange and
 * the engines that copy it): the vote counts, each post's menu ("Improve this answer", "Add a
 * comment", "Share", "Follow"), the answers' heading ("2 Answers") and their sort control
 * ("Sorted by: Highest score"), and the invitations under them ("Start asking to get answers",
 * "Explore related questions"). They act on the posts; they are never what the posts say.
 */
const POST_ACTION =
  /^(improve|edit|share|follow|unfollow|flag|report|cite|reply|quote|add (a )?comment|show \d+ more comments?)( (this|the) (answer|question|post|comment))?$/i;
const ANSWER_COUNT = /^\d[\d,.]* answers?$/i;
/**
 * The page's invitations under the posts, whole lines: to ask, to answer, to browse the tags. Each
 * heads a small block of its own (the "Ask question" button, the tags' list), which goes with it.
 */
const INVITATION =
  /^(start asking to get answers|explore related questions|you must log in to answer this question\.?|know someone who can answer\? .+|not the answer you'?re looking for\? browse other questions tagged .+)$/i;
/** The most text an invitation's block holds (its words, a button, a few tags). */
const INVITATION_MAX = 300;
/** The most text a sort control's line holds besides its options ("Sorted by: Reset to default"). */
const SORT_LINE_MAX = 40;

export function removeQaControls(root: Element): void {
  if (!root.querySelector(QA_POST)) return;
  root.querySelectorAll("[itemprop=upvoteCount], [itemprop=downvoteCount]").forEach((n) => n.remove());
  const controls = root.querySelectorAll("a, button");
  for (let i = 0; i < controls.length; i++) {
    const el = controls[i]!;
    const text = norm(el.textContent);
    if (text.length <= 40 && POST_ACTION.test(text) && root.contains(el)) lineOf(el, text, root).remove();
  }
  root.querySelectorAll("h2, h3").forEach((h) => {
    if (ANSWER_COUNT.test(norm(h.textContent))) h.remove();
  });
  root.querySelectorAll("p, h2, h3, h4, div, span").forEach((el) => {
    const raw = el.textContent || "";
    if (raw.length > INVITATION_MAX * 2 || !root.contains(el)) return;
    const text = norm(raw);
    if (text.length > INVITATION_MAX || !INVITATION.test(text)) return;
    let block = el;
    for (let up = el.parentElement; up && up !== root; up = up.parentElement) {
      const around = norm(up.textContent);
      if (around.length > INVITATION_MAX || around.slice(0, text.length) !== text) break;
      block = up;
    }
    block.remove();
  });
  root.querySelectorAll("select").forEach((select) => {
    const own = norm(select.textContent).length;
    let line: Element = select;
    for (
      let up = select.parentElement;
      up && up !== root && norm(up.textContent).length - own <= SORT_LINE_MAX;
      up = up.parentElement
    )
      line = up;
    line.remove();
  });
}
