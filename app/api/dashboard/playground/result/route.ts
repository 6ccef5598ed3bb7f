import type { NextRequest } from "next/server";
import { clientError, dashboardError } from "@/lib/api/errors";
import { failureResponse, json, resultResponse } from "@/lib/api/respond";
import { readResult } from "@/lib/store/results";
import { withProjectSession } from "@/lib/dashboard/with-project-session";
import { asInertDownload } from "@/lib/dashboard/inert-answer";

/**
 * The Playground's poll for async jobs: GET ?projectId=…&token=…, answered like GET /result/{token}
 * (202 processing, 200 result, 422 failed, 404, 410) so the page reads both the same way. Every
 * answer is an inert download: this URL is a link a key holder can send an admin.
 */
export function GET(req: NextRequest): Promise<Response> {
  return answer(req).then(asInertDownload);
}

const answer = withProjectSession(
  (req) => {
    const projectId = req.nextUrl.searchParams.get("projectId") ?? "";
    const token = req.nextUrl.searchParams.get("token") ?? "";
    if (!projectId || !token) throw dashboardError.invalidQuery("Pass projectId and token.");
    return { projectId, token };
  },
  async ({ projectId, token }) => {
    const view = await readResult(projectId, token);
    switch (view.state) {
      case "unknown":
        throw clientError.notFound();
      case "expired":
        throw clientError.expired(token);
      case "processing":
        return json({ token, status: "processing" }, 202, { "X-Result-Token": token });
      case "failed":
        return failureResponse(view.code as Parameters<typeof failureResponse>[0], view.error, token);
      case "complete":
        return resultResponse(view.body, view.contentType, {
          "X-Result-Token": token,
          "X-Cache": view.cached ? "hit" : "miss",
          "X-Quota-Cost": String(view.cost),
        });
    }
  },
);
