import { withoutWww } from "../in-page-shared/site";
import { headingOver } from "./clean";
import { edgeLines } from "./content-edges";
import { norm } from "./text";

/**
 * A list of sources written as bare addresses: "Article Sources:" over a dozen URLs, "[1]
 * https://…", "References" over "1. https://…". Their text is the address, which a reader (an
 * agent as much as a person) reads as nothing but a link, and the text's own links carry it
 * already. Three addresses or more, on lines holding little else, one after the other, to two
 * sites or more, go with the label over them. An address in a sentence, a line with a title
 * ("Website: https://…" between paragraphs, a reference with its authors and title) and a list
 * of one site's addresses (an API's endpoints) stay.
 */
/** An address, and where addresses run together (a `<br>` between them is no text), each. */
const ADDRESS = /https?:\/\/(?:(?!https?:\/\/)[^\s<>"])+/gi;
/** A list's or a note's marker: "[1]", "1.", "2)", "-". */
const MARKER = /^(\[\d+\]|\d+[.)]?|[-•*])$/;
/**
 * The most words a line may hold beside each address ("Official Espressif Announcement"), and a
 * run of lines on average: a list whose every address has its title ("Forbes: https://…") is a
 * list of references, the text's own.
 */
const MAX_WORDS_PER_ADDRESS = 6;
const MAX_RUN_WORDS_PER_ADDRESS = 1;
const MIN_ADDRESSES = 3;
const MIN_SITES = 2;
const SOURCES_LABEL =
  /^(article |further |additional |useful )?(sources?|references?|citations?|bibliography|links|reading)\s*:?$/i;

/** A line's addresses and the words beside them. */
interface BareLine {
  addresses: string[];
  words: number;
}

/** A line's addresses and the words beside them, or null where it holds more than a label. */
function bareAddresses(text: string): BareLine | null {
  const addresses = text.match(ADDRESS);
  if (!addresses) return null;
  const words = text
    .replace(ADDRESS, " ")
    .split(/\s+/)
    .filter((w) => w && !MARKER.test(w)).length;
  return words <= MAX_WORDS_PER_ADDRESS * addresses.length ? { addresses, words } : null;
}

function siteOf(address: string): string {
  try {
    return withoutWww(new URL(address).host);
  } catch {
    return address;
  }
}

/** Removes el, and the list it leaves empty. */
function removeLine(el: Element): void {
  const list = el.parentElement;
  el.remove();
  if (list && /^(UL|OL)$/.test(list.nodeName) && !norm(list.textContent)) list.remove();
}

export function removeSourceAddressLists(root: Element): void {
  const lines = edgeLines(root);
  const bare = lines.map((el) => bareAddresses(norm(el.textContent)));
  /** Lines start to end (excluded), each bare, go with their label when they are such a list. */
  const judge = (start: number, end: number) => {
    const run = lines.slice(start, end);
    const found = bare.slice(start, end) as BareLine[];
    const addresses = found.flatMap((b) => b.addresses);
    const words = found.reduce((n, b) => n + b.words, 0);
    if (addresses.length < MIN_ADDRESSES || new Set(addresses.map(siteOf)).size < MIN_SITES) return;
    if (words > addresses.length * MAX_RUN_WORDS_PER_ADDRESS) return;
    const before = start > 0 ? lines[start - 1]! : null;
    const heading = headingOver(run[0]!, root);
    const label = [heading, before].find((el) => el && SOURCES_LABEL.test(norm(el.textContent)));
    run.forEach(removeLine);
    if (label) label.remove();
  };
  let start = 0;
  for (let i = 0; i <= lines.length; i++) {
    if (i < lines.length && bare[i]) continue;
    if (i > start) judge(start, i);
    start = i + 1;
  }
}
