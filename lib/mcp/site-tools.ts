import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { OPERATION_CREDITS, RESIDENTIAL_CREDITS_PER_VISIT } from "../billing/prices";
import {
  batchRequestSchema,
  BATCH_URLS_MAX,
  crawlRequestSchema,
  mapRequestSchema,
  type CrawlStatus,
} from "../schemas/crawl";
import { errorResult } from "./tool-content";

/**
 * The whole-site tools (issue 24, 25): `map`; `crawl` and `batch` (start one and answer its token);
 * `crawl_status` and `batch_status`; `crawl_cancel` and `batch_cancel`. A job's pages can weigh
 * megabytes, so the status tools answer bounded text: the counts and page URLs, never the pages.
 */

export type SiteKind = "crawl" | "batch";

/** POST /map, POST /{kind}, GET and DELETE /{kind}/{token}, answered with the API's HTTP response. */
export interface SitesBackend {
  map(body: Record<string, unknown>): Promise<Response>;
  start(kind: SiteKind, body: Record<string, unknown>): Promise<Response>;
  status(kind: SiteKind, token: string, cursor?: string): Promise<Response>;
  cancel(kind: SiteKind, token: string): Promise<Response>;
}

/** Page URLs a status tool lists by default, and at most. */
const URLS_DEFAULT = 20;
const URLS_MAX = 100;

const PER_PAGE_COST = `each finished page costs what the same operations cost on one page (markdown, the default: ${OPERATION_CREDITS.markdown} credit a page; meta ${OPERATION_CREDITS.meta}; summarize ${OPERATION_CREDITS.summarize}; keywords ${OPERATION_CREDITS.keywords}; residential: +${RESIDENTIAL_CREDITS_PER_VISIT} a page); failed pages and cached results cost nothing`;

/** The bounded summary of one GET /{kind}/{token} answer. */
export function describeCrawl(status: CrawlStatus, maxUrls: number, kind: SiteKind = "crawl"): string {
  const name = kind === "crawl" ? "Crawl" : "Batch";
  const lines = [
    `${name} ${status.token}: ${status.status}${status.stopped_reason ? ` (stopped: ${status.stopped_reason})` : ""}.`,
    `${status.completed} of ${status.total} pages done, ${status.failed} failed, ${status.credits_used} credits used.`,
  ];
  const shown = status.data.slice(0, maxUrls);
  if (shown.length > 0) {
    lines.push(`Pages in this answer (${shown.length} of ${status.data.length}):`);
    for (const page of shown) {
      const failure = page.status === "failed" ? ` — failed: ${page.error ?? page.code ?? "unknown"}` : "";
      lines.push(`- ${page.url}${failure}`);
    }
  }
  if (status.next) lines.push(`More pages: call ${kind}_status again with cursor "${status.next}".`);
  if (status.status === "processing")
    lines.push(`Still running: call ${kind}_status again in a little while.`);
  return lines.join("\n");
}

function registerJobTools(server: McpServer, sites: SitesBackend, kind: SiteKind, description: string): void {
  const schema = (kind === "crawl" ? crawlRequestSchema : batchRequestSchema) as unknown as z.ZodObject;
  server.registerTool(
    kind,
    {
      title: kind,
      description,
      inputSchema: schema.omit({ sync: true, report_to: true }),
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async (args: Record<string, unknown>) => {
      const res = await sites.start(kind, args);
      if (!res.ok) return errorResult(res);
      const ack = (await res.json()) as { token: string; status: string };
      return {
        content: [
          {
            type: "text",
            text: `${kind === "crawl" ? "Crawl" : "Batch"} started: token ${ack.token}. Call ${kind}_status with this token to follow it, ${kind}_cancel to stop it.`,
          },
        ],
        structuredContent: ack,
      };
    },
  );
  server.registerTool(
    `${kind}_status`,
    {
      title: `${kind}_status`,
      description: `A ${kind}'s progress: status, page counts, credits used and the URLs of its finished pages (at most ${URLS_MAX} a call; pass the cursor it gives for more). Free.`,
      inputSchema: z.object({
        token: z.string().describe(`The token the ${kind} tool returned.`),
        cursor: z.string().optional().describe(`The cursor a previous ${kind}_status answer gave.`),
        max_urls: z
          .number()
          .int()
          .min(0)
          .max(URLS_MAX)
          .optional()
          .describe(`Page URLs listed (default ${URLS_DEFAULT}).`),
      }),
      annotations: { readOnlyHint: true },
    },
    async ({ token, cursor, max_urls }) => {
      const res = await sites.status(kind, token, cursor);
      if (!res.ok) return errorResult(res);
      const status = (await res.json()) as CrawlStatus;
      const { data, ...counts } = status;
      return {
        content: [{ type: "text", text: describeCrawl(status, max_urls ?? URLS_DEFAULT, kind) }],
        structuredContent: { ...counts, pages: data.length },
      };
    },
  );
  server.registerTool(
    `${kind}_cancel`,
    {
      title: `${kind}_cancel`,
      description: `Stop a ${kind}: no new page starts and nothing more is charged; pages already fetched stay readable with ${kind}_status. Free.`,
      inputSchema: z.object({ token: z.string().describe(`The token the ${kind} tool returned.`) }),
      annotations: { destructiveHint: false, idempotentHint: true },
    },
    async ({ token }) => {
      const res = await sites.cancel(kind, token);
      if (!res.ok) return errorResult(res);
      const body = (await res.json()) as { token: string; status: string };
      return {
        content: [
          { type: "text", text: `${kind === "crawl" ? "Crawl" : "Batch"} ${token}: ${body.status}.` },
        ],
        structuredContent: body,
      };
    },
  );
}

export function registerSiteTools(server: McpServer, sites: SitesBackend): void {
  server.registerTool(
    "map",
    {
      title: "map",
      description:
        "List the URLs of a website (same site only, from its sitemaps and the start page's links), without fetching every page. Costs 1 credit.",
      inputSchema: mapRequestSchema,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async (args: Record<string, unknown>) => {
      const res = await sites.map(args);
      if (!res.ok) return errorResult(res);
      const { links } = (await res.json()) as { links: string[] };
      return { content: [{ type: "text", text: links.join("\n") }], structuredContent: { links } };
    },
  );
  registerJobTools(
    server,
    sites,
    "crawl",
    `Start crawling a website: its pages are fetched in a real browser in the background, following links and the sitemap (same site only). Answers a token at once; follow it with crawl_status. Starting is free; ${PER_PAGE_COST}. Set limit to bound the cost (default 100 pages).`,
  );
  registerJobTools(
    server,
    sites,
    "batch",
    `Fetch a list of up to ${BATCH_URLS_MAX} URLs (any sites) in the background, each with the listed operations. Answers a token at once; follow it with batch_status. Starting is free; ${PER_PAGE_COST}.`,
  );
}
