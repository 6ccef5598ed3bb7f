import { jsonLdNodes as nodesOf, type LdNode } from "../in-page-shared/json-ld";
import { norm } from "./text";

export type { LdNode };

/**
 * The page's JSON-LD objects (in-page-shared/json-ld.ts, which `meta` reads too), parsed once per
 * evaluation: the extractor and page-kind.ts both ask, and nothing changes the live page meanwhile.
 */
let nodes: LdNode[] | null = null;
export function jsonLdNodes(): LdNode[] {
  return (nodes ??= nodesOf(document));
}

/** Does any node have a `@type` the pattern matches? */
export function jsonLdTypes(nodes: LdNode[], pattern: RegExp): boolean {
  return nodes.some((o) => ([] as unknown[]).concat(o["@type"] || []).some((t) => pattern.test(String(t))));
}

/** The longest articleBody any of the page's JSON-LD objects carries. */
export function jsonLdBody(nodes: LdNode[]): string {
  let best = "";
  nodes.forEach((o) => {
    if (typeof o.articleBody === "string" && o.articleBody.length > best.length) best = o.articleBody;
  });
  return best;
}

/** The first description long enough to stand for the page. */
export function jsonLdDescription(nodes: LdNode[]): string {
  const found = nodes.filter((o) => typeof o.description === "string" && norm(o.description).length > 40)[0];
  return found ? norm(found.description as string) : "";
}
