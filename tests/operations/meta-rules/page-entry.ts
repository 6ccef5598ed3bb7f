/**
 * The test bundle's entry (meta-rules.test.ts): runs ONE named rule of one field's list on the
 * page it is evaluated in, with the context meta builds for it, and returns its answer (an
 * element's href for the favicon's rules).
 */
import { jsonLdNodes } from "@/lib/operations/in-page-shared/json-ld";
import { authorContext } from "@/lib/operations/meta-in-page/author-context";
import { FALLBACK_RULES } from "@/lib/operations/meta-in-page/author";
import { BYLINE_RULES } from "@/lib/operations/meta-in-page/byline";
import { type LdNode, type MetaContext, metaContext } from "@/lib/operations/meta-in-page/context";
import { DATE_RULES } from "@/lib/operations/meta-in-page/date";
import { declaredDates } from "@/lib/operations/meta-in-page/date-declared";
import { dateContext } from "@/lib/operations/meta-in-page/date-text";
import { DESCRIPTION_RULES } from "@/lib/operations/meta-in-page/description";
import { FAVICON_RULES } from "@/lib/operations/meta-in-page/favicon";
import { LANGUAGE_RULES } from "@/lib/operations/meta-in-page/language";
import { MAIN_IMAGE_RULES } from "@/lib/operations/meta-in-page/main-image";
import type { Rule } from "@/lib/operations/meta-in-page/rule";
import { TITLE_RULES } from "@/lib/operations/meta-in-page/title";
import { writtenDates } from "@/lib/operations/meta-in-page/written-dates";

export interface RunOptions {
  headerLanguage?: string | null;
  /** The fallback rules' inputs: the JSON-LD organization's name and the raw meta author. */
  orgName?: string | null;
  rawAuthor?: string | null;
}

function pick<C, T>(rules: readonly Rule<C, T>[], name: string): Rule<C, T> {
  const rule = rules.find((r) => r.name === name);
  if (!rule) throw new Error(`no rule ${name}`);
  return rule;
}

export function run(list: string, name: string, o: RunOptions): unknown {
  const c: MetaContext = metaContext(
    document,
    location,
    o.headerLanguage ?? null,
    () => jsonLdNodes(document) as LdNode[],
  );
  const dates = writtenDates(c);
  switch (list) {
    case "title":
      return pick(TITLE_RULES, name).read(c);
    case "description":
      return pick(DESCRIPTION_RULES, name).read(c);
    case "language":
      return pick(LANGUAGE_RULES, name).read(c);
    case "main-image":
      return pick(MAIN_IMAGE_RULES, name).read(c);
    case "favicon":
      return pick(FAVICON_RULES, name).read(c)?.getAttribute("href");
    case "byline":
      return pick(BYLINE_RULES, name).read(authorContext(c, dates));
    case "author-fallback":
      return pick(FALLBACK_RULES(o.orgName ?? null, o.rawAuthor ?? null), name).read(authorContext(c, dates));
    case "date": {
      const x = dateContext(c, dates);
      return pick(DATE_RULES, name).read({ ...x, declared: declaredDates(x) });
    }
  }
  throw new Error(`no list ${list}`);
}
