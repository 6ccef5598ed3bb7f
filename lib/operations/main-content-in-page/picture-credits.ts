import { norm } from "./text";

/**
 * A picture's credit line: who took or owns the photograph ("Credit: Reviewed / Timothy Renzi",
 * "Mikolette / Getty Images", "Courtesy of brand"). News and magazine pages set one under every
 * image, in its caption or beside it; it names a photographer and an agency, nothing the text
 * says, and a text-only reader has no picture to attribute it to. The caption's own words stay.
 *
 * A credit is told by its markup (a class that says credit, NBC's `caption__source`) or, inside a
 * caption, by what it says; either way it is short and stands by a picture: in a figure or a
 * caption, in a box whose class says image, photo or caption, or in a small box holding an image.
 * A film's "credits" list or a card's credit limit is not one.
 */
const MAX_CREDIT_CHARS = 100;
/**
 * A class that names a credit: `credit`, `photo-credit`, `image_credits`, `ImageCreditText` (a
 * picture's camel-cased "Credit"), `caption__source`; not "accreditation", not `titleNoCredit`.
 */
const CREDIT_CLASS =
  /(^|[\s_-])credits?($|[\s_A-Z-])|(Image|Photo|Picture|Media|Caption)Credits?($|[\s_A-Z-])|caption_+source/;
const NO_CREDIT = /no[-_]?credit/i;
/** A caption line that is only a credit: "Photo: …", "Image credit: …", "Courtesy of …". */
const CREDIT_TEXT =
  /^(((photo|image|picture|photograph|illustration)s?( credits?)?|credits?)\s*[:：|]|(photo(graph)?s? by|courtesy( of)?)\s)/i;
/**
 * Or a name and an agency: "Jae C. Hong/AP", "Gatsi / Getty Images", "Gregg Newton/AFP via Getty
 * Images"; a few words before the agency, so a caption's sentence that ends in a credit stays.
 */
const AGENCY_CREDIT =
  /\/\s*(getty( images)?|shutterstock|reuters|ap( photo)?|afp|epa|istock(photo)?|alamy|unsplash|pexels)( via getty images)?\.?$/i;
const AGENCY_CREDIT_WORDS = 8;
const NOT_INLINE = "*:not(a, b, i, em, strong, small, cite)";

/** A picture's box holds its caption and credit: a few words more than the credit alone. */
const PICTURE_BOX_TEXT = 300;
/** Markup that says picture: a class naming an image, a photo or a caption. */
const PICTURE_CLASS = /image|img|photo|picture|caption|figure/i;

function nextToPicture(el: Element, text: string): boolean {
  if (el.closest("figure, figcaption, picture")) return true;
  // Three levels up at most, and a box holding little more than the credit: the picture's own
  // box or its caption's, not the article around it.
  for (let up: Element | null = el, i = 0; i < 4 && up; i++, up = up.parentElement) {
    if (PICTURE_CLASS.test(up.getAttribute("class") || "")) return true;
    if (up !== el && up.querySelector("img, picture, video"))
      return norm(up.textContent).length <= text.length + PICTURE_BOX_TEXT;
  }
  return false;
}

function isCredit(el: Element, text: string): boolean {
  const cls = el.getAttribute("class") || "";
  if (CREDIT_CLASS.test(cls) && !NO_CREDIT.test(cls)) return true;
  // By its words, only a line of the caption: an element holding other lines reads them glued.
  if (!el.closest("figcaption") || el.querySelector(NOT_INLINE)) return false;
  return (
    CREDIT_TEXT.test(text) || (AGENCY_CREDIT.test(text) && text.split(" ").length <= AGENCY_CREDIT_WORDS)
  );
}

export function removePictureCredits(doc: Document): void {
  if (!doc.body) return;
  // The attribute selector narrows the classed elements to the few whose class may say credit.
  const els = doc.body.querySelectorAll('[class*="redit"], [class*="caption_"], figcaption, figcaption *');
  for (let i = 0; i < els.length; i++) {
    const el = els[i]!;
    if (!doc.body.contains(el) || el.querySelector("img, picture, video")) continue;
    const text = norm(el.textContent);
    if (!text || text.length > MAX_CREDIT_CHARS) continue;
    if (isCredit(el, text) && nextToPicture(el, text)) el.remove();
  }
}
