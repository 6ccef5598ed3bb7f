import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { OPERATION_CREDITS, RESIDENTIAL_CREDITS_PER_VISIT } from "../billing/prices";
import { ENDPOINT_RECORDS, ENDPOINTS, type OperationName } from "../schemas/operations";
import { requestSchemas, type Endpoint } from "../schemas/request";
import { registerSiteTools, type SitesBackend } from "./site-tools";
import { MAX_CHARS_DEFAULT, MAX_CHARS_LIMIT, toolResult } from "./tool-content";

/**
 * The MCP server's tools, shared by both transports: Streamable HTTP at /api/mcp (calls the
 * pipeline in-process) and stdio via `page-to-data mcp` (calls the HTTP API through the SDK).
 * Either way a tool call is one request through the one pipeline: the same validation, billing,
 * limits and cache as the HTTP API. Tools always run synchronously (an agent wants the result).
 */

/** Sends one operation request and answers with the API's HTTP response. */
export type OperationBackend = (endpoint: Endpoint, body: Record<string, unknown>) => Promise<Response>;
/** GET /result/{token}, for work that outlived the sync wait or text past max_chars. */
export type ResultBackend = (token: string) => Promise<Response>;

const credits = (n: number) => `${n} credit${n === 1 ? "" : "s"}`;

/** What one call of a page tool costs, in the words its description and the instructions use. */
export function costOf(endpoint: Endpoint): string {
  if (endpoint === "scrape")
    return "Costs the sum of the listed operations' prices (one page visit for all of them)";
  return `Costs ${credits(OPERATION_CREDITS[endpoint as OperationName])}`;
}

const COST_NOTE = `A result served from the cache (same request within max_age) costs 0; a failed page costs 0; residential: true adds ${RESIDENTIAL_CREDITS_PER_VISIT} credits per page visit.`;

export const INSTRUCTIONS = [
  "page-to-data fetches public web pages in a real browser and returns what an agent needs from them. Every tool call spends the project's credits:",
  ...ENDPOINTS.map((e) => `- ${e}: ${costOf(e).replace(/^Costs /, "")}.`),
  "- map: 1 credit. crawl / batch: free to start, then each finished page costs its operations (markdown: 1 credit a page). *_status, *_cancel, get_result: free.",
  COST_NOTE,
  "Prefer markdown to read a page (cheapest, main content only); meta for title/description/author/date (5); html only when the markup itself matters. summarize (17) and keywords (15) run an AI model: use them when you cannot read the Markdown yourself. Need several things from one page: one scrape with operations [...] visits the page once. A whole site: map to list its URLs (1 credit), then crawl with a limit, or batch for a list of URLs you choose.",
  `Text results are cut at max_chars (default ${MAX_CHARS_DEFAULT}); the answer then says the token and the offset to pass to get_result for the rest (free). Screenshots come back as image content.`,
].join("\n");

/** The request schema minus what a tool decides itself (sync, webhook delivery), plus max_chars. */
function inputSchema(endpoint: Endpoint) {
  const base = (requestSchemas[endpoint] as unknown as z.ZodObject).omit({ sync: true, report_to: true });
  if (endpoint === "screenshot") return base;
  return base.extend({ max_chars: maxChars() });
}

const maxChars = () =>
  z
    .number()
    .int()
    .min(1000)
    .max(MAX_CHARS_LIMIT)
    .optional()
    .describe(
      `Most characters of text returned (default ${MAX_CHARS_DEFAULT}); past it, get_result with an offset gives the rest.`,
    );

export function createMcpServer(
  run: OperationBackend,
  result: ResultBackend,
  sites: SitesBackend,
  version = "1.0.0",
): McpServer {
  const server = new McpServer({ name: "page-to-data", version }, { instructions: INSTRUCTIONS });
  for (const endpoint of ENDPOINTS) {
    server.registerTool(
      endpoint,
      {
        title: endpoint,
        description: `${ENDPOINT_RECORDS[endpoint].tool} ${costOf(endpoint)}; cached results and failed pages are free.`,
        inputSchema: inputSchema(endpoint),
        annotations: { readOnlyHint: true, openWorldHint: true },
      },
      async (args: Record<string, unknown>) => {
        const { max_chars, ...body } = args as { max_chars?: number };
        return toolResult(await run(endpoint, { ...body, sync: true }), { maxChars: max_chars });
      },
    );
  }
  server.registerTool(
    "get_result",
    {
      title: "get_result",
      description:
        "Collect a result by its token: work that was still processing, or the rest of a text cut at max_chars (pass the offset the cut-off answer gave). Free.",
      inputSchema: z.object({
        token: z.string().describe("The token a tool returned."),
        offset: z.number().int().min(0).optional().describe("First character to return (default 0)."),
        max_chars: maxChars(),
      }),
      annotations: { readOnlyHint: true },
    },
    async ({ token, offset, max_chars }) =>
      toolResult(await result(token), { token, offset, maxChars: max_chars }),
  );
  registerSiteTools(server, sites);
  return server;
}
