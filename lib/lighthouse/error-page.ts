/**
 * Watches a Lighthouse tab for a page that loaded and then moved itself (a script, a meta refresh)
 * to an address that does not answer or that the egress guard refuses, leaving Chromium's error
 * page in the tab. Lighthouse would go on to wait out its own load wait (30 s) on that error page
 * and then report on it; the answer is already known (a failure, never a report), so the runner
 * stops at the commit instead.
 *
 * Only a move after a real page counts: when the first navigation fails, Lighthouse itself says so
 * at once, with a more precise code (DNS_FAILURE, INSECURE_DOCUMENT_REQUEST…).
 */
import type { Frame, HTTPRequest, Page } from "puppeteer-core";

export interface ErrorPageWatch {
  /**
   * Resolves with the document URLs the tab asked for (every hop, in order) when the main frame,
   * after showing an http(s) page, commits `chrome-error://`; never resolves otherwise.
   */
  seen: Promise<string[]>;
  stop(): void;
}

export function watchForErrorPage(page: Page): ErrorPageWatch {
  const documents: string[] = [];
  let shownPage = false;
  let resolve: (urls: string[]) => void = () => undefined;
  const seen = new Promise<string[]>((r) => (resolve = r));

  const onRequest = (request: HTTPRequest) => {
    if (request.resourceType() === "document" && request.frame() === page.mainFrame())
      documents.push(request.url());
  };
  const onNavigated = (frame: Frame) => {
    if (frame !== page.mainFrame()) return;
    const url = frame.url();
    if (url.startsWith("chrome-error:")) {
      if (shownPage) resolve([...documents]);
    } else if (/^https?:/i.test(url)) {
      shownPage = true;
    }
  };
  page.on("request", onRequest);
  page.on("framenavigated", onNavigated);
  return {
    seen,
    stop() {
      page.off("request", onRequest);
      page.off("framenavigated", onNavigated);
    },
  };
}
