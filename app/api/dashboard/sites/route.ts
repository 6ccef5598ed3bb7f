import type { NextRequest } from "next/server";
import { clientError, dashboardError } from "@/lib/errors";
import { enforceRateLimit } from "@/lib/api/rate-limit";
import { callerForProject } from "@/lib/auth/authenticate";
import { runCancel, runMap, runStart, runStatus } from "@/lib/api/crawl-endpoints";
import { readJsonBody } from "@/lib/api/read-body";
import { validateIdempotencyKey } from "@/lib/api/validate";
import { siteRequestSchema, siteTokenQuerySchema } from "@/lib/dashboard/playground-request";
import { withProjectSession } from "@/lib/dashboard/with-project-session";
import { asInertDownload } from "@/lib/dashboard/inert-answer";

/**
 * The Playground's Map and Crawl tabs and the dashboard's crawl list, signed in by session: POST
 * runs POST /map, /crawl or /batch as the chosen project; GET follows a crawl or batch exactly as
 * GET /{kind}/{token} answers; DELETE cancels it. Same code as the public endpoints
 * (lib/api/crawl-endpoints.ts), so the same 422s; every answer an inert download (crawled pages'
 * HTML must never render on the dashboard's origin).
 */
export function POST(req: NextRequest): Promise<Response> {
  return start(req).then(asInertDownload);
}

export function GET(req: NextRequest): Promise<Response> {
  return follow(req).then(asInertDownload);
}

export function DELETE(req: NextRequest): Promise<Response> {
  return cancel(req).then(asInertDownload);
}

const start = withProjectSession(
  async (req) => {
    const parsed = siteRequestSchema.safeParse(await readJsonBody(req));
    if (!parsed.success)
      throw clientError.invalidBody("Send { projectId, endpoint, body } with endpoint map, crawl or batch.");
    return parsed.data;
  },
  async ({ projectId, endpoint, body }, req) => {
    await enforceRateLimit(projectId);
    const who = await callerForProject(projectId);
    if (endpoint === "map") return runMap(who, body);
    return runStart(endpoint, who, body, validateIdempotencyKey(req.headers.get("idempotency-key")));
  },
);

function tokenQuery(req: NextRequest) {
  const q = req.nextUrl.searchParams;
  const parsed = siteTokenQuerySchema.safeParse({
    projectId: q.get("projectId") ?? "",
    kind: q.get("kind") ?? "",
    token: q.get("token") ?? "",
    cursor: q.get("cursor"),
  });
  if (!parsed.success) throw dashboardError.invalidQuery("Pass projectId, kind (crawl or batch) and token.");
  return parsed.data;
}

const follow = withProjectSession(tokenQuery, ({ projectId, kind, token, cursor }) =>
  runStatus(kind, projectId, token, cursor),
);

const cancel = withProjectSession(tokenQuery, ({ projectId, kind, token }) =>
  runCancel(kind, projectId, token),
);
