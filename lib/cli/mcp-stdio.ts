import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createMcpServer } from "../mcp/server";
import type { PageToData } from "../sdk";

/**
 * `page-to-data mcp`: the same tools as /api/mcp, served on stdio for local agents, each call
 * sent to the HTTP API through the SDK (so billing and limits are the API's own).
 */
export async function serveStdio(api: PageToData): Promise<void> {
  const server = createMcpServer(
    (endpoint, body) => api.send("POST", `/${endpoint}`, body),
    (token) => api.send("GET", `/result/${encodeURIComponent(token)}`),
    {
      map: (body) => api.send("POST", "/map", body),
      crawl: (body) => api.send("POST", "/crawl", body),
      crawlStatus: (token, cursor) =>
        api.send(
          "GET",
          `/crawl/${encodeURIComponent(token)}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
        ),
    },
  );
  await server.connect(new StdioServerTransport());
}
