/**
 * The domain's failures: what can go wrong while a page is visited and its operations run, with
 * the spec's sentence for each (docs/spec.md §7.4). Every layer may raise them; only lib/errors.ts
 * maps them to HTTP (status 422, the sentence in `error`, our code beside it).
 */

/** Operational failures (§7.4), by our stable code: the spec's sentence for each. */
export const FAILURES = {
  timeout: "The request timed out.",
  connect_timeout: "The connection to the server timed out.",
  not_found: "The requested page was not found.",
  server_error: "An internal server error occurred in the requested page.",
  client_error: "The request was invalid.",
  ssl: "There was a problem with the SSL certificate.",
  connection_refused: "The server refused the connection.",
  rate_limited: "The page is rate-limiting requests.",
  too_many_redirects: "Too many redirects occurred while processing the request.",
  no_internet: "No internet connection was detected.",
  blocked_by_client: "The request was blocked by the client.",
  not_public: "The requested URL resolved to an address that is not publicly reachable.",
  not_a_web_page: "The requested URL is not a web page.",
  bot_check: "The page asked us to complete a bot check before it would load.",
  load_failed: "The page could not be loaded.",
  unexpected: "An unexpected error occurred while processing the request.",
  too_big: "The page is too big to be processed.",
  no_residential_exit:
    "No residential exit was free to load this page. Retry shortly, or send the same request without residential to use our standard network.",
  invalid_selector: "A selector in the request is not valid CSS.",
  selector_not_found: "No visible element on the page matched the selector.",
  wait_for_selector_timeout: "The element named by wait_for_selector did not appear on the page.",
  screenshot_too_large:
    "The screenshot is too large to return. Lower full_page_max_height, or use format jpeg or webp.",
  robots_disallowed:
    "The site's robots.txt disallows this page, and this project is set to follow robots.txt.",
} as const;

export type FailureCode = keyof typeof FAILURES;

/**
 * robots_disallowed as a crawl's page says it: a crawl obeys robots.txt whatever the project's
 * setting (docs/spec-extensions.md), so "this project is set to follow robots.txt" would be untrue
 * for a project set to ignore it. Batches and single requests follow the setting: theirs is §7.4's.
 */
export const CRAWL_ROBOTS_DISALLOWED =
  "The site's robots.txt disallows this page, and a crawl always follows robots.txt.";

/** The sentence for a failure of a crawl's (`crawl`) or any other request's page. */
export function failureSentence(code: FailureCode, kind: "crawl" | "batch" | "request" = "request"): string {
  return kind === "crawl" && code === "robots_disallowed" ? CRAWL_ROBOTS_DISALLOWED : FAILURES[code];
}

/**
 * An operational failure raised anywhere below the pipeline (page engine, operations, robots…).
 * `retryable` marks failures the busy-host logic (§7.5) may retry before reporting.
 */
export class OperationFailure extends Error {
  constructor(
    readonly code: FailureCode,
    readonly detail?: string,
    readonly retryable = false,
    readonly retryAfterMs?: number,
  ) {
    super(FAILURES[code]);
    this.name = "OperationFailure";
  }
}
