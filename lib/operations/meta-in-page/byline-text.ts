import { type MetaContext, clean, headlineAt } from "./context";
import type { AuthorContext } from "./author-context";
import { NAME, NAMES, ROLE, joinNames, personLike, severalNames, withCredentials } from "./names";
import { NAVIGATION_OR_MENU, cardLines, navLines } from "./places";
import { PEOPLE_DIRS } from "./profiles";
import { monthOf } from "./written-dates";

/**
 * A byline often runs on into its date ("By Sofia Gonzalez December 2, 2025") or its next label
 * ("Author: Jane Doe Date: March 4, 2025").
 */
const NAME_END =
  "(?:$|[,;|·•(]| on | - | (?=\\p{Lu}\\p{L}+:)| (?=(?:Updated|Published|Posted|Last|Modified|Reviewed|Edited|Fact)\\b)| (?=\\d+ ?min)| (?=\\d{1,2}[./-]\\d)| (?:[Jj]an|[Ff]eb|[Mm]ar|[Aa]pr|[Mm]ay|[Jj]un|[Jj]ul|[Aa]ug|[Ss]ep|[Oo]ct|[Nn]ov|[Dd]ec)[a-z]*\\.? \\d)";

/**
 * Byline labels in the web's other common languages: the phrases anywhere, the bare
 * preposition ("Von", "Par", "Por", "Door", "Di") only on a page in that language, where a line
 * that starts with it and a name is a byline.
 */
function foreignByline(c: MetaContext): string {
  const lang2 = (c.doc.documentElement?.getAttribute("lang") ?? "").slice(0, 2).toLowerCase();
  const bare: Record<string, string[]> = {
    de: ["Von", "Text:"],
    fr: ["Par"],
    es: ["Por"],
    pt: ["Por"],
    nl: ["Door"],
    it: ["Di", "A cura di"],
    sv: ["Av"],
    da: ["Af", "Av"],
    nb: ["Av"],
    no: ["Av"],
  };
  return [
    "[Aa]utor(?:in|a)?:",
    "[Aa]uteur ?:",
    "[Aa]utore:",
    "[Gg]eschrieben von",
    "[ÉéEe]crit par",
    "[Pp]ublié par",
    "[Ee]scrito por",
    "[Pp]ublicado por",
    "[Ss]critto da",
    "[Pp]ubblicato da",
    "[Gg]eschreven door",
    "[Ff]örfattare:",
    "[Ff]orfatter:",
    "[Yy]azar:",
    "[Tt]ekijä:",
    "[Ss]zerző:",
    ...(bare[lang2] ?? []),
  ].join("|");
}

/**
 * "Written by Jane Doe" / "By Jane Doe" in the rendered text, or "| by Jane Doe |" in the title.
 * Case-sensitive: "By optimizing your site, …" is not a byline.
 */
export function bylineInText({ c, dates, n }: AuthorContext): string | null {
  const { asName } = n;
  const nav = navLines(c);
  const cards = cardLines(c);
  const lines = c
    .bodyLines()
    .filter((l) => !nav.has(l) && !cards.has(l))
    .slice(0, 400);
  const FOREIGN_BYLINE = foreignByline(c);
  const datedByline = new RegExp(
    "^(.{6,60}?)\\s*[|·•,–—-]?\\s*(?:[Bb]y|BY|[Pp]osted by|[Ww]ritten by) " + NAMES + "\\s*" + NAME_END,
    "u",
  );
  const sectionByline = new RegExp(
    "^[^|·•]{1,40}?\\s*[|·•]\\s*(?:[Bb]y|BY|[Pp]osted by|[Ww]ritten by) " + NAMES + "\\s*" + NAME_END,
    "u",
  );
  const byLine = new RegExp(
    "^(?:(?:[Ww]ritten|[Pp]osted|[Rr]eviewed|[Aa]uthored|[Aa]rticle|[Ww]ords|[Ss]tory|[Ss]ubmitted|[Pp]ublished|[Cc]reated|[Cc]ompiled|[Pp]repared|[Cc]urated|[Pp]roduced|[Ee]dited|[Cc]o-authored|[Rr]eporting|[Cc]ontributed|[Gg]uest (?:post|article|column)|[Rr]ecipe|[Rr]eview|[Oo]pinion|[Cc]ommentary|[Aa]nalysis|[Ii]nterview|[Ee]ssay|[Cc]olumn|[Pp]ost) )?(?:[Bb][Yy]:?|[Aa]uthors?:|[Aa]uthors?\\t|[Cc]ontributors?:|[Ww]riter:|" +
      FOREIGN_BYLINE +
      ")\\s*" +
      NAMES +
      "\\s*" +
      NAME_END,
    "u",
  );
  // A reviewer's or editor's line ("Reviewed by Dr. Jane Doe", "Edited by …") names the writer only
  // where no other line does: health and finance pages print it beside (often before) the byline.
  let reviewer: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = byLine.exec(line);
    if (m && /^([Rr]eviewed|[Ee]dited)/.test(line)) reviewer ??= joinNames(asName(m[1]));
    else if (m) return joinNames(asName(m[1]));
    // A section's name before the byline: "News | By Jane Doe".
    const afterSection = sectionByline.exec(line);
    if (afterSection) return joinNames(asName(afterSection[1]));
    // WordPress's and many themes' "December 12, 2025 by Jane Doe" / "Posted on 12 March 2025 | By Jane Doe".
    const afterDate = datedByline.exec(line);
    if (afterDate && line.length < 160 && dates.dayIn(afterDate[1])) return joinNames(asName(afterDate[2]));
    // There, a login that ends the line is the name: "Posted on March 4, 2025 by jdoe".
    const loginAfterDate =
      /^(.{6,60}?)\s*[|·•,–—-]?\s*(?:[Bb]y|BY|[Pp]osted by|[Ww]ritten by) ([\p{L}\d._-]+)$/u.exec(line);
    if (loginAfterDate && dates.dayIn(loginAfterDate[1])) return asName(loginAfterDate[2]);
    // A one-word name is a byline only where a date follows: "Posted by David at December 16, 2025".
    // So is a line that is nothing but "Written by Eliz". Before a date, a login is the name:
    // Drupal's "Submitted by jdoe on Tue, 03/04/2025 - 10:00".
    const single =
      /^(?:[Pp]osted|[Ww]ritten|[Ss]ubmitted) by (\p{Lu}[\p{L}.'’-]+)(?: (?:at|on) .*\d|$)/u.exec(line) ??
      /^(?:[Pp]osted|[Ss]ubmitted) by ([\p{L}\d._-]+) on .*\d/u.exec(line);
    if (single) return asName(single[1]);
    // A bare label over the name: "Written by", "Author", an author box's "About the author".
    if (
      /^(((article|post|story) )?(written|posted|authored) by|(article|post|words|story) by|((article|post) )?author|(about|meet) the (author|writer)):?$/i.test(
        line,
      ) &&
      lines[i + 1]
    ) {
      // The line after a bare "Author" label is often a form's next label ("Post time", "Date within").
      const next = asName(lines[i + 1]);
      // A "Written by" / "Posted by" label (not a bare "Author") may be followed by one name ("Eliz").
      const oneWord = /written|posted/i.test(line) && /^\p{Lu}[\p{L}'’-]+$/u.test(next ?? "") ? next : null;
      const v = withCredentials(next) ?? severalNames(next) ?? oneWord;
      if (v) return v;
    }
    // An "Authors" label over one name a line: "Authors" / "Jane Doe" / "John Roe".
    if (/^(the )?(authors|contributors|writers):?$/i.test(line)) {
      const found: string[] = [];
      for (const l of lines.slice(i + 1, i + 7)) {
        const v = withCredentials(asName(l));
        if (!v) break;
        found.push(v);
      }
      if (found.length) return found.join(", ");
    }
  }
  if (reviewer) return reviewer;
  const inTitle = new RegExp("\\|\\s*by " + NAME + "\\s*\\|", "u").exec(c.doc.title);
  return inTitle ? asName(inTitle[1]) : null;
}

/**
 * A dateline that names its writer between separators, as static-site themes print it (Hugo's
 * PaperMod and Hextra: "December 17, 2025 · 5 min · Jane Doe"): the part that reads as a
 * person's name, within a few lines of the headline. A name on the line after a dateline that
 * ends in a separator is the same dateline, wrapped.
 */
export function datelineName({ c, dates, n }: AuthorContext): string | null {
  const { dayIn } = dates;
  const lines = c.bodyLines();
  const ats = headlineAt(c, lines);
  // Middle dots, as those themes write them; a bar or a spaced dash only before the date
  // ("Jane Doe | March 4, 2025"): after it, a bar is more often "date | Category".
  const SEP = /\s*[·•]\s*/;
  const BAR = /\s*\|\s*|\s+[–—]\s+|\s+-\s+/;
  const label =
    /\b(updated|published|posted|modified|edited|reviewed|read|reading|min|mins|minutes|comments?|share|views?|words?)\b/i;
  // A category or tag the dateline links to ("Apr 21, 2017 · Products Liability") is not a name.
  const topics = new Set(
    Array.from(
      c.doc.querySelectorAll(
        'a[rel~="tag"], a[rel~="category"], a[href*="/category/"], a[href*="/categories/"], a[href*="/tag/"], a[href*="/tags/"], a[href*="/topic"], a[href*="/section/"], a[href*="?cat="]',
      ),
    )
      .slice(0, 500)
      .map((a) => clean(a.textContent)),
  );
  const nameIn = (part: string) => {
    const v = personLike(n.asName(part));
    return v && !label.test(v) && !monthOf(v.split(" ")[0]!) && !n.isSite(v) && !topics.has(v) ? v : null;
  };
  for (const at of ats)
    for (let i = Math.max(0, at - 3); i < Math.min(lines.length, at + 8); i++) {
      const line = lines[i]!;
      // A dateline with a byline label ("by …", "On Behalf of …") names its writer after it, or not at all.
      if (line.length > 120 || !dayIn(line) || /\b(by|of)\b/i.test(line)) continue;
      for (const part of line.split(SEP)) {
        const v = nameIn(part);
        if (v) return v;
      }
      const parts = line.split(BAR);
      const dateAt = parts.findIndex((p) => dayIn(p));
      for (const part of dateAt > 0 ? parts.slice(0, dateAt) : []) {
        const v = nameIn(part);
        if (v) return v;
      }
      const nextLine = lines[i + 1];
      if (/[·•]$/.test(line) && nextLine && nextLine.length < 60) {
        const v = nameIn(nextLine.replace(/^[·•]\s*/, ""));
        if (v) return v;
      }
    }
  // A name linked to a person's page ("/team/jane") stacked over or under a short dateline
  // ("Jane Doe" / "March 4, 2025"), as themes lay them out in a column.
  const personDir = new RegExp("/" + PEOPLE_DIRS + "/", "i");
  const linked = new Set(
    Array.from(c.doc.querySelectorAll<HTMLElement>("a[href]"))
      .slice(0, 2000)
      .filter((a) => !a.closest(NAVIGATION_OR_MENU) && personDir.test(a.getAttribute("href") ?? ""))
      .map((a) => clean(a.innerText)),
  );
  for (const at of ats)
    for (let i = Math.max(0, at - 3); i < Math.min(lines.length, at + 8); i++) {
      if (lines[i]!.length >= 60 || !dayIn(lines[i])) continue;
      for (const j of [i - 1, i + 1]) {
        const v = j !== at && linked.has(lines[j] as string) ? nameIn(lines[j]!) : null;
        if (v) return v;
      }
    }
  return null;
}

/** A line under the headline that is a name and a writer's title ("Jane Doe, Senior Editor"). */
export function roleLineName({ c, n }: AuthorContext): string | null {
  const lines = c.bodyLines();
  for (const at of headlineAt(c, lines))
    for (const line of lines.slice(Math.max(0, at - 3), at + 8)) {
      // A comma, bar or dash between them: "From Our Editors" is no name and title.
      const name = line.length < 80 ? ROLE.exec(line)?.[1] : null;
      if (!name || !/^\s*[,|–—-]/.test(line.slice(name.length))) continue;
      const v = personLike(n.asName(name));
      if (v && !n.isSite(v)) return v;
    }
  return null;
}
