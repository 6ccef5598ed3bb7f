import { authenticate, type ApiCaller } from "@/lib/auth/authenticate";
import { ensureBooted } from "@/lib/server/boot";
import { timeStage } from "@/lib/stage-timings";
import { enforceRateLimit } from "./rate-limit";
import { guard } from "./respond";

/**
 * THE front door of an endpoint called with a project's API key (docs/spec.md §5): the process
 * booted, the bearer key authenticated, the project's rate limit counted, then `handler`; every
 * error answered from the one table (`guard`). The MCP endpoint counts its rate after reading the
 * body (one point per tool call), so it opens the door itself (lib/mcp/http.ts).
 */
export function withApiKey(
  handler: (caller: ApiCaller, req: Request) => Promise<Response>,
): (req: Request) => Promise<Response>;
export function withApiKey<Context>(
  handler: (caller: ApiCaller, req: Request, ctx: Context) => Promise<Response>,
): (req: Request, ctx: Context) => Promise<Response>;
export function withApiKey<Context>(
  handler: (caller: ApiCaller, req: Request, ctx: Context) => Promise<Response>,
): (req: Request, ctx: Context) => Promise<Response> {
  return (req, ctx) =>
    guard(async () => {
      await ensureBooted();
      const caller = await timeStage("auth", () => authenticate(req.headers.get("authorization")));
      await timeStage("ratelimit", () => enforceRateLimit(caller.projectId));
      return handler(caller, req, ctx);
    });
}
