import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ENDPOINT_RECORDS, ENDPOINTS } from "../schemas/operations";
import { requestSchemas, type Endpoint } from "../schemas/request";
import { z } from "zod";
import { registerSiteTools, type SitesBackend } from "./site-tools";

/**
 * The MCP server's tools, shared by both transports: Streamable HTTP at /api/mcp (calls the
 * pipeline in-process) and stdio via `page-to-data mcp` (calls the HTTP API through the SDK).
 * Either way a tool call is one request through the one pipeline: the same validation, billing,
 * limits and cache as the HTTP API. Tools always run synchronously (an agent wants the result).
 */

/** Sends one operation request and answers with the API's HTTP response. */
export type OperationBackend = (endpoint: Endpoint, body: Record<string, unknown>) => Promise<Response>;
/** GET /result/{token}, for work that outlived the sync wait. */
export type ResultBackend = (token: string) => Promise<Response>;

/** The request schema minus what a tool decides itself (sync, webhook delivery). */
function inputSchema(endpoint: Endpoint) {
  return (requestSchemas[endpoint] as unknown as z.ZodObject).omit({ sync: true, report_to: true });
}

const IMAGE_TYPES: Record<string, string> = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp" };

/** Turns an API response into tool content: text, JSON as text, a screenshot as an image. */
export async function toolResult(
  res: Response,
  endpoint: Endpoint | null,
  format?: string,
): Promise<CallToolResult> {
  const type = res.headers.get("content-type") ?? "";
  const text = await res.text();
  if (res.status === 504 || res.status === 202) {
    const token = res.headers.get("x-result-token") ?? (JSON.parse(text) as { token?: string }).token;
    return {
      content: [
        {
          type: "text",
          text: `The page is still being processed (token ${token}). Call get_result with this token in a little while.`,
        },
      ],
    };
  }
  if (!res.ok) {
    let message = text;
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
  if (endpoint === "screenshot") {
    return {
      content: [{ type: "image", data: text, mimeType: IMAGE_TYPES[format ?? "png"] ?? "image/png" }],
    };
  }
  if (type.startsWith("application/json")) {
    const value = JSON.parse(text) as unknown;
    return {
      content: [{ type: "text", text: JSON.stringify(value, null, 2) }],
      ...(value && typeof value === "object" && !Array.isArray(value)
        ? { structuredContent: value as Record<string, unknown> }
        : {}),
    };
  }
  return { content: [{ type: "text", text }] };
}

export function createMcpServer(
  run: OperationBackend,
  result: ResultBackend,
  sites: SitesBackend,
  version = "1.0.0",
): McpServer {
  const server = new McpServer({ name: "page-to-data", version });
  for (const endpoint of ENDPOINTS) {
    server.registerTool(
      endpoint,
      {
        title: endpoint,
        description: ENDPOINT_RECORDS[endpoint].tool,
        inputSchema: inputSchema(endpoint),
        annotations: { readOnlyHint: true, openWorldHint: true },
      },
      async (args: Record<string, unknown>) => {
        const format = (args.screenshot_options as { format?: string } | undefined)?.format;
        return toolResult(await run(endpoint, { ...args, sync: true }), endpoint, format);
      },
    );
  }
  server.registerTool(
    "get_result",
    {
      title: "get_result",
      description: "Collect the result of a request that was still processing, by its token.",
      inputSchema: z.object({ token: z.string().describe("The token a tool returned.") }),
      annotations: { readOnlyHint: true },
    },
    async ({ token }) => {
      const res = await result(token);
      // Without the operation, a screenshot comes back as its Base64 text.
      return toolResult(res, null);
    },
  );
  registerSiteTools(server, sites);
  return server;
}
