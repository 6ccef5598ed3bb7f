import type { OpenAPIRegistry, ResponseConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { RESIDENTIAL_CREDITS_PER_VISIT } from "@/lib/billing/prices";
import {
  batchRequestSchema,
  crawlAcceptedSchema,
  crawlCancelledSchema,
  crawlCompletedWebhookSchema,
  crawlPageEntrySchema,
  crawlPageWebhookSchema,
  crawlRequestSchema,
  crawlStatusSchema,
  mapRequestSchema,
  mapResultSchema,
} from "@/lib/schemas/crawl";
import { errorSchemas } from "./errors";
import type { HeaderObject } from "./headers";
import { commonErrors, json, jsonResponse, withTableStatuses } from "./responses";

/**
 * The whole-site extensions (docs/spec-extensions.md) in the OpenAPI document: POST /map, POST
 * /crawl, POST /batch, GET and DELETE /crawl/{token} and /batch/{token}, and their deliveries.
 */

/** Schemas the document names (components.schemas), by name. */
export function siteSchemas(): Array<[string, z.ZodType]> {
  return [
    ["MapRequest", mapRequestSchema],
    ["MapResult", mapResultSchema],
    ["CrawlRequest", crawlRequestSchema],
    ["BatchRequest", batchRequestSchema],
    ["CrawlAccepted", crawlAcceptedSchema],
    ["CrawlStatus", crawlStatusSchema],
    ["CrawlPage", crawlPageEntrySchema],
    ["CrawlCancelled", crawlCancelledSchema],
    ["CrawlPageDelivery", crawlPageWebhookSchema],
    ["CrawlCompletedDelivery", crawlCompletedWebhookSchema],
  ];
}

const int = { type: "integer" as const, minimum: 0 };
const quotaHeaders: Record<string, HeaderObject> = {
  "X-Quota-Cost": { description: "Credits this call spent.", required: true, schema: int },
  "X-Quota-Remaining": { description: "Credits left this month.", required: true, schema: int },
  "X-Concurrency-Limit": {
    description: "Requests the plan may run in parallel; a crawl's pages run at most this many at a time.",
    required: true,
    schema: int,
  },
};

const TAG = "Sites";
const security = [{ bearer: [] }];

function postErrors(): Record<string, ResponseConfig> {
  return {
    ...commonErrors(),
    415: jsonResponse("The body is not sent as application/json.", errorSchemas.UnsupportedMediaTypeError),
  };
}

const tokenParams = (kind: string) =>
  z.object({ token: z.string().describe(`The token from POST /${kind}.`) });
const notFound = (kind: string) =>
  jsonResponse(`No ${kind} with this token under this project.`, errorSchemas.NotFoundError);

export function registerSiteEndpoints(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: "post",
    path: "/map",
    operationId: "map",
    tags: [TAG],
    summary: "The URLs of a site",
    description:
      "Finds a site's pages without rendering where it can: robots.txt `Sitemap:` lines, /sitemap.xml, sitemap indexes (and gzip sitemaps), then the start page's links (one browser visit only when its HTML holds none). Same site only (subdomains with `include_subdomains`), each URL in one form (no fragment, no tracking parameters such as `utm_*`, `gclid`, `fbclid`), nothing robots.txt disallows. Synchronous; costs 1 credit (nothing when the site cannot be reached).",
    security,
    request: {
      body: {
        required: true,
        content: json(mapRequestSchema, { url: "https://docs.example.com/", limit: 500 }),
      },
    },
    responses: withTableStatuses({
      200: { description: "The site's URLs.", headers: quotaHeaders, content: json(mapResultSchema) },
      ...postErrors(),
      422: jsonResponse(
        "A parameter is invalid (`error` is the code), or the site could not be reached at all (`error` is the sentence, `code` our code).",
        z.union([errorSchemas.ValidationError, errorSchemas.OperationFailure]),
      ),
    }),
  });

  for (const kind of ["crawl", "batch"] as const) {
    const crawl = kind === "crawl";
    registry.registerPath({
      method: "post",
      path: `/${kind}`,
      operationId: kind,
      tags: [TAG],
      summary: crawl ? "Crawl a site" : "Many pages in one request",
      description: crawl
        ? `Follows links and the sitemap from \`url\`, same site only, breadth first, never a URL twice, never one robots.txt disallows; each page runs \`operations\` as a scrape would and costs what that scrape costs (\`residential\` adds ${RESIDENTIAL_CREDITS_PER_VISIT}), charged when the page is done, never for a failed page. Always asynchronous: follow it with GET /crawl/{token}; \`report_to\` (or the project's webhook) receives \`crawl.page\` per page and \`crawl.completed\` at the end. The crawl counts as one request against the parallel-request limit; its pages run at most X-Concurrency-Limit at a time. A free organization that runs out of credits mid-crawl stops there (\`stopped_reason: quota_exceeded\`).`
        : "Runs `operations` on each URL as a scrape would (each page costs what that scrape costs, charged when done, never for a failed page). Always asynchronous: GET /batch/{token} lists one entry per URL in the order given; `report_to` receives `batch.page` per page and `batch.completed` at the end. A URL that breaks the URL rules makes the whole request 422 `invalid_url`, naming its index.",
      security,
      request: {
        headers: z.object({
          "Idempotency-Key": z
            .string()
            .regex(/^[\x21-\x7e]{1,255}$/)
            .optional()
            .describe(
              `1 to 255 printable ASCII characters, no spaces. Sent again with the same request within 24 hours, it answers the first ${kind}'s token instead of starting another.`,
            ),
        }),
        body: {
          required: true,
          content: json(
            crawl ? crawlRequestSchema : batchRequestSchema,
            crawl
              ? {
                  url: "https://docs.example.com/",
                  limit: 200,
                  include_paths: ["^/guide/"],
                  operations: ["markdown"],
                }
              : {
                  urls: ["https://example.com/a", "https://example.com/b"],
                  operations: ["markdown", "meta"],
                },
          ),
        },
      },
      responses: withTableStatuses({
        200: {
          description: "Accepted: follow it with the token.",
          headers: quotaHeaders,
          content: json(crawlAcceptedSchema, { token: `${kind}_4Jd9sQ2vR1mXc0aB7nKpLw`, status: "accepted" }),
        },
        ...postErrors(),
        422: jsonResponse(
          "A parameter is invalid; `error` is the code, the message names the field.",
          errorSchemas.ValidationError,
        ),
      }),
    });
    registry.registerPath({
      method: "get",
      path: `/${kind}/{token}`,
      operationId: `get${crawl ? "Crawl" : "Batch"}`,
      tags: [TAG],
      summary: crawl ? "A crawl's progress and pages" : "A batch's progress and pages",
      description: `Progress counters and the finished pages after \`cursor\` (${
        crawl ? "in the order they finished" : "one entry per URL, in the order given"
      }), at most 100 pages or 10 MB an answer. Pass \`next\` as \`?cursor=\` for the following pages; \`next\` is null once the ${kind} has ended and every page was returned, so each page is returned exactly once.`,
      security,
      request: {
        params: tokenParams(kind),
        query: z.object({
          cursor: z
            .string()
            .optional()
            .describe("The `next` of the previous answer; omit for the first page."),
        }),
      },
      responses: {
        200: { description: "Progress and pages.", content: json(crawlStatusSchema) },
        ...commonErrors(),
        404: notFound(kind),
        410: jsonResponse(
          `The ${kind} ended more than 30 days ago; its pages are deleted.`,
          errorSchemas.ExpiredError,
        ),
        422: jsonResponse("`cursor` is not one this API gave out.", errorSchemas.ValidationError),
      },
    });
    registry.registerPath({
      method: "delete",
      path: `/${kind}/{token}`,
      operationId: `cancel${crawl ? "Crawl" : "Batch"}`,
      tags: [TAG],
      summary: crawl ? "Cancel a crawl" : "Cancel a batch",
      description: `No new page starts; pages already fetched stay readable with GET /${kind}/{token}. A ${kind} that had already ended answers with how it ended.`,
      security,
      request: { params: tokenParams(kind) },
      responses: {
        200: { description: "Cancelled.", content: json(crawlCancelledSchema) },
        ...commonErrors(),
        404: notFound(kind),
      },
    });
  }
}

/** `crawl.page` / `batch.page` and `crawl.completed` / `batch.completed` deliveries. */
export function registerSiteWebhooks(registry: OpenAPIRegistry, headers: z.ZodObject): void {
  registry.registerWebhook({
    method: "post",
    path: "crawl.page",
    operationId: "crawlPageDelivery",
    tags: ["Webhooks"],
    summary: "A finished page of a crawl or batch",
    description:
      "One signed delivery per finished page (`crawl.page` or `batch.page`), the page as GET /crawl/{token} lists it, plus the token and labels. Same signing and retries as result deliveries.",
    request: { headers, body: { required: true, content: json(crawlPageWebhookSchema) } },
    responses: { 200: { description: "Any 2xx acknowledges the delivery; anything else is retried." } },
  });
  registry.registerWebhook({
    method: "post",
    path: "crawl.completed",
    operationId: "crawlCompletedDelivery",
    tags: ["Webhooks"],
    summary: "A crawl or batch ended",
    description:
      "One signed delivery when a crawl or batch ends (`crawl.completed` or `batch.completed`): its token, status, counts, credits used and labels.",
    request: { headers, body: { required: true, content: json(crawlCompletedWebhookSchema) } },
    responses: { 200: { description: "Any 2xx acknowledges the delivery; anything else is retried." } },
  });
}
