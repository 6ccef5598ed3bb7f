import type { Page } from "playwright-core";
import type { PageOptions } from "@/lib/schemas/options";

/** One line of the console result (spec 2.6 ConsoleEntry). */
export interface ConsoleEntry {
  type: "error" | "warning" | "exception";
  text: string;
}

export interface Viewport {
  width: number;
  height: number;
}

export type ColorScheme = "light" | "dark";

/** Limits a visit enforces; tests shrink them so failure cases run in seconds. */
export interface VisitLimits {
  /** Navigation (goto) timeout. */
  navigationTimeoutMs: number;
  /** wait_for_selector ceiling (spec 2.2: at most 10 s). */
  waitForSelectorMs: number;
  /** Rendered HTML ceiling (spec 8: 10 MB), measured inside the page. */
  maxHtmlBytes: number;
  /** Longest a visit may hold its browser slot (navigation, options and operations together). */
  visitMaxMs: number;
  /** How long a bot-check interstitial gets to clear itself before we give up. */
  botCheckWaitMs: number;
  /** After `load`, how long we wait at most for in-flight requests to finish. */
  settleMaxMs: number;
  /** How long autoconsent gets to find and dismiss a banner. */
  cookieBannerMaxMs: number;
  /** "text" visits: after DOMContentLoaded, how long we wait at most for `load` and in-flight requests. */
  textSettleMaxMs: number;
}

/**
 * How much of the page a visit waits for. "full" (screenshot, console): every subresource and
 * `load`. "text" (operations that only read the DOM): no images, media or fonts, and no waiting
 * for `load` past a short settle once the DOM is ready (docs/decisions.md).
 */
export type LoadPolicy = "full" | "text";

export interface VisitRequest {
  /** The page to load; already checked against the URL policy by the caller (checked again here). */
  url: string;
  /**
   * The organization the visit is for. Browser state (cookies, storage, cache) is never shared
   * between organizations, and browser slots are shared fairly between them.
   */
  organization: string;
  pageOptions?: PageOptions;
  viewport?: Viewport;
  deviceScaleFactor?: number;
  colorScheme?: ColorScheme;
  /** Load through a leased residential exit; never falls back to the standard network. */
  residential?: boolean;
  /** Overall navigation timeout; shorthand for limits.navigationTimeoutMs. */
  timeoutMs?: number;
  /**
   * Selectors an operation will use later (screenshot selector, hide_selectors). They are validated
   * before navigation with the page options' selectors, so invalid CSS costs no page load.
   */
  extraSelectors?: readonly string[];
  /** Default "full". */
  loadPolicy?: LoadPolicy;
  limits?: Partial<VisitLimits>;
}

/** What one visit of a page produced; operations are functions of this. */
export interface PageSnapshot {
  /** The URL that was requested. */
  url: string;
  /** The URL after redirects. */
  finalUrl: string;
  status: number;
  /** Response headers of the main document (lower-case names). */
  headers: Record<string, string>;
  /** Rendered DOM after page options were applied (serialized as `page.content()` would). */
  html: string;
  /** Errors, warnings and uncaught exceptions, in the order they happened. */
  console: ConsoleEntry[];
  timings: { navigationMs: number; totalMs: number };
  /** Live page; valid only while the callback given to visitPage runs. */
  page: Page;
  /** The settings the page was opened with (screenshot needs them). */
  settings: { viewport: Viewport; deviceScaleFactor: number; colorScheme: ColorScheme };
}
