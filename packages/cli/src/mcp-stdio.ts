import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { PageToData } from "@page-to-data/sdk";
import { createMcpServer } from "../../../lib/mcp/server";

/**
 * `page-to-data mcp`: the same tools as /api/mcp, served on stdio for local agents, each call
 * sent to the HTTP API through the SDK (so billing and limits are the API's own).
 */
export async function serveStdio(api: PageToData, version: string): Promise<void> {
  const path = (kind: string, token: string) => `/${kind}/${encodeURIComponent(token)}`;
  const server = createMcpServer(
    (endpoint, body) => api.send("POST", `/${endpoint}`, body),
    (token) => api.send("GET", path("result", token)),
    {
      map: (body) => api.send("POST", "/map", body),
      start: (kind, body) => api.send("POST", `/${kind}`, body),
      status: (kind, token, cursor) =>
        api.send("GET", `${path(kind, token)}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`),
      cancel: (kind, token) => api.send("DELETE", path(kind, token)),
    },
    version,
  );
  await server.connect(new StdioServerTransport());
}
