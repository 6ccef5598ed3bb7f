import { z } from "zod";
import { RESIDENTIAL_CREDITS_PER_VISIT } from "../billing/prices";
import { pageOptionsSchema, screenshotOptionsSchema } from "./options";
import { OPERATIONS, type OperationName } from "./operations";
import { labelsSchema, markdownOptionsSchema, scrapeRequestSchema } from "./request";
import { scrapeOperationResultSchema } from "./responses";
import type { RunSpec } from "./run-spec";

/**
 * Whole sites from one request (docs/spec-extensions.md): POST /map, POST /crawl, POST /batch and
 * what GET /crawl/{token} and GET /batch/{token} answer. Validation, types and the OpenAPI document
 * all come from here, as for the operation endpoints (./request.ts).
 */

export const MAP_LIMIT_MAX = 5000;
export const CRAWL_LIMIT_MAX = 10_000;
export const CRAWL_LIMIT_DEFAULT = 100;
export const CRAWL_DEPTH_MAX = 20;
export const CRAWL_DEPTH_DEFAULT = 10;
export const BATCH_URLS_MAX = 1000;
export const PATH_PATTERNS_MAX = 50;
/** A pattern runs against every discovered URL's path: keep it a pattern, not a program. */
export const PATH_PATTERN_MAX_LENGTH = 500;
/** A crawl may run every operation that reads its one visit; Lighthouse navigates (and costs) on its own. */
export const CRAWL_OPERATIONS = OPERATIONS.filter((op) => op !== "lighthouse") as [
  OperationName,
  ...OperationName[],
];

const pathPatterns = (which: "returned and followed" | "left out") =>
  z
    .array(z.string().min(1).max(PATH_PATTERN_MAX_LENGTH))
    .max(PATH_PATTERNS_MAX)
    .optional()
    .describe(
      `Regular expressions (JavaScript syntax) matched against each URL's path, such as "^/docs/"; pages whose path matches ${
        which === "left out"
          ? "any of them are neither returned nor followed"
          : "one of them are the only ones returned and followed"
      }. At most ${PATH_PATTERNS_MAX}.`,
    );

const discoveryFields = {
  url: z.string().describe("The site's start page: a public http or https address."),
  include_subdomains: z
    .boolean()
    .optional()
    .describe("Also take pages of the start page's subdomains (default false: its host only)."),
  include_paths: pathPatterns("returned and followed"),
  exclude_paths: pathPatterns("left out"),
};

export const mapRequestSchema = z
  .object({
    ...discoveryFields,
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAP_LIMIT_MAX)
      .optional()
      .describe(`Most URLs returned, 1 to ${MAP_LIMIT_MAX} (default ${MAP_LIMIT_MAX}).`),
  })
  .strict();

const uniqueOperations = (ops: readonly string[]) => new Set(ops).size === ops.length;

export const crawlRequestSchema = z
  .object({
    ...discoveryFields,
    limit: z
      .number()
      .int()
      .min(1)
      .max(CRAWL_LIMIT_MAX)
      .optional()
      .describe(
        `Most pages returned, 1 to ${CRAWL_LIMIT_MAX} (default ${CRAWL_LIMIT_DEFAULT}); exactly this many when the site has them.`,
      ),
    max_depth: z
      .number()
      .int()
      .min(0)
      .max(CRAWL_DEPTH_MAX)
      .optional()
      .describe(
        `Links followed from the start page, 0 to ${CRAWL_DEPTH_MAX} (default ${CRAWL_DEPTH_DEFAULT}); the sitemap's pages count as depth 1.`,
      ),
    operations: z
      .array(z.enum(CRAWL_OPERATIONS))
      .min(1)
      .refine(uniqueOperations, { message: "each operation can be listed once" })
      .optional()
      .describe('What each page returns (default ["markdown"]); any operation except lighthouse.'),
    page_options: pageOptionsSchema.optional(),
    screenshot_options: screenshotOptionsSchema.optional(),
    markdown_options: markdownOptionsSchema.optional(),
    max_age: z
      .union([z.number(), z.string()])
      .optional()
      .describe("Oldest acceptable cached result per page."),
    residential: z
      .boolean()
      .optional()
      .describe(`Fetch from a home broadband address (+${RESIDENTIAL_CREDITS_PER_VISIT} credits per page).`),
    report_to: z
      .string()
      .optional()
      .describe("Receives a crawl.page delivery per finished page and crawl.completed at the end."),
    labels: labelsSchema.optional().describe("Your own ids, returned with the status and every delivery."),
    sync: z
      .literal(false)
      .optional()
      .describe("A crawl always runs asynchronously: follow it with GET /crawl/{token}."),
  })
  .strict();

export const batchRequestSchema = scrapeRequestSchema
  .omit({ url: true, sync: true })
  .extend({
    urls: z
      .array(z.string())
      .min(1)
      .max(BATCH_URLS_MAX)
      .describe(`1 to ${BATCH_URLS_MAX} public http or https addresses; each gets one entry, in this order.`),
    sync: z
      .literal(false)
      .optional()
      .describe("A batch always runs asynchronously: follow it with GET /batch/{token}."),
  })
  .strict();

export type MapRequest = z.infer<typeof mapRequestSchema>;
export type CrawlRequest = z.infer<typeof crawlRequestSchema>;
export type BatchRequest = z.infer<typeof batchRequestSchema>;

/** Which URLs a crawl or map takes (already validated; patterns compile). */
export interface ScopeSpec {
  includeSubdomains: boolean;
  includePaths: string[];
  excludePaths: string[];
}

/**
 * A crawl's or batch's settings as stored (`Crawl.options`): every page runs `page` with its own
 * URL, through the same runner as a scrape.
 */
export interface CrawlSpec {
  kind: "crawl" | "batch";
  page: Omit<RunSpec, "url">;
  scope: ScopeSpec;
  limit: number;
  maxDepth: number;
}

// ---------------------------------------------------------------------------------------------
// Answers.

const labels = z.record(z.string(), z.string()).describe("The labels sent with the request.");

export const mapResultSchema = z
  .object({
    url: z.string().describe("The start URL, normalized."),
    links: z.array(z.string()).describe("The site's pages: same site, normalized, each once."),
  })
  .describe("The URLs of a site.");

export const crawlAcceptedSchema = z
  .object({
    token: z.string().describe("Follow it with GET /crawl/{token} (or /batch/{token})."),
    status: z.literal("accepted"),
    labels: labels.optional(),
  })
  .describe("Acknowledgement of a crawl or batch.");

export const crawlCancelledSchema = z
  .object({ token: z.string(), status: z.enum(["cancelled", "complete", "failed"]) })
  .describe("The crawl's status after the cancel: `cancelled`, or how it had already ended.");

export const crawlPageEntrySchema = z
  .object({
    url: z.string(),
    depth: z.number().int().optional().describe("Links from the start page (crawl only)."),
    index: z.number().int().optional().describe("The URL's index in `urls` (batch only)."),
    status: z.enum(["complete", "failed"]),
    operations: z
      .partialRecord(z.enum(OPERATIONS), scrapeOperationResultSchema)
      .describe("One key per requested operation, as in ScrapeResult."),
    error: z.string().optional().describe("Why the page failed (the spec's §7.4 sentence)."),
    code: z.string().optional().describe("Our stable code of the failure."),
    cost: z.number().int().describe("Credits this page spent."),
  })
  .describe("One page of a crawl or batch.");

export const crawlStatusSchema = z
  .object({
    token: z.string(),
    status: z.enum(["processing", "complete", "cancelled", "failed"]),
    stopped_reason: z
      .enum(["quota_exceeded"])
      .optional()
      .describe("Present when the crawl stopped early: a free organization ran out of credits."),
    total: z.number().int().describe("Pages this crawl returns (grows while links are found)."),
    completed: z.number().int(),
    failed: z.number().int(),
    credits_used: z.number().int(),
    labels: labels.optional(),
    data: z.array(crawlPageEntrySchema).describe("Finished pages after the cursor: at most 100, or 10 MB."),
    next: z
      .string()
      .nullable()
      .describe("Pass as ?cursor= for the pages after these; null once every page has been returned."),
  })
  .describe("A crawl's or batch's progress and its pages.");

export const crawlPageWebhookSchema = z.object({
  type: z.enum(["crawl.page", "batch.page"]),
  timestamp: z.string(),
  data: crawlPageEntrySchema.extend({ token: z.string(), labels: labels.optional() }),
});

export const crawlCompletedWebhookSchema = z.object({
  type: z.enum(["crawl.completed", "batch.completed"]),
  timestamp: z.string(),
  data: z.object({
    token: z.string(),
    status: z.enum(["complete", "cancelled", "failed"]),
    stopped_reason: z.enum(["quota_exceeded"]).optional(),
    total: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
    credits_used: z.number().int(),
    labels: labels.optional(),
  }),
});

export type MapResult = z.infer<typeof mapResultSchema>;
export type CrawlPageEntry = z.infer<typeof crawlPageEntrySchema>;
export type CrawlStatus = z.infer<typeof crawlStatusSchema>;
export type CrawlPageWebhook = z.infer<typeof crawlPageWebhookSchema>;
export type CrawlCompletedWebhook = z.infer<typeof crawlCompletedWebhookSchema>;
export type CrawlAccepted = z.infer<typeof crawlAcceptedSchema>;
export type CrawlCancelled = z.infer<typeof crawlCancelledSchema>;
