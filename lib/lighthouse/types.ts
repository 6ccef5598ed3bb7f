/**
 * The LighthouseResult resource (docs/spec.md §2.6) and the options of one run (docs/spec.md §2.4).
 *
 * Scores are 0–1, exactly as Lighthouse reports them (0.87, not 87): callers who know Lighthouse
 * read them without conversion, and `null` keeps Lighthouse's meaning "could not be scored".
 */

export type LighthouseDevice = "mobile" | "desktop";

export interface LighthouseRunOptions {
  device: LighthouseDevice;
  /** true: every audit; a list: only these audit ids; false: no `audits` key. */
  includeAudits: boolean | string[];
  /** Budget for the run itself (not the wait in the queue). Default LIGHTHOUSE_TIMEOUT_MS. */
  timeoutMs?: number;
  /**
   * Whose run this is. A Lighthouse browser serves one organization: another organization's run
   * gets a fresh browser (Lighthouse clears storage only for the audited origin).
   */
  organization?: string;
}

export interface LighthouseCategory {
  title: string;
  /** 0–1, or null when Lighthouse could not score the category. */
  score: number | null;
}

/** Lab metrics; milliseconds rounded to whole ms, CLS unitless. Null when the metric errored. */
export interface LighthouseMetrics {
  first_contentful_paint_ms: number | null;
  largest_contentful_paint_ms: number | null;
  total_blocking_time_ms: number | null;
  cumulative_layout_shift: number | null;
  speed_index_ms: number | null;
  time_to_interactive_ms: number | null;
  server_response_time_ms: number | null;
}

export interface LighthouseAudit {
  id: string;
  title: string;
  description?: string;
  /** 0–1, or null for informative/manual/not-applicable audits. */
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  /** Unit of numericValue ("millisecond", "unitless", "byte"…): without it the number is ambiguous. */
  numericUnit?: string;
}

export interface LighthouseResult {
  url: string;
  fetchTime: string;
  device: LighthouseDevice;
  /** Keyed by Lighthouse's category ids: performance, accessibility, best-practices, seo. */
  categories: Record<string, LighthouseCategory>;
  metrics: LighthouseMetrics;
  /** Keyed by audit id; present only when include_audits asked for it. */
  audits?: Record<string, LighthouseAudit>;
}
