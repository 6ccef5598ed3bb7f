import type { Page, Route } from "playwright-core";
import { withDeadline } from "./deadline";

/**
 * Keeps the main frame on the document it has, once engaged: its further navigations are cancelled
 * as aborted (net::ERR_ABORTED), which Chromium answers by staying on the current document, not with
 * its error page. For a page that keeps replacing its document under the operations (an ad-recovery
 * script that asks `confirm()`, which a headless browser dismisses, and then reloads; a redirect
 * loop): a browser's user reads each document before the next arrives, and the operations get the
 * same chance on the latest one. Released before the page is recycled for the organization's next
 * visit, whose navigation must pass.
 */
export class DocumentHold {
  private engaged = false;

  constructor(
    private readonly page: Page,
    private readonly ms: number,
  ) {}

  private readonly stay = (route: Route): Promise<void> => {
    const request = route.request();
    return request.isNavigationRequest() && request.frame() === this.page.mainFrame()
      ? route.abort("aborted")
      : route.fallback();
  };

  async engage(): Promise<void> {
    if (this.engaged) return;
    // Registered last, so asked first: anything else falls through to the visit's own routes.
    await withDeadline(this.page.route("**/*", this.stay), this.ms, "hold a page's document");
    this.engaged = true;
  }

  async release(): Promise<void> {
    if (!this.engaged) return;
    this.engaged = false;
    // A page closed meanwhile (the visit's budget ran out) is recycled by nobody.
    if (this.page.isClosed()) return;
    await withDeadline(this.page.unroute("**/*", this.stay), this.ms, "release a page's document");
  }
}
