/** A Lighthouse report (LHR) → the LighthouseResult resource (docs/spec.md §2.6). */
import type { Result } from "lighthouse";
import type { LighthouseAudit, LighthouseDevice, LighthouseMetrics, LighthouseResult } from "./types";

/** Our metric names → the Lighthouse audit whose numericValue holds it. */
const METRIC_AUDITS: Record<keyof LighthouseMetrics, string> = {
  first_contentful_paint_ms: "first-contentful-paint",
  largest_contentful_paint_ms: "largest-contentful-paint",
  total_blocking_time_ms: "total-blocking-time",
  cumulative_layout_shift: "cumulative-layout-shift",
  speed_index_ms: "speed-index",
  time_to_interactive_ms: "interactive",
  server_response_time_ms: "server-response-time",
};

type AuditResult = Result["audits"][string];

function metricValue(audit: AuditResult | undefined, name: keyof LighthouseMetrics): number | null {
  const v = audit?.numericValue;
  if (typeof v !== "number" || !Number.isFinite(v)) return null;
  // Sub-millisecond digits of a simulated metric are noise; CLS is a small unitless number.
  return name.endsWith("_ms") ? Math.round(v) : Math.round(v * 10_000) / 10_000;
}

function auditOf(a: AuditResult): LighthouseAudit {
  return {
    id: a.id,
    title: a.title,
    ...(a.description && { description: a.description }),
    score: a.score,
    scoreDisplayMode: a.scoreDisplayMode,
    ...(a.displayValue !== undefined && { displayValue: a.displayValue }),
    ...(a.numericValue !== undefined && { numericValue: a.numericValue }),
    ...(a.numericUnit !== undefined && { numericUnit: a.numericUnit }),
  };
}

function selectAudits(lhr: Result, include: true | string[]): Record<string, LighthouseAudit> {
  // Ids Lighthouse did not run (unknown, or skipped screenshots) are left out rather than invented.
  const ids =
    include === true ? Object.keys(lhr.audits) : include.filter((id) => Object.hasOwn(lhr.audits, id));
  return Object.fromEntries(ids.map((id) => [id, auditOf(lhr.audits[id]!)]));
}

function displayedUrl(lhr: Result): string {
  const candidates = [lhr.finalDisplayedUrl, lhr.mainDocumentUrl, lhr.requestedUrl];
  return candidates.find((u) => u && /^https?:/i.test(u)) ?? lhr.finalDisplayedUrl;
}

export function toLighthouseResult(
  lhr: Result,
  device: LighthouseDevice,
  includeAudits: boolean | string[],
): LighthouseResult {
  const categories = Object.fromEntries(
    Object.entries(lhr.categories).map(([id, c]) => [id, { title: c.title, score: c.score }]),
  );
  const metrics = {} as LighthouseMetrics;
  for (const [name, auditId] of Object.entries(METRIC_AUDITS) as [keyof LighthouseMetrics, string][]) {
    metrics[name] = metricValue(lhr.audits[auditId], name);
  }
  return {
    url: displayedUrl(lhr),
    fetchTime: lhr.fetchTime,
    device,
    categories,
    metrics,
    ...(includeAudits !== false && { audits: selectAudits(lhr, includeAudits) }),
  };
}
