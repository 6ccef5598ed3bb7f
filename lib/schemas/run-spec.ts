import type { OperationName, PageOptions, ResolvedScreenshotOptions } from "./options";
import type { Endpoint } from "./request";

/**
 * What a validated request asks for, normalized: the one shape the pipeline, the job, the cache
 * key and the idempotency hash all read. Stored as `Request.options`.
 */
export interface RunSpec {
  endpoint: Endpoint;
  url: string;
  operations: OperationName[];
  sync: boolean;
  maxAgeSeconds: number;
  residential: boolean;
  pageOptions: PageOptions;
  screenshotOptions?: ResolvedScreenshotOptions;
  /** Present only when the request set it, so earlier requests keep their hash and cache key. */
  markdown?: { includeTitle: boolean };
  lighthouse?: { device: "mobile" | "desktop"; includeAudits: boolean | string[] };
  labels?: Record<string, string>;
  reportTo?: string;
}
