import type { Page, Route } from "playwright-core";
import { withDeadline } from "./deadline";

/**
 * The route of a "text" visit, which downloads nothing its operations read (images, media, fonts),
 * kept on a recycled page for its context's next text visit (lib/page/page-reuse.ts): registering
 * it is a round trip to the browser before every navigation, and a page reset after a text visit
 * would only remove it for the next text visit to add it again.
 */

const TEXT_VISIT_SKIPS = new Set(["image", "media", "font"]);

/** Pages whose ONLY route is the text route (so a recycle may keep it). */
const textOnly = new WeakSet<Page>();

function skipMedia(route: Route): Promise<void> {
  return TEXT_VISIT_SKIPS.has(route.request().resourceType())
    ? route.abort("blockedbyclient")
    : route.fallback();
}

/** Whether `page` carries the text route and no other. */
export function hasOnlyTextRoute(page: Page): boolean {
  return textOnly.has(page);
}

/**
 * Adds the text route, unless the page carries it alone already. Registered last, so asked first:
 * anything else falls through to a route registered before it (the ad blocker's).
 */
export async function addTextRoute(page: Page, alone: boolean): Promise<void> {
  if (alone && textOnly.has(page)) return;
  await page.route("**/*", skipMedia);
  if (alone) textOnly.add(page);
  else textOnly.delete(page);
}

/** The page gets other routes too (the ad blocker's): it no longer carries the text route alone. */
export function notTextOnly(page: Page): void {
  textOnly.delete(page);
}

/**
 * Removes every route of the page. `unrouteAll` has no timeout of its own: on a wedged browser it
 * would hold its caller forever, so it gets `ms`.
 */
export async function removeRoutes(page: Page, ms: number): Promise<void> {
  textOnly.delete(page);
  await withDeadline(page.unrouteAll({ behavior: "ignoreErrors" }), ms, "reset a page");
}
