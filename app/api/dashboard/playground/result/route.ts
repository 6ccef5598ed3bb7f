import type { NextRequest } from "next/server";
import { failureResponse, guard, json, resultResponse } from "@/lib/api/respond";
import { readResult } from "@/lib/store/results";
import { authorizeProject } from "@/lib/dashboard/route-guard";
import { ensureBooted } from "@/lib/server/boot";
import { asInertDownload } from "@/lib/dashboard/inert-answer";

/**
 * The Playground's poll for async jobs: GET ?projectId=…&token=…, answered like GET /result/{token}
 * (202 processing, 200 result, 422 failed, 404, 410) so the page reads both the same way. Every
 * answer is an inert download: this URL is a link a key holder can send an admin.
 */
export function GET(req: NextRequest): Promise<Response> {
  return answer(req).then(asInertDownload);
}

function answer(req: NextRequest): Promise<Response> {
  return guard(async () => {
    await ensureBooted();
    const projectId = req.nextUrl.searchParams.get("projectId") ?? "";
    const token = req.nextUrl.searchParams.get("token") ?? "";
    if (!projectId || !token)
      return json({ error: "invalid_query", message: "Pass projectId and token." }, 400);
    const access = await authorizeProject(projectId, "member");
    if (!access.ok) return access.response;
    const view = await readResult(projectId, token);
    switch (view.state) {
      case "unknown":
        return json({ error: "not_found", message: "No result for this token under this project." }, 404);
      case "expired":
        return json({ error: "expired", message: "This result is older than 30 days.", token }, 410);
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
  });
}
