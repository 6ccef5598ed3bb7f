import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { authenticate } from "@/lib/auth/authenticate";
import { collectResult, processOperation } from "@/lib/api/pipeline";
import { runMap, runStart, runStatus } from "@/lib/api/crawl-endpoints";
import { enforceRateLimit } from "@/lib/api/rate-limit";
import { guard } from "@/lib/api/respond";
import { ensureBooted } from "@/lib/server/boot";
import { createMcpServer } from "./server";

/**
 * POST/GET/DELETE /api/mcp: the MCP server over Streamable HTTP, stateless (a server per HTTP
 * request, so any process of a fleet can answer), authenticated with the project's bearer key
 * exactly as the HTTP API is, and counted by the same rate limiter.
 */
export function mcpEndpoint() {
  return (req: Request) =>
    guard(async () => {
      await ensureBooted();
      const caller = await authenticate(req.headers.get("authorization"));
      await enforceRateLimit(caller.projectId);
      const server = createMcpServer(
        (endpoint, body) => guard(() => processOperation(caller, endpoint, body)),
        (token) => guard(() => collectResult(caller, token)),
        {
          map: (body) => guard(() => runMap(caller, body)),
          crawl: (body) => guard(() => runStart("crawl", caller, body, undefined)),
          crawlStatus: (token, cursor) =>
            guard(() => runStatus("crawl", caller.projectId, token, cursor ?? null)),
        },
      );
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      return transport.handleRequest(req);
    });
}
