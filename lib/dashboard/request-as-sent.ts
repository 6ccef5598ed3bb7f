import type { RunSpec } from "@/lib/schemas/run-spec";

/**
 * The request a history row stands for, in the API's own words (issue 26 §6): the endpoint and the
 * JSON body with the public field names (`page_options`, `max_age`, `screenshot_options` …), rebuilt
 * from the normalized RunSpec the row stores. It is the request as the API understood it: a
 * default the API applied (max_age, screenshot options) is shown with its value, since that is
 * what ran and what the cache key holds (docs/decisions.md "Request history shows the request as sent").
 */
export interface RequestAsSent {
  method: "POST";
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** Anything stored in `Request.options` that looks like a RunSpec; older or odd rows degrade to {}. */
function asSpec(options: unknown): Partial<RunSpec> {
  return options && typeof options === "object" && !Array.isArray(options)
    ? (options as Partial<RunSpec>)
    : {};
}

export function requestAsSent(row: {
  operation: string;
  url: string;
  options: unknown;
  labels: unknown;
  reportTo: string | null;
  idempotencyKey: string | null;
  sync: boolean;
}): RequestAsSent {
  const spec = asSpec(row.options);
  const body: Record<string, unknown> = { url: row.url };
  if (row.operation === "scrape" && spec.operations) body.operations = spec.operations;
  if (row.sync) body.sync = true;
  if (spec.maxAgeSeconds !== undefined) body.max_age = spec.maxAgeSeconds;
  if (spec.residential) body.residential = true;
  if (spec.pageOptions && Object.keys(spec.pageOptions).length) body.page_options = spec.pageOptions;
  if (spec.screenshotOptions) body.screenshot_options = spec.screenshotOptions;
  if (spec.markdown) body.markdown_options = { include_title: spec.markdown.includeTitle };
  if (spec.lighthouse) {
    body.device = spec.lighthouse.device;
    const audits = spec.lighthouse.includeAudits;
    if (audits !== false) body.include_audits = Array.isArray(audits) ? audits.join(",") : audits;
  }
  if (row.labels && typeof row.labels === "object" && Object.keys(row.labels).length)
    body.labels = row.labels;
  if (row.reportTo) body.report_to = row.reportTo;
  return {
    method: "POST",
    path: `/${row.operation}`,
    headers: row.idempotencyKey ? { "Idempotency-Key": row.idempotencyKey } : {},
    body,
  };
}
