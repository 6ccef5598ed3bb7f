import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { authenticate, viaMcp } from "@/lib/auth/authenticate";
import { collectResult, processOperation } from "@/lib/api/pipeline";
import { runCancel, runMap, runStart, runStatus } from "@/lib/api/crawl-endpoints";
import { enforceRateLimit } from "@/lib/api/rate-limit";
import { MAX_BODY_BYTES, readCappedText } from "@/lib/api/read-body";
import { guard } from "@/lib/api/respond";
import { ensureBooted } from "@/lib/server/boot";
import { createMcpServer } from "./server";
import { toolCallCount } from "./tool-content";

/**
 * POST/GET/DELETE /api/mcp: the MCP server over Streamable HTTP, stateless (a server per HTTP
 * request, so any process of a fleet can answer), authenticated with the project's bearer key
 * exactly as the HTTP API is, held to the API's 256 KB body cap, and counted by the same rate
 * limiter: one point per tool call (a JSON-RPC batch of 100 calls costs 100), one for any other
 * message.
 */

export function mcpEndpoint() {
  return (req: Request) =>
    guard(async () => {
      await ensureBooted();
      const caller = viaMcp(await authenticate(req.headers.get("authorization")));
      let parsedBody: unknown;
      let forward = req;
      if (req.method === "POST") {
        const text = await readCappedText(req, MAX_BODY_BYTES);
        try {
          parsedBody = JSON.parse(text);
        } catch {
          // Not JSON: the transport answers the JSON-RPC parse error itself.
          forward = new Request(req.url, { method: "POST", headers: req.headers, body: text });
        }
      }
      await enforceRateLimit(caller.projectId, Math.max(1, toolCallCount(parsedBody)));
      const server = createMcpServer(
        (endpoint, body) => guard(() => processOperation(caller, endpoint, body)),
        (token) => guard(() => collectResult(caller, token)),
        {
          map: (body) => guard(() => runMap(caller, body)),
          start: (kind, body) => guard(() => runStart(kind, caller, body, undefined)),
          status: (kind, token, cursor) =>
            guard(() => runStatus(kind, caller.projectId, token, cursor ?? null)),
          cancel: (kind, token) => guard(() => runCancel(kind, caller.projectId, token)),
        },
      );
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
        maxRequestBodySize: MAX_BODY_BYTES,
      });
      await server.connect(transport);
      return transport.handleRequest(forward, parsedBody === undefined ? undefined : { parsedBody });
    });
}
