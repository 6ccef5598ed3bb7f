import { type MetaContext, abs } from "./context";
import { type Rule, firstOf } from "./rule";

/** The icon link: a 32×32 icon, any icon, a shortcut icon, Apple's touch icon. */
export const FAVICON_RULES: readonly Rule<MetaContext, Element>[] = [
  { name: "icon-32", read: (c) => c.doc.querySelector('link[rel~="icon" i][sizes="32x32"]') },
  { name: "icon", read: (c) => c.doc.querySelector('link[rel~="icon" i]') },
  { name: "shortcut-icon", read: (c) => c.doc.querySelector('link[rel="shortcut icon" i]') },
  { name: "apple-touch-icon", read: (c) => c.doc.querySelector('link[rel="apple-touch-icon" i]') },
];

/** The first icon link's address, else the site's /favicon.ico (on http and https pages). */
export function favicon(c: MetaContext): string | null {
  const iconEl = firstOf(FAVICON_RULES, c);
  return (
    abs(c, iconEl?.getAttribute("href")) ??
    (c.location.protocol.startsWith("http") ? new URL("/favicon.ico", c.location.href).href : null)
  );
}
