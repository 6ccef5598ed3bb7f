import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { OPERATION_CREDITS, RESIDENTIAL_CREDITS_PER_VISIT } from "../billing/prices";
import { crawlRequestSchema, mapRequestSchema, type CrawlStatus } from "../schemas/crawl";

/**
 * The whole-site tools (issue 24): `map`, `crawl` (starts one and answers its token) and
 * `crawl_status`. A crawl's pages can weigh megabytes, so crawl_status answers bounded text:
 * the counts and the first page URLs, never the pages themselves.
 */

/** POST /map, POST /crawl and GET /crawl/{token}, answered with the API's HTTP response. */
export interface SitesBackend {
  map(body: Record<string, unknown>): Promise<Response>;
  crawl(body: Record<string, unknown>): Promise<Response>;
  crawlStatus(token: string, cursor?: string): Promise<Response>;
}

/** Page URLs crawl_status lists by default, and at most. */
const URLS_DEFAULT = 20;
const URLS_MAX = 100;

async function errorResult(res: Response): Promise<CallToolResult> {
  const text = await res.text();
  let message = text.slice(0, 2000);
  try {
    const body = JSON.parse(text) as { error?: string; message?: string; code?: string };
    message = [body.message ?? body.error, body.code ?? (body.message ? body.error : undefined)]
      .filter(Boolean)
      .join(" — code: ");
  } catch {
    /* not JSON: the text as it is */
  }
  return { isError: true, content: [{ type: "text", text: `Error ${res.status}: ${message}` }] };
}

/** The bounded summary of one GET /crawl/{token} answer. */
export function describeCrawl(status: CrawlStatus, maxUrls: number): string {
  const lines = [
    `Crawl ${status.token}: ${status.status}${status.stopped_reason ? ` (stopped: ${status.stopped_reason})` : ""}.`,
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
  if (status.next) lines.push(`More pages: call crawl_status again with cursor "${status.next}".`);
  if (status.status === "processing") lines.push("Still running: call crawl_status again in a little while.");
  return lines.join("\n");
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
  server.registerTool(
    "crawl",
    {
      title: "crawl",
      description: `Start crawling a website: its pages are fetched in a real browser in the background, following links and the sitemap (same site only). Answers a token at once; follow it with crawl_status. Starting is free; each finished page costs what the same operations cost on one page (markdown, the default: ${OPERATION_CREDITS.markdown} credit a page; residential: +${RESIDENTIAL_CREDITS_PER_VISIT} a page); failed pages cost nothing. Set limit to bound the cost (default 100 pages).`,
      inputSchema: crawlRequestSchema.omit({ sync: true, report_to: true }),
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async (args: Record<string, unknown>) => {
      const res = await sites.crawl(args);
      if (!res.ok) return errorResult(res);
      const ack = (await res.json()) as { token: string; status: string };
      return {
        content: [
          {
            type: "text",
            text: `Crawl started: token ${ack.token}. Call crawl_status with this token to follow it.`,
          },
        ],
        structuredContent: ack,
      };
    },
  );
  server.registerTool(
    "crawl_status",
    {
      title: "crawl_status",
      description: `A crawl's progress: status, page counts, credits used and the URLs of its finished pages (at most ${URLS_MAX} a call; pass the cursor it gives for more). Free.`,
      inputSchema: z.object({
        token: z.string().describe("The token the crawl tool returned."),
        cursor: z.string().optional().describe("The cursor a previous crawl_status answer gave."),
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
      const res = await sites.crawlStatus(token, cursor);
      if (!res.ok) return errorResult(res);
      const status = (await res.json()) as CrawlStatus;
      const { data, ...counts } = status;
      return {
        content: [{ type: "text", text: describeCrawl(status, max_urls ?? URLS_DEFAULT) }],
        structuredContent: { ...counts, pages: data.length },
      };
    },
  );
}
